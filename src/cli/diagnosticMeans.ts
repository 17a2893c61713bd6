import { RECENT_ITERATIONS } from '../core/run/metrics'

/**
 * One learner diagnostic (GRPO's kl, say) averaged two ways for train's lines: over the iterations
 * of a reporting interval, and over the last RECENT_ITERATIONS iterations of the run, as the
 * recent zero-advantage fraction is. Iterations that do not report it (an update skipped for want
 * of signal) are left out of both. Bounded: a ring of the window's values and one running sum.
 */
export class DiagnosticMeans {
  private intervalSum = 0
  private intervalCount = 0
  private readonly recentValues: Float64Array
  private recentCount = 0
  private recentNext = 0

  constructor(
    readonly name: string,
    readonly window: number = RECENT_ITERATIONS,
  ) {
    this.recentValues = new Float64Array(window)
  }

  add(diagnostics: Record<string, number>): void {
    const value = diagnostics[this.name]
    if (typeof value !== 'number' || !Number.isFinite(value)) return
    this.intervalSum += value
    this.intervalCount += 1
    this.recentValues[this.recentNext] = value
    this.recentNext = (this.recentNext + 1) % this.window
    this.recentCount = Math.min(this.recentCount + 1, this.window)
  }

  /** (1/M)·Σ_m d_m over the M iterations since the previous call that reported it; null when none did. Starts a new interval. */
  takeInterval(): number | null {
    const mean = this.intervalCount > 0 ? this.intervalSum / this.intervalCount : null
    this.intervalSum = 0
    this.intervalCount = 0
    return mean
  }

  /** (1/M)·Σ_m d_m over the last M ≤ window iterations that reported it; null when none did. */
  recent(): number | null {
    if (this.recentCount === 0) return null
    let sum = 0
    for (let slot = 0; slot < this.recentCount; slot++) sum += this.recentValues[slot]
    return sum / this.recentCount
  }
}
