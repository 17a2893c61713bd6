import { mixInto } from '../core/rewards/mix'
import type { Completions } from './grpoRollout'

/*
 * DAPO's dynamic sampling (Yu et al. 2025): a group whose rewards are all equal has zero advantage
 * and gives no gradient, so draw more rounds of groups and keep only those with signal, until the
 * batch holds as many groups as one round draws or the cap of rounds is reached. verl calls it
 * filter_groups (max_num_gen_batches is the cap); unlike verl, reaching the cap is not an error:
 * the update uses the groups it has, and is skipped when it has none.
 */

/**
 * The groups (of `groupSize` completions each, in order) whose rewards are not all equal. A group
 * of one completion has nothing to be compared with and is kept, as in verl.
 */
export function groupsWithSignal(rewards: ArrayLike<number>, groupSize: number): number[] {
  const kept: number[] = []
  for (let g = 0; g * groupSize < rewards.length; g++) {
    const start = g * groupSize
    let differs = groupSize === 1
    for (let j = start + 1; j < start + groupSize && !differs; j++) differs = rewards[j] !== rewards[start]
    if (differs) kept.push(g)
  }
  return kept
}

/** Some groups of one round's completions. */
export interface GroupPick {
  completions: Completions
  groups: number[]
}

/** The picked groups' completions, one after another, as one batch (tokens repacked, starts recomputed). */
export function joinGroups(picks: GroupPick[], groupSize: number, obsSize: number, K: number): Completions {
  let count = 0
  let tokens = 0
  for (const { completions, groups } of picks) {
    count += groups.length * groupSize
    for (const g of groups) for (let i = g * groupSize; i < (g + 1) * groupSize; i++) tokens += completions.lengths[i]
  }
  // Kept only where the sampler kept them (a process baseline): every round of one batch alike.
  const keepTokenComponents = picks.some(({ completions }) => completions.tokenComponents.length > 0)
  const joined: Completions = {
    count,
    lengths: new Int32Array(count),
    starts: new Int32Array(count),
    tokens,
    obs: new Float32Array(tokens * obsSize),
    actions: new Int32Array(tokens),
    logProbs: new Float32Array(tokens),
    components: new Float64Array(count * K),
    tokenComponents: new Float64Array(keepTokenComponents ? tokens * K : 0),
    objective: new Float64Array(count),
    truncated: new Uint8Array(count),
  }
  let row = 0
  let token = 0
  for (const { completions: from, groups } of picks) {
    for (const g of groups) {
      for (let i = g * groupSize; i < (g + 1) * groupSize; i++, row++) {
        const length = from.lengths[i]
        const start = from.starts[i]
        joined.lengths[row] = length
        joined.starts[row] = token
        joined.obs.set(from.obs.subarray(start * obsSize, (start + length) * obsSize), token * obsSize)
        joined.actions.set(from.actions.subarray(start, start + length), token)
        joined.logProbs.set(from.logProbs.subarray(start, start + length), token)
        joined.components.set(from.components.subarray(i * K, (i + 1) * K), row * K)
        if (keepTokenComponents) joined.tokenComponents.set(from.tokenComponents.subarray(start * K, (start + length) * K), token * K)
        joined.objective[row] = from.objective[i]
        joined.truncated[row] = from.truncated[i]
        token += length
      }
    }
  }
  return joined
}

/** What the rounds of one update drew and what the update keeps. */
export interface DrawnBatch {
  /** The groups with signal the update trains on, at most `groupsWanted` of them. */
  kept: Completions
  groupsKept: number
  /** Where each kept group was drawn, in the order of `kept`: its round (from 0) and its place in that round. */
  keptFrom: { round: number; group: number }[]
  /** Every completion sampled, kept or not: the policy's behaviour, and the steps it cost. */
  sampled: Completions
  groupsDrawn: number
  rounds: number
}

/**
 * Draw rounds (each `drawRound()` samples the same number of groups of `groupSize` under the
 * current policy) until `groupsWanted` groups with signal are collected or `maxRounds` rounds are
 * drawn. Groups beyond `groupsWanted` in the last round are dropped, as verl truncates its batch.
 */
export async function drawGroupsWithSignal(
  drawRound: () => Promise<Completions>,
  weights: Float64Array,
  shape: { groupSize: number; obsSize: number; groupsWanted: number; maxRounds: number },
): Promise<DrawnBatch> {
  const { groupSize, obsSize, groupsWanted, maxRounds } = shape
  const K = weights.length
  const picks: GroupPick[] = []
  const everything: GroupPick[] = []
  const keptFrom: { round: number; group: number }[] = []
  let groupsKept = 0
  let groupsDrawn = 0
  let rounds = 0
  while (groupsKept < groupsWanted && rounds < maxRounds) {
    const completions = await drawRound()
    rounds++
    const groupCount = completions.count / groupSize
    groupsDrawn += groupCount
    everything.push({ completions, groups: Array.from({ length: groupCount }, (_, g) => g) })
    // R_i = Σ_k w_k·C_ik: the mixed reward the advantages are computed from
    const rewards = new Float64Array(completions.count)
    mixInto(weights, completions.components, completions.count, rewards)
    const signal = groupsWithSignal(rewards, groupSize).slice(0, groupsWanted - groupsKept)
    if (signal.length > 0) picks.push({ completions, groups: signal })
    for (const group of signal) keptFrom.push({ round: rounds - 1, group })
    groupsKept += signal.length
  }
  return { kept: joinGroups(picks, groupSize, obsSize, K), groupsKept, keptFrom, sampled: joinGroups(everything, groupSize, obsSize, K), groupsDrawn, rounds }
}
