import { checkLayout } from './group'

/*
 * Pass@k advantages by analytical derivation (Chen et al. 2025, "Pass@k Training for Adaptively
 * Balancing Exploration and Exploitation of Large Reasoning Models"). A group of N completions,
 * N_neg of them wrong (reward 0) and the rest right (1), is scored by whether any k of them drawn
 * without replacement is right; the group's mean pass@k reward, its spread and each completion's
 * advantage are then, in closed form:
 *   R̄ = 1 − C(N_neg, k)/C(N, k),  σ = √(R̄(1 − R̄))
 *   A_pos = (1 − R̄)/σ,  A_neg = (1 − R̄ − C(N_neg − 1, k − 1)/C(N − 1, k − 1))/σ
 * With k = 1 this is GRPO's (r − mean)/std with the population std. The paper divides by σ; the
 * authors' code by σ + 1e-6, which `eps` reproduces. Where σ + eps = 0 (every completion right,
 * every one wrong, or fewer than k wrong) both numerators are 0 too, and the advantage is 0.
 */

/** `correct[i]` is 0 or 1; 1 ≤ k ≤ the size of every non-empty group. */
export function passkAdvantages(correct: ArrayLike<number>, groupSizes: ArrayLike<number>, k: number, eps = 0): Float64Array {
  const size = checkLayout('passkAdvantages', correct.length, groupSizes)
  if (!Number.isSafeInteger(k) || k < 1) throw new Error(`passkAdvantages: k must be a whole number of at least 1, got ${k}`)
  if (!(eps >= 0 && Number.isFinite(eps))) throw new Error(`passkAdvantages: eps must be a finite number of at least 0, got ${eps}`)
  const advantages = new Float64Array(size)
  let start = 0
  for (let g = 0; g < groupSizes.length; g++) {
    const n = groupSizes[g]
    if (n === 0) continue
    if (k > n) throw new Error(`passkAdvantages: k = ${k} is more than group ${g}'s ${n} completions`)
    let wrong = 0
    for (let j = start; j < start + n; j++) {
      if (correct[j] !== 0 && correct[j] !== 1) throw new Error(`passkAdvantages: completion ${j} must be 0 (wrong) or 1 (right), got ${correct[j]}`)
      if (correct[j] === 0) wrong++
    }
    // 1 − R̄ = C(N_neg, k)/C(N, k), the chance that k draws are all wrong
    const allWrong = binomialRatio(wrong, n, k)
    // σ = √(R̄(1 − R̄))
    const divisor = Math.sqrt((1 - allWrong) * allWrong) + eps
    // A_pos = (1 − R̄)/σ
    const positive = divisor === 0 ? 0 : allWrong / divisor
    // A_neg = (1 − R̄ − C(N_neg − 1, k − 1)/C(N − 1, k − 1))/σ; a wrong completion exists only where N_neg ≥ 1
    const negative = divisor === 0 || wrong === 0 ? 0 : (allWrong - binomialRatio(wrong - 1, n - 1, k - 1)) / divisor
    for (let j = start; j < start + n; j++) advantages[j] = correct[j] === 1 ? positive : negative
    start += n
  }
  return advantages
}

/** C(a, k)/C(n, k) = Π_{j<k} (a − j)/(n − j) for 0 ≤ a ≤ n, k ≤ n: 0 where a < k, 1 where k = 0. */
function binomialRatio(a: number, n: number, k: number): number {
  if (a < k) return 0
  let ratio = 1
  for (let j = 0; j < k; j++) ratio *= (a - j) / (n - j)
  return ratio
}
