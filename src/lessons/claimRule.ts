import type { Relation } from './claims'

/** What decided a claim: the per-seed margins by which it held (positive: held) and the rule's three tests. */
export interface ClaimVerdict {
  holds: boolean
  /** margin_i per seed, in the claim's direction (see judgeClaim). */
  margins: number[]
  meanMargin: number
  /** Standard error of the mean margin: std(margins) / √K, std with Bessel's correction. */
  standardError: number
  /** Seeds on which the relation held. */
  seedsHolding: number
  seeds: number
  /** Which test failed, in words; null when the claim holds. */
  failure: string | null
}

/**
 * Whether a claim holds over K seeds, not on one lucky seed. With x_i the variant's figure on seed i
 * and y_i the compared variant's on the same seed, the margin is
 *   atLeast v: x_i − v     atMost v: v − x_i     above: x_i − y_i     below: y_i − x_i
 * and the claim holds when all three hold:
 *   1. the mean margin m̄ is ≥ 0 for a bound (inclusive), > 0 for a comparison (strict);
 *   2. m̄ ≥ 2·SE, SE = s/√K with s the margins' sample standard deviation (a bound met with no
 *      spread at all, m̄ = SE = 0, passes; a comparison needs m̄ > 2·SE);
 *   3. the relation holds seed by seed (margin ≥ 0 for a bound, > 0 for a comparison) on at least
 *      K − 1 of the K seeds.
 * A seed without the figure (NaN) fails the claim; `missing` says why a run can lack it.
 */
export function judgeClaim(relation: Relation, values: readonly number[], compared: readonly number[] = [], missing: string = 'no episode finished within the budget'): ClaimVerdict {
  const seeds = values.length
  if (seeds < 2) throw new Error(`a claim needs at least 2 seeds to be judged, got ${seeds}`)
  const strict = relation.kind === 'above' || relation.kind === 'below'
  if (strict && compared.length !== seeds) throw new Error(`the compared variant has ${compared.length} seeds, not ${seeds}`)
  const margins = values.map((x, i) => {
    switch (relation.kind) {
      case 'atLeast':
        return x - relation.value
      case 'atMost':
        return relation.value - x
      case 'above':
        return x - compared[i]
      case 'below':
        return compared[i] - x
    }
  })
  const meanMargin = margins.reduce((sum, m) => sum + m, 0) / seeds
  // s = √(Σ(m_i − m̄)²/(K − 1)); SE = s/√K
  const variance = margins.reduce((sum, m) => sum + (m - meanMargin) ** 2, 0) / (seeds - 1)
  const standardError = Math.sqrt(variance / seeds)
  const seedsHolding = margins.filter((m) => (strict ? m > 0 : m >= 0)).length
  let failure: string | null = null
  const lacking = margins.filter((m) => !Number.isFinite(m)).length
  if (lacking > 0) failure = `no figure on ${lacking} of ${seeds} seeds (${missing})`
  else if (strict ? !(meanMargin > 0) : !(meanMargin >= 0)) failure = 'the means go the other way'
  else if (strict ? !(meanMargin > 2 * standardError) : !(meanMargin >= 2 * standardError)) failure = `the mean margin ${round(meanMargin)} is within twice its standard error (${round(standardError)})`
  else if (seedsHolding < seeds - 1) failure = `it holds on only ${seedsHolding} of ${seeds} seeds (needs ${seeds - 1})`
  return { holds: failure === null, margins, meanMargin, standardError, seedsHolding, seeds, failure }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}
