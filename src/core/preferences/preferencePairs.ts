import { BradleyTerryFitError } from './fitError'

/*
 * Preference pairs as the fits read them: two feature matrices, row-major (pair × feature), row i
 * of `preferred` preferred to row i of `rejected`.
 */

export interface PreferencePairs {
  readonly count: number
  readonly features: number
  readonly preferred: Float64Array
  readonly rejected: Float64Array
}

/** Row-major (pair × feature) differences d_i = x_preferred − x_rejected: all a linear Bradley–Terry model sees of a pair. */
export interface PreferenceDifferences {
  readonly count: number
  readonly features: number
  readonly values: Float64Array
}

/** d_i = x_w − x_l for every pair; a difference that overflows (1e308 − (−1e308)) is refused, naming the pair and feature. */
export function preferenceDifferences(pairs: PreferencePairs): PreferenceDifferences {
  const { count, features, preferred, rejected } = pairs
  checkShape(pairs)
  const values = new Float64Array(count * features)
  for (let j = 0; j < values.length; j++) {
    values[j] = preferred[j] - rejected[j]
    if (!Number.isFinite(values[j])) {
      const pair = Math.floor(j / features)
      throw new BradleyTerryFitError('overflow', `pair ${pair}: feature ${j - pair * features} of the preferred side minus the rejected side came out as ${values[j]}`)
    }
  }
  return { count, features, values }
}

/** The fraction of pairs whose preferred side scores strictly higher: w·x_w > w·x_l (a tie counts as wrong). */
export function preferenceAccuracy(pairs: PreferencePairs, weights: ArrayLike<number>): number {
  const { count, features, preferred, rejected } = pairs
  checkShape(pairs)
  if (weights.length !== features) throw new Error(`preferenceAccuracy: ${weights.length} weights for ${features} features`)
  if (count === 0) throw new Error('preferenceAccuracy: no pairs')
  let correct = 0
  for (let i = 0; i < count; i++) {
    let preferredScore = 0
    let rejectedScore = 0
    for (let k = 0; k < features; k++) {
      preferredScore += weights[k] * preferred[i * features + k]
      rejectedScore += weights[k] * rejected[i * features + k]
    }
    if (preferredScore > rejectedScore) correct++
  }
  return correct / count
}

function checkShape({ count, features, preferred, rejected }: PreferencePairs): void {
  if (preferred.length !== count * features || rejected.length !== count * features) {
    throw new Error(`preference pairs: ${count} pairs of ${features} features need ${count * features} values per side, got ${preferred.length} and ${rejected.length}`)
  }
}
