/**
 * Explain a mixed reward that is not a finite number: which component of which copy, with which
 * value and weight. Training stops with this message instead of learning from garbage.
 */
export function diagnoseReward(
  reward: number,
  copy: number,
  step: number,
  names: readonly string[],
  weights: ArrayLike<number>,
  components: ArrayLike<number>,
): string {
  const K = names.length
  const where = `mixed reward of copy ${copy} at rollout step ${step} is ${reward}`
  for (let k = 0; k < K; k++) {
    const value = components[copy * K + k]
    if (!Number.isFinite(value)) return `${where}: component "${names[k]}" is ${value} (weight ${weights[k]})`
  }
  for (let k = 0; k < K; k++) {
    const value = components[copy * K + k]
    const term = weights[k] * value
    if (!Number.isFinite(term) || Math.abs(term) > 3.4e38) {
      return `${where}: component "${names[k]}" = ${value} × weight ${weights[k]} overflows`
    }
  }
  const terms = names.map((name, k) => `${name} ${weights[k]} × ${components[copy * K + k]}`).join(', ')
  return `${where}: the weighted sum overflows float32 (${terms})`
}
