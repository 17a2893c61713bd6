import { describe, expect, it } from 'vitest'
import type { OverOptimisationCurve } from './overOptimisation'
import { overOptimisationVerdict, overOptimisationVerdictText } from './overOptimisationVerdict'

/** A curve of these binned gold and rm values at √KL 0.1, 0.2, … */
function curve(gold: number[], rm: number[]): OverOptimisationCurve {
  return { sqrtKl: gold.map((_, b) => (b + 1) / 10), gold, proxies: { rm }, counts: gold.map(() => 2) }
}

// Gold rose 0.01 → 0.045 (a last bin a little under the best), the proxy flat at 0.
const goldRoseProxyFlat = curve([0.01, 0.02, 0.03, 0.05, 0.045], [0, 0, 0, 0, 0])
// Gold 0.011 → 0 as the proxy rose 7 → 12: the textbook case.
const goldFellProxyRose = curve([0.011, 0.008, 0.004, 0], [7, 9, 11, 12])

describe('overOptimisationVerdict', () => {
  it('gives no verdict when the reward model is weighted 0, however gold and the proxy move', () => {
    expect(overOptimisationVerdict(goldRoseProxyFlat, { rm: 0 })).toEqual({ kind: 'unpaid', unpaid: ['rm'] })
    expect(overOptimisationVerdict(goldFellProxyRose, { rm: 0 })).toEqual({ kind: 'unpaid', unpaid: ['rm'] })
    expect(overOptimisationVerdictText({ kind: 'unpaid', unpaid: ['rm'] }, 10)).toBe('. No verdict: rm is weighted 0, so the policy is not optimising it.')
  })

  it('says over-optimised when a paid reward model’s proxy rose while gold fell from its peak, even a peak at the start', () => {
    const verdict = overOptimisationVerdict(goldFellProxyRose, { rm: 1 })
    expect(verdict).toEqual({ kind: 'overOptimised', peakSqrtKl: 0.1, lastSqrtKl: 0.4, goldPeak: 0.011, goldLast: 0, proxyAtPeak: 7, proxyLast: 12 })
    expect(overOptimisationVerdictText(verdict, 8)).toBe(': gold fell from 0.011 (its best, at √KL 0.10) to 0 (at √KL 0.40) while the proxy rose from 7.0 to 12.0: the reward model is being over-optimised.')
  })

  it('does not say over-optimised when the proxy stayed flat, though gold dipped below its peak', () => {
    const verdict = overOptimisationVerdict(goldRoseProxyFlat, { rm: 1 })
    expect(verdict.kind).toBe('notParted')
    expect(overOptimisationVerdictText(verdict, 10)).toMatch(/no sign of over-optimisation\.$/)
  })

  it('does not say over-optimised when gold kept rising with the proxy, or when gold fell with the proxy', () => {
    expect(overOptimisationVerdict(curve([0.1, 0.2, 0.3, 0.4], [1, 2, 3, 4]), { rm: 1 }).kind).toBe('notParted')
    expect(overOptimisationVerdict(curve([0.4, 0.3, 0.2, 0.1], [4, 3, 2, 1]), { rm: 1 }).kind).toBe('notParted')
  })

  it('reads a fall the other way when lower is better', () => {
    expect(overOptimisationVerdict(curve([5, 3, 2, 6], [1, 2, 3, 4]), { rm: 1 }, false).kind).toBe('overOptimised')
    expect(overOptimisationVerdict(curve([5, 3, 2, 6], [1, 2, 3, 4]), { rm: 1 }, true).kind).toBe('notParted')
  })

  it('sums only the paid reward models into the proxy, and waits for three bins', () => {
    const two: OverOptimisationCurve = { ...goldFellProxyRose, proxies: { rm: [7, 9, 11, 12], rm2: [9, 6, 3, 0] } }
    expect(overOptimisationVerdict(two, { rm: 1, rm2: 0 }).kind).toBe('overOptimised')
    // rm2 paid too: the paid proxy is flat at 16, 15, 14, 12 — it fell
    expect(overOptimisationVerdict(two, { rm: 1, rm2: 1 }).kind).toBe('notParted')
    expect(overOptimisationVerdict(curve([0.2, 0.1], [1, 2]), { rm: 1 })).toEqual({ kind: 'tooFew' })
  })
})
