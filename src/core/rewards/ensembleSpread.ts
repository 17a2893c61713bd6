import { membersMean, membersStd } from '../preferences/ensemble'

/*
 * How much a reward-model ensemble's members disagree about what the policy writes: for each item
 * the ensemble scores (a finished completion for an outcome model, a step for a model of steps, a
 * token's step for a process model) the members' population std of their raw scores r_k(x),
 *   σ(x) = √(Σ_k (r_k(x) − r̄(x))²/K),
 * and, per iteration, the mean of σ over every item scored since the last one. Only ensembles of
 * K ≥ 2 members count (one member has no spread to report); several reward-model components pool
 * their items into one mean. It is read from the members' scores the aggregation already computed:
 * no second forward pass.
 */

/** The diagnostic a learner's iteration reports the mean members' std under (the ensemble-disagreement monitor reads it). */
export const ENSEMBLE_STD_DIAGNOSTIC = 'rm_ensemble_std'

/** The members' std of every item scored since the last take, summed and counted. */
export class EnsembleSpread {
  private sum = 0
  private count = 0

  /** Count the members' std of each of the items `members[k][i]` scores (K ≥ 2; fewer members record nothing). */
  addMembers(members: readonly ArrayLike<number>[]): void {
    if (members.length < 2) return
    const items = members[0].length
    for (let i = 0; i < items; i++) {
      const std = membersStd(members, i, membersMean(members, i))
      // A non-finite score pauses the run where it is paid; its spread is never averaged in.
      if (!Number.isFinite(std)) continue
      this.sum += std
      this.count += 1
    }
  }

  /** The mean std, Σ σ / (items counted), of the items since the last take, or null where none was counted; starts counting afresh. */
  take(): number | null {
    const mean = this.count === 0 ? null : this.sum / this.count
    this.sum = 0
    this.count = 0
    return mean
  }
}
