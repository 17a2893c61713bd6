import { describe, expect, it } from 'vitest'
import { samplerCorrectionWeights, samplerMismatch, type SamplerCorrection } from './offPolicyCorrection'

// Two sequences: tokens (π_old, π_s) = (0.5, 0.25), (0.2, 0.4) and (0.8, 0.2), so the token ratios
// ρ = π_old/π_s are 2, 0.5 and 4, and the sequence ratios ρ_1 = 2·0.5 = 1 and ρ_2 = 4.
const learner = [Math.log(0.5), Math.log(0.2), Math.log(0.8)]
const sampler = [Math.log(0.25), Math.log(0.4), Math.log(0.2)]
const lengths = [2, 1]

function weightsOf(correction: SamplerCorrection) {
  const { weights, correctedFraction } = samplerCorrectionWeights(learner, sampler, lengths, correction)
  return { weights: Array.from(weights), correctedFraction }
}

function expectClose(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(expected.length)
  actual.forEach((value, i) => expect(value).toBeCloseTo(expected[i], 12))
}

describe('samplerCorrectionWeights', () => {
  it('token_truncate is TIS: min(ρ, C_max), and clamp(ρ, C_min, C_max) with a floor', () => {
    // min(2, 3), min(0.5, 3), min(4, 3): only the last changes
    const capped = weightsOf({ mode: 'token_truncate', clipMin: null, clipMax: 3 })
    expectClose(capped.weights, [2, 0.5, 3])
    expect(capped.correctedFraction).toBeCloseTo(1 / 3, 12)
    // clamp(0.5, 1, 3) = 1 as well
    const clamped = weightsOf({ mode: 'token_truncate', clipMin: 1, clipMax: 3 })
    expectClose(clamped.weights, [2, 1, 3])
    expect(clamped.correctedFraction).toBeCloseTo(2 / 3, 12)
  })

  it('token_mask keeps ρ inside [C_min, C_max] and zeroes the rest (IcePop’s band)', () => {
    // 2 ∈ [0.6, 3]; 0.5 < 0.6 and 4 > 3 are masked
    const masked = weightsOf({ mode: 'token_mask', clipMin: 0.6, clipMax: 3 })
    expectClose(masked.weights, [2, 0, 0])
    expect(masked.correctedFraction).toBeCloseTo(2 / 3, 12)
    // no lower bound: only 4 leaves
    expectClose(weightsOf({ mode: 'token_mask', clipMin: null, clipMax: 3 }).weights, [2, 0.5, 0])
  })

  it('the sequence modes weigh every token by ρ_i = exp(Σ log ρ_t)', () => {
    // ρ_1 = 1 on both tokens of the first sequence, ρ_2 = 4 truncated to 3
    const truncated = weightsOf({ mode: 'sequence_truncate', clipMin: null, clipMax: 3 })
    expectClose(truncated.weights, [1, 1, 3])
    expect(truncated.correctedFraction).toBeCloseTo(1 / 3, 12)
    // ρ_2 = 4 outside [0.5, 3]: the whole second sequence weighs 0
    expectClose(weightsOf({ mode: 'sequence_mask', clipMin: 0.5, clipMax: 3 }).weights, [1, 1, 0])
    // with C_max 0.9 the first sequence (ρ_1 = 1) is masked, both its tokens counted
    const first = weightsOf({ mode: 'sequence_mask', clipMin: null, clipMax: 0.9 })
    expectClose(first.weights, [0, 0, 0])
    expect(first.correctedFraction).toBe(1)
  })

  it('an identical sampler gives weight 1 and corrects nothing', () => {
    const { weights, correctedFraction } = samplerCorrectionWeights(learner, learner, lengths, { mode: 'token_mask', clipMin: 0.5, clipMax: 2 })
    expect(Array.from(weights)).toEqual([1, 1, 1])
    expect(correctedFraction).toBe(0)
  })

  it('refuses layouts that do not add up', () => {
    expect(() => samplerCorrectionWeights(learner, sampler.slice(1), lengths, { mode: 'token_truncate', clipMin: null, clipMax: 3 })).toThrow('3 learner log-probabilities, 2 sampler ones')
    expect(() => samplerCorrectionWeights(learner, sampler, [1, 1], { mode: 'token_truncate', clipMin: null, clipMax: 3 })).toThrow('add up to 2, not the 3 tokens')
  })
})

describe('samplerMismatch', () => {
  it('the ratio’s mean and max, and the k3 KL of the sampler to the learner', () => {
    const gap = samplerMismatch(learner, sampler)
    // (2 + 0.5 + 4)/3 = 6.5/3
    expect(gap.ratioMean).toBeCloseTo(6.5 / 3, 12)
    expect(gap.ratioMax).toBeCloseTo(4, 12)
    // Σ ρ − log ρ − 1 = (1 − ln 2) + (−0.5 + ln 2) + (3 − 2 ln 2) = 3.5 − 2 ln 2 ≈ 2.113706, over 3 tokens ≈ 0.704569
    expect(gap.klK3).toBeCloseTo((3.5 - 2 * Math.LN2) / 3, 12)
    expect(gap.klK3).toBeCloseTo(0.704569, 6)
  })

  it('is ratio 1 and KL 0 when the sampler is the learner, and zeros for no token', () => {
    expect(samplerMismatch(learner, learner)).toEqual({ ratioMean: 1, ratioMax: 1, klK3: 0 })
    expect(samplerMismatch([], [])).toEqual({ ratioMean: 0, ratioMax: 0, klK3: 0 })
  })
})
