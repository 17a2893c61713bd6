import { describe, expect, it } from 'vitest'
import { Rng } from '../core/rng'
import { greedyActions, sampleActions, sampleActionsWith } from './sampleActions'

describe('greedyActions', () => {
  it('picks each row’s largest logit, the first of tied ones, with log π of it', () => {
    const actions = new Int32Array(3)
    const logProbs = new Float32Array(3)
    greedyActions([0, 2, 1, 5, 5, -1, 0, 0, 0], 3, actions, logProbs)
    expect(Array.from(actions)).toEqual([1, 0, 0])
    // log π = −log Σ_b exp(l_b − l_max): row 0 −log(1 + e^−2 + e^−1), row 1 −log(2 + e^−6), row 2 −log 3
    expect(logProbs[0]).toBeCloseTo(-Math.log(1 + Math.exp(-2) + Math.exp(-1)), 6)
    expect(logProbs[1]).toBeCloseTo(-Math.log(2 + Math.exp(-6)), 6)
    expect(logProbs[2]).toBeCloseTo(-Math.log(3), 6)
  })
})

describe('sampleActionsWith', () => {
  const draw = (logits: number[], settings: { temperature: number; topP: number; logitNoise: number }, rows: number, seed = 1) => {
    const actions = new Int32Array(rows)
    const logProbs = new Float32Array(rows)
    const row = logits.length
    const tiled = Array.from({ length: rows * row }, (_, j) => logits[j % row])
    sampleActionsWith(tiled, row, settings, new Rng(seed), settings.logitNoise > 0 ? new Rng(seed + 1) : null, actions, logProbs)
    return { actions: Array.from(actions), logProbs: Array.from(logProbs) }
  }

  it('divides the logits by T: logits (0, ln 4, ln 16) at T = 2 are probabilities (1, 2, 4)/7', () => {
    const { actions, logProbs } = draw([0, Math.log(4), Math.log(16)], { temperature: 2, topP: 1, logitNoise: 0 }, 50)
    const expected = [1 / 7, 2 / 7, 4 / 7]
    actions.forEach((action, i) => expect(logProbs[i]).toBeCloseTo(Math.log(expected[action]), 6))
    expect(new Set(actions).size).toBe(3)
  })

  it('top-p keeps the likeliest actions until their mass reaches p and renormalises: (1, 2, 5)/8 at p = 0.7 is (0, 2/7, 5/7)', () => {
    // ranked 5/8 (mass above 0 < 0.7: kept), 2/8 (above 0.625 < 0.7: kept), 1/8 (above 0.875: dropped)
    const { actions, logProbs } = draw([0, Math.log(2), Math.log(5)], { temperature: 1, topP: 0.7, logitNoise: 0 }, 200)
    expect(actions).not.toContain(0)
    actions.forEach((action, i) => expect(logProbs[i]).toBeCloseTo(Math.log(action === 1 ? 2 / 7 : 5 / 7), 6))
    // p = 0.6 < 5/8: only the likeliest is left, log π_s = 0
    expect(draw([0, Math.log(2), Math.log(5)], { temperature: 1, topP: 0.6, logitNoise: 0 }, 20)).toEqual({ actions: Array(20).fill(2), logProbs: Array(20).fill(0) })
  })

  it('logit noise moves the distribution with draws of its own stream, the same for the same seed', () => {
    const noisy = draw([0, 0, 0], { temperature: 1, topP: 1, logitNoise: 1 }, 30)
    expect(noisy).toEqual(draw([0, 0, 0], { temperature: 1, topP: 1, logitNoise: 1 }, 30))
    // equal logits give log π = log(1/3) without noise; noise makes each row's probabilities differ from 1/3
    expect(noisy.logProbs.every((logProb) => Math.abs(logProb - Math.log(1 / 3)) > 1e-6)).toBe(true)
    expect(() => sampleActionsWith([0, 0], 2, { temperature: 1, topP: 1, logitNoise: 1 }, new Rng(1), null, new Int32Array(1), new Float32Array(1))).toThrow('logit noise needs its random stream')
  })

  it('with T = 1, top-p 1 and no noise it draws what sampleActions draws', () => {
    const logits = [0.3, -1, 2, 0.5, 0.5, 0.1]
    const ours = { actions: new Int32Array(2), logProbs: new Float32Array(2) }
    const theirs = { actions: new Int32Array(2), logProbs: new Float32Array(2) }
    sampleActionsWith(logits, 3, { temperature: 1, topP: 1, logitNoise: 0 }, new Rng(7), null, ours.actions, ours.logProbs)
    sampleActions(logits, 3, new Rng(7), theirs.actions, theirs.logProbs)
    expect(ours).toEqual(theirs)
  })
})
