/**
 * π(·|s) = softmax(l) of one row of logits, in float64: writes numActions probabilities from
 * `into[intoBase]` on and returns log Σ_b exp(l_b), so that log π(a|s) = l_a − that. `into` may
 * be `logits` itself at the same place (each logit is read before its probability is written).
 */
export function softmaxRow(logits: ArrayLike<number>, base: number, numActions: number, into: Float64Array, intoBase: number): number {
  // exp(l_a − max l): shifted by max l so nothing overflows
  let max = -Infinity
  for (let a = 0; a < numActions; a++) max = Math.max(max, logits[base + a])
  let total = 0
  for (let a = 0; a < numActions; a++) {
    const shifted = Math.exp(logits[base + a] - max)
    into[intoBase + a] = shifted
    total += shifted
  }
  for (let a = 0; a < numActions; a++) into[intoBase + a] /= total
  return max + Math.log(total)
}
