import type { GroupEstimator } from '../credit/estimatorSchema'
import { pearson } from '../pearson'
import { componentCredit } from './componentCredit'
import { rolloutAdvantages, type RolloutAdvantages } from './rolloutAdvantages'
import type { RolloutTable } from './rolloutTable'
import { stepBatch, type StepBatch } from './stepBatch'

/*
 * A design's figures over a rollout file, per step and over the whole file, from the counted
 * completions of the counted groups (rolloutAdvantages):
 *   groups, completions   how many count
 *   silentGroups          groups whose rewards R_i are all equal (no signal under a group centre)
 *   zeroAdvantageShare    the share of completions whose advantage is exactly 0
 *   components            per component: its mean c̄_k over the completions it applies to, and
 *                         its share of the credit, Σ_i credit_ik / Σ_i Σ_j credit_ij
 *                         (componentCredit.ts; null where no credit is attributed)
 *   advantageLengthCorrelation  Pearson's r of A_i with the characters of completion i (null
 *                         under two completions or without spread)
 *   advantageTokenCorrelation   Pearson's r of A_i with the tokens of completion i, over the
 *                         completions whose record gives them (null under two such completions,
 *                         without spread, or where no record gives tokens)
 */

export interface ComponentFigures {
  mean: number | null
  creditShare: number | null
}

export interface RolloutFigures {
  groups: number
  completions: number
  silentGroups: number
  zeroAdvantageShare: number | null
  /** One per component, in the table's order. */
  components: ComponentFigures[]
  advantageLengthCorrelation: number | null
  advantageTokenCorrelation: number | null
}

export interface RolloutSummary {
  steps: { step: number | null; figures: RolloutFigures }[]
  whole: RolloutFigures
}

/** `computed`: the design's rolloutAdvantages of the same table, where the caller has them already. */
export function rolloutSummary(table: RolloutTable, weights: ArrayLike<number>, estimator: GroupEstimator, computed: RolloutAdvantages = rolloutAdvantages(table, weights, estimator)): RolloutSummary {
  const { rewards, advantages } = computed
  const whole = new FigureSums(table.names.length)
  const steps = table.steps.map((step, s) => {
    const sums = new FigureSums(table.names.length)
    const batch = stepBatch(table, s)
    const rowAdvantages = Float64Array.from(batch.order, (completion) => advantages[completion])
    sums.add(table, batch, Float64Array.from(batch.order, (completion) => rewards[completion]), rowAdvantages, componentCredit(batch, weights, estimator, rowAdvantages))
    whole.merge(sums)
    return { step, figures: sums.figures() }
  })
  return { steps, whole: whole.figures() }
}

/** The sums the figures of a set of completions come from; two sets merge by adding them. */
class FigureSums {
  groups = 0
  silentGroups = 0
  zeros = 0
  readonly componentSums: Float64Array
  readonly componentCounts: Float64Array
  readonly credit: Float64Array
  advantages: number[] = []
  lengths: number[] = []
  /** The advantages and lengths in tokens of the completions whose record gives them. */
  tokenAdvantages: number[] = []
  tokens: number[] = []

  constructor(K: number) {
    this.componentSums = new Float64Array(K)
    this.componentCounts = new Float64Array(K)
    this.credit = new Float64Array(K)
  }

  add(table: RolloutTable, batch: StepBatch, rewards: Float64Array, advantages: Float64Array, credit: Float64Array): void {
    const K = this.credit.length
    let start = 0
    for (const size of batch.groupSizes) {
      this.groups++
      let equal = true
      for (let i = start + 1; i < start + size; i++) if (rewards[i] !== rewards[start]) equal = false
      if (equal) this.silentGroups++
      start += size
    }
    batch.order.forEach((completion, row) => {
      if (advantages[row] === 0) this.zeros++
      this.advantages.push(advantages[row])
      this.lengths.push(table.lengths[completion])
      const tokens = table.tokenLengths?.[completion] ?? -1
      if (tokens >= 0) {
        this.tokenAdvantages.push(advantages[row])
        this.tokens.push(tokens)
      }
      for (let k = 0; k < K; k++) {
        if (batch.applies[row * K + k] === 0) continue
        this.componentSums[k] += batch.components[row * K + k]
        this.componentCounts[k]++
      }
    })
    for (let k = 0; k < K; k++) this.credit[k] += credit[k]
  }

  merge(other: FigureSums): void {
    this.groups += other.groups
    this.silentGroups += other.silentGroups
    this.zeros += other.zeros
    for (let k = 0; k < this.credit.length; k++) {
      this.componentSums[k] += other.componentSums[k]
      this.componentCounts[k] += other.componentCounts[k]
      this.credit[k] += other.credit[k]
    }
    for (const value of other.advantages) this.advantages.push(value)
    for (const value of other.lengths) this.lengths.push(value)
    for (const value of other.tokenAdvantages) this.tokenAdvantages.push(value)
    for (const value of other.tokens) this.tokens.push(value)
  }

  figures(): RolloutFigures {
    return rolloutFigures({ groups: this.groups, silentGroups: this.silentGroups, zeros: this.zeros, componentSums: this.componentSums, componentCounts: this.componentCounts, credit: this.credit, advantages: this.advantages, lengths: this.lengths, tokenAdvantages: this.tokenAdvantages, tokens: this.tokens })
  }
}

/** The sums a set of completions' figures come from (the page's worker keeps its own, faster, and meets here). */
export interface FigureTotals {
  groups: number
  silentGroups: number
  zeros: number
  componentSums: ArrayLike<number>
  componentCounts: ArrayLike<number>
  credit: ArrayLike<number>
  /** A_i and the characters of each counted completion; A_i and the tokens of those with a token count. */
  advantages: ArrayLike<number>
  lengths: ArrayLike<number>
  tokenAdvantages: ArrayLike<number>
  tokens: ArrayLike<number>
}

export function rolloutFigures(totals: FigureTotals): RolloutFigures {
  const { advantages, credit, componentSums, componentCounts } = totals
  const completions = advantages.length
  let credited = 0
  for (let k = 0; k < credit.length; k++) credited += credit[k]
  return {
    groups: totals.groups,
    completions,
    silentGroups: totals.silentGroups,
    zeroAdvantageShare: completions === 0 ? null : totals.zeros / completions,
    components: Array.from(credit, (share, k) => ({
      // c̄_k = Σ c_ik / (completions k applies to)
      mean: componentCounts[k] === 0 ? null : componentSums[k] / componentCounts[k],
      // share_k = Σ_i credit_ik / Σ_i Σ_j credit_ij
      creditShare: credited === 0 ? null : share / credited,
    })),
    advantageLengthCorrelation: pearson(totals.advantages, totals.lengths),
    advantageTokenCorrelation: pearson(totals.tokenAdvantages, totals.tokens),
  }
}
