import { softmaxRow } from '../core/softmax'

/**
 * Every row's π(·|s) (rows × numActions), the log-probability of each row's action, each row's
 * entropy H_i = −Σ_a π(a|s_i)·log π(a|s_i) and their mean over the rows.
 */
export function actionLogProbs(
  logits: ArrayLike<number>,
  actions: ArrayLike<number>,
  numActions: number,
): { probabilities: Float64Array; logProbs: Float64Array; entropies: Float64Array; entropy: number } {
  const rows = actions.length
  const probabilities = new Float64Array(rows * numActions)
  const logProbs = new Float64Array(rows)
  const entropies = new Float64Array(rows)
  // The mean runs over every term in turn, as it did before the rows' own entropies were kept, so it stays bit for bit.
  let entropy = 0
  for (let i = 0; i < rows; i++) {
    const base = i * numActions
    const logTotal = softmaxRow(logits, base, numActions, probabilities, base)
    let rowEntropy = 0
    // log π(a|s) = l_a − log Σ_b exp(l_b)
    for (let a = 0; a < numActions; a++) {
      const term = probabilities[base + a] * (logits[base + a] - logTotal)
      entropy -= term
      rowEntropy -= term
    }
    entropies[i] = rowEntropy
    logProbs[i] = logits[base + actions[i]] - logTotal
  }
  return { probabilities, logProbs, entropies, entropy: rows === 0 ? 0 : entropy / rows }
}

/**
 * ∂L/∂l from ∂L/∂log π(a_i|s_i) of each row (`slopes`), through the log-softmax:
 *   ∂ log π(a|s) / ∂l_b = 1[b = a] − π(b|s)
 */
export function logitsGradient(probabilities: Float64Array, actions: ArrayLike<number>, numActions: number, slopes: ArrayLike<number>): Float32Array {
  const rows = actions.length
  const gradient = new Float32Array(rows * numActions)
  for (let i = 0; i < rows; i++) {
    const slope = slopes[i]
    if (slope === 0) continue
    const base = i * numActions
    for (let b = 0; b < numActions; b++) gradient[base + b] = slope * ((b === actions[i] ? 1 : 0) - probabilities[base + b])
  }
  return gradient
}
