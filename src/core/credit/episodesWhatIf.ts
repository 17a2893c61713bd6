import { PAID_BY_ONE_MIX, PAID_BY_OTHER_COMPONENTS, type RecentEpisodes } from '../run/metrics'
import { ownValue } from '../reservedNames'

/** The run's recent episodes re-scored under other weights. */
export interface EpisodesWhatIf {
  /** The recent episodes that could be re-scored: those paid under the components now (`names`). */
  rescored: number
  /** Their mean return under the weights given; null when none could be. */
  meanReturn: number | null
  /** Σ_j w'_k·S_j,k over those episodes, per component: each one's part of their return. */
  contributions: Record<string, number>
}

/**
 * Re-score whole recent episodes under weights w' (missing names count as 0). The mix pays
 * r_t = Σ_k w_k·c_k,t, so an episode paid throughout by one set of weights w returns, under w',
 *   R_j = G_j + Σ_k (w'_k − w_k)·S_j,k,   S_j,k = Σ_t c_k,t,
 * which is G_j itself, the return the run counted, bit for bit, when w' = w. One whose weights
 * changed as it ran returns Σ_k w'_k·S_j,k. One paid (in part) under other components is left out,
 * and so is every one when `names` is not the list its sums were kept under (a change not yet seen
 * by a finished episode). The mean sums the episodes in the order the run's recent return does.
 */
export function whatIfRecentEpisodes(recent: RecentEpisodes, names: readonly string[], weights: Record<string, number>): EpisodesWhatIf {
  const K = recent.numComponents
  const sameComponents = K === names.length
  const w = names.map((name) => ownValue(weights, name) ?? 0)
  const parts = new Float64Array(K)
  let rescored = 0
  let total = 0
  for (let j = 0; sameComponents && j < recent.count; j++) {
    const paid = recent.paid[j]
    if (paid === PAID_BY_OTHER_COMPONENTS) continue
    const at = j * K
    let change = 0
    let whole = 0
    for (let k = 0; k < K; k++) {
      const sum = recent.componentSums[at + k]
      change += (w[k] - recent.weights[at + k]) * sum
      whole += w[k] * sum
      parts[k] += w[k] * sum
    }
    total += paid === PAID_BY_ONE_MIX ? recent.returns[j] + change : whole
    rescored += 1
  }
  const contributions = Object.fromEntries(names.map((name, k) => [name, sameComponents ? parts[k] : 0]))
  return { rescored, meanReturn: rescored > 0 ? total / rescored : null, contributions }
}
