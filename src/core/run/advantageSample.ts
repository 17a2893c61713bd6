import { ADVANTAGE_SAMPLE } from './trainer'

/**
 * An evenly strided sample of at most `max` advantages, for the histogram: every value when there
 * are few, else every ⌈n / max⌉-th one. A fresh array the worker may transfer.
 */
export function sampleAdvantages(advantages: ArrayLike<number>, max = ADVANTAGE_SAMPLE): Float32Array {
  const stride = Math.max(1, Math.ceil(advantages.length / max))
  const sample = new Float32Array(Math.ceil(advantages.length / stride))
  for (let i = 0, j = 0; i < advantages.length; i += stride, j++) sample[j] = advantages[i]
  return sample
}
