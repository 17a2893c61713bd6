import type { Rng } from '../core/rng'

/**
 * Draw one action per row from π(a|s) = softmax(logits) with `rng`, writing the action and its
 * log-probability. `logits` is rows × numActions, row-major.
 */
export function sampleActions(
  logits: ArrayLike<number>,
  numActions: number,
  rng: Rng,
  actions: Int32Array,
  logProbs: Float32Array,
  scratch: Float64Array = new Float64Array(numActions),
): void {
  const rows = actions.length
  for (let i = 0; i < rows; i++) {
    const base = i * numActions
    let max = -Infinity
    for (let a = 0; a < numActions; a++) max = Math.max(max, logits[base + a])
    let total = 0
    for (let a = 0; a < numActions; a++) {
      // exp(l_a − max l): softmax numerators, shifted so none overflows
      scratch[a] = Math.exp(logits[base + a] - max)
      total += scratch[a]
    }
    const action = rng.categorical(scratch, 0, numActions)
    actions[i] = action
    // log π(a|s) = (l_a − max l) − log Σ_b exp(l_b − max l)
    logProbs[i] = logits[base + action] - max - Math.log(total)
  }
}

/**
 * The most likely action of each row, a = argmax_a logits (the first of tied ones), with its
 * log-probability: greedy decoding, as ReMax's baseline completion is written.
 */
export function greedyActions(logits: ArrayLike<number>, numActions: number, actions: Int32Array, logProbs: Float32Array): void {
  for (let i = 0; i < actions.length; i++) {
    const base = i * numActions
    let best = 0
    for (let a = 1; a < numActions; a++) if (logits[base + a] > logits[base + best]) best = a
    let total = 0
    // Σ_b exp(l_b − l_best), l_best the largest logit
    for (let a = 0; a < numActions; a++) total += Math.exp(logits[base + a] - logits[base + best])
    actions[i] = best
    logProbs[i] = -Math.log(total)
  }
}
