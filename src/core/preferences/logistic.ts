/*
 * The logistic function and its logarithm, computed so that no argument overflows: every formula
 * of preference learning (Bradley–Terry, the simulated labeler, DPO) goes through these.
 */

/** σ(z) = 1/(1 + e^(−z)); for z < 0 as e^z/(1 + e^z), so that e^(−z) is never formed for a large −z. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z))
  const e = Math.exp(z)
  return e / (1 + e)
}

/**
 * softplus(x) = log(1 + e^x) = max(x, 0) + log1p(e^(−|x|)): the exponential is at most 1, so
 * x = ±1e3 (or ±Infinity) gives x (or 0) instead of overflowing, and log1p keeps e^(−|x|) ≪ 1 exact.
 */
export function softplus(x: number): number {
  return Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)))
}

/** log σ(z) = −softplus(−z). */
export function logSigmoid(z: number): number {
  return -softplus(-z)
}
