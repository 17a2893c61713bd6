/**
 * Exponential moving average with bias correction (as TensorBoard smooths curves):
 *   m_t = α·m_{t−1} + (1 − α)·x_t,  m_0 = 0,  s_t = m_t / (1 − α^t)
 * α = 0 returns the values unchanged; non-finite values are passed through and skipped.
 */
export function smooth(values: readonly number[], alpha: number): number[] {
  if (alpha <= 0) return values.slice()
  const out: number[] = []
  let moving = 0
  let weight = 0
  for (const value of values) {
    if (!Number.isFinite(value)) {
      out.push(value)
      continue
    }
    moving = alpha * moving + (1 - alpha) * value
    weight = alpha * weight + (1 - alpha)
    out.push(moving / weight)
  }
  return out
}
