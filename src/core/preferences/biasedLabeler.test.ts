import { describe, expect, it } from 'vitest'
import { END, THINK } from '../envs/tokenseq'
import { Rng } from '../rng'
import { biasFeature, checkLabelerBiases, labelerScore, labelTokenPair, type LabelerBias } from './biasedLabeler'
import { drawPreference } from './labeler'
import type { TokenCompletion } from './tokenFeatures'

/*
 * For 3 + 4: a = "7 end" (gold 1, 2 tokens, well-formed, no 0), b = "think think 0 7 end" (gold 0:
 * a leading zero; 5 tokens, not well-formed, one 0).
 */
const a: TokenCompletion = { prompt: [3, 4], tokens: [7, END], maxLength: 8 }
const b: TokenCompletion = { prompt: [3, 4], tokens: [THINK, THINK, 0, 7, END], maxLength: 8 }
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

function probability(temperature: number, biases: LabelerBias[]): number {
  return labelTokenPair(a, b, temperature, biases, new Rng(1)).probability
}

describe('the biased labeler', () => {
  it('scores by the gold alone without a bias: P(a ≻ b) = σ((1 − 0)/T)', () => {
    expect(labelerScore(a, [])).toBe(1)
    expect(labelerScore(b, [])).toBe(0)
    expect(probability(1, [])).toBeCloseTo(sigmoid(1), 15)
    expect(probability(1, [])).toBeCloseTo(0.7310585786, 10)
    expect(probability(0, [])).toBe(1)
  })

  it('adds each bias as its own term w·f: length per token, format, a token’s count', () => {
    expect([a, b].map((c) => biasFeature({ kind: 'length', weight: 1 }, c))).toEqual([2, 5])
    expect([a, b].map((c) => biasFeature({ kind: 'format', weight: 1 }, c))).toEqual([1, 0])
    expect([a, b].map((c) => biasFeature({ kind: 'token', token: 0, weight: 1 }, c))).toEqual([0, 1])
    expect([a, b].map((c) => biasFeature({ kind: 'token', token: THINK, weight: 1 }, c))).toEqual([0, 2])
    // length 0.25: s_a = 1 + 0.5 = 1.5, s_b = 0 + 1.25; T = 0.5: σ(0.25/0.5) = σ(0.5) ≈ 0.62246
    expect(probability(0.5, [{ kind: 'length', weight: 0.25 }])).toBeCloseTo(sigmoid(0.5), 15)
    expect(probability(0.5, [{ kind: 'length', weight: 0.25 }])).toBeCloseTo(0.6224593312, 10)
    // format 1: s_a = 2, s_b = 0; T = 1: σ(2) ≈ 0.88080
    expect(probability(1, [{ kind: 'format', weight: 1 }])).toBeCloseTo(0.8807970780, 10)
    // token:0 = 2: s_b = 2; T = 1: σ(1 − 2) ≈ 0.26894
    expect(probability(1, [{ kind: 'token', token: 0, weight: 2 }])).toBeCloseTo(0.2689414214, 10)
    // All three, T = 2: s_a = 1 + 0.5 + 1 + 0 = 2.5, s_b = 0 + 1.25 + 0 + 2 = 3.25; σ(−0.75/2) = 1/(1 + e^0.375) ≈ 0.40733
    const all: LabelerBias[] = [
      { kind: 'length', weight: 0.25 },
      { kind: 'format', weight: 1 },
      { kind: 'token', token: 0, weight: 2 },
    ]
    expect(labelerScore(a, all)).toBe(2.5)
    expect(labelerScore(b, all)).toBe(3.25)
    expect(probability(2, all)).toBeCloseTo(1 / (1 + Math.exp(0.375)), 15)
    expect(probability(2, all)).toBeCloseTo(0.4073334, 7)
  })

  it('at T = 0 picks the higher score, and a tie at 1/2', () => {
    // A length bias of −1 per token: s_a = 1 − 2 = −1, s_b = −5
    expect(probability(0, [{ kind: 'length', weight: -1 }])).toBe(1)
    // 1 per 0 token: s_b = 0 + 1 = s_a, a tie; 1.5 per 0 token: s_b = 1.5 > s_a
    expect(probability(0, [{ kind: 'token', token: 0, weight: 1 }])).toBe(0.5)
    expect(probability(0, [{ kind: 'token', token: 0, weight: 1.5 }])).toBe(0)
  })

  it('draws the label with one uniform, as the stage-1 labeler does', () => {
    for (let seed = 0; seed < 50; seed++) {
      const biases: LabelerBias[] = [{ kind: 'length', weight: 0.25 }]
      const rng = new Rng(seed)
      const { label } = labelTokenPair(a, b, 0.5, biases, rng)
      const twin = new Rng(seed)
      expect(label).toBe(drawPreference(1.5, 1.25, 0.5, twin))
      // Both drew exactly one uniform
      expect(rng.uniform()).toBe(twin.uniform())
    }
  })

  it.each([
    [[{ kind: 'length', weight: 1 }, { kind: 'length', weight: 2 }], 'the labeler bias length is given twice'],
    [[{ kind: 'token', token: 7, weight: 1 }, { kind: 'token', token: 7, weight: 2 }], 'the labeler bias token:7 is given twice'],
    [[{ kind: 'format', weight: 1001 }], 'the labeler bias format must weigh a finite number from -1000 to 1000, got 1001'],
    [[{ kind: 'format', weight: NaN }], 'the labeler bias format must weigh a finite number from -1000 to 1000, got NaN'],
    [[{ kind: 'token', token: 12, weight: 1 }], 'token:12 names no token; accepted: token:0 … token:9 (digits), token:10 (think), token:11 (end)'],
  ] as [LabelerBias[], string][])('refuses the biases %j', (biases, message) => {
    expect(() => checkLabelerBiases(biases)).toThrow(message)
    expect(() => labelTokenPair(a, b, 1, biases, new Rng(1))).toThrow(message)
  })
})
