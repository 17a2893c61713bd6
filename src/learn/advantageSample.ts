import { ADVANTAGE_SAMPLE } from '../core/run/trainer'

/**
 * The advantages an iteration reports for the histogram: all of them when there are at most
 * `limit`, else `limit` evenly spaced ones (index ⌊j·count/limit⌋), so that the picture keeps the
 * batch's shape without drawing randomness the run's seed would have to account for.
 */
export function sampleAdvantages(values: ArrayLike<number>, limit: number = ADVANTAGE_SAMPLE): Float32Array {
  const count = values.length
  if (count <= limit) return Float32Array.from(values)
  const sample = new Float32Array(limit)
  for (let j = 0; j < limit; j++) sample[j] = values[Math.floor((j * count) / limit)]
  return sample
}

/** Fraction of values that are exactly 0: samples that contribute no policy gradient. */
export function zeroFraction(values: ArrayLike<number>): number {
  if (values.length === 0) return 0
  let zeros = 0
  for (let j = 0; j < values.length; j++) if (values[j] === 0) zeros++
  return zeros / values.length
}
