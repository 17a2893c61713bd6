/**
 * Pearson's correlation of two samples of equal length:
 *   r = Σ_i (x_i − x̄)(y_i − ȳ) / √(Σ_i (x_i − x̄)² · Σ_i (y_i − ȳ)²)
 * null where it is undefined: fewer than two pairs, or either sample without spread.
 */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  if (x.length !== y.length) throw new Error(`pearson: ${x.length} x values but ${y.length} y values`)
  const n = x.length
  if (n < 2 || allEqual(x) || allEqual(y)) return null
  let xSum = 0
  let ySum = 0
  for (let i = 0; i < n; i++) {
    xSum += x[i]
    ySum += y[i]
  }
  const xMean = xSum / n
  const yMean = ySum / n
  let cross = 0
  let xSquares = 0
  let ySquares = 0
  for (let i = 0; i < n; i++) {
    const dx = x[i] - xMean
    const dy = y[i] - yMean
    cross += dx * dy
    xSquares += dx * dx
    ySquares += dy * dy
  }
  // Rounding may carry |r| a hair past 1.
  return Math.max(-1, Math.min(1, cross / Math.sqrt(xSquares * ySquares)))
}

/** Whether every value is the first (a mean of equal values may round away from them: no spread is tested so). */
function allEqual(values: ArrayLike<number>): boolean {
  for (let i = 1; i < values.length; i++) if (values[i] !== values[0]) return false
  return true
}
