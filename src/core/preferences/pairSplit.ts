import type { Rng } from '../rng'

/*
 * Which pairs a reward model is fitted on and which it is judged on, and the bootstrap samples an
 * ensemble's members are fitted on. Every draw comes from the Rng handed in, so a seed gives the
 * same split and the same samples every time.
 */

export interface PairSplit {
  /** Ascending pair indices. */
  train: Int32Array
  heldOut: Int32Array
}

/**
 * ⌊fraction·count⌋ pairs held out, chosen uniformly (a Fisher–Yates shuffle of 0 … count − 1, whose
 * first ones are held out), the rest for training: with fraction < 1 at least one pair trains.
 */
export function holdOutPairs(count: number, fraction: number, rng: Rng): PairSplit {
  if (!(Number.isInteger(count) && count >= 1)) throw new Error(`holdOutPairs: needs a whole number of pairs, at least 1, got ${count}`)
  if (!(fraction >= 0 && fraction < 1)) throw new Error(`holdOutPairs: the held-out fraction must be at least 0 and below 1, got ${fraction}`)
  const order = Int32Array.from({ length: count }, (_, i) => i)
  rng.shuffle(order)
  // The 1e-9 lets 0.29·100 (28.999999999999996 in double precision) hold out 29; at least one pair still trains.
  const heldOutCount = Math.min(count - 1, Math.floor(fraction * count + 1e-9))
  return { heldOut: order.slice(0, heldOutCount).sort(), train: order.slice(heldOutCount).sort() }
}

/** A bootstrap sample: as many draws as `indices` holds, uniformly with replacement. */
export function bootstrapSample(indices: Int32Array, rng: Rng): Int32Array {
  const sample = new Int32Array(indices.length)
  for (let j = 0; j < sample.length; j++) sample[j] = indices[rng.int(indices.length)]
  return sample
}
