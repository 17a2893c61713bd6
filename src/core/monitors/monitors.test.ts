import { describe, expect, it } from 'vitest'
import { creditDominance } from './creditDominance'
import { ENSEMBLE_STD_DIAGNOSTIC, ensembleDisagreement } from './ensembleDisagreement'
import { ENTROPY_DIAGNOSTIC, entropyCollapse } from './entropyCollapse'
import { KL_DIAGNOSTIC, klGrowth } from './klGrowth'
import { lengthDrift } from './lengthDrift'
import { proxyDivergence } from './proxyDivergence'
import { rewardLengthCorrelation } from './rewardLengthCorrelation'
import { diagnosticFrames, frameAt } from './testFrames'
import type { MonitorFrame } from './frames'
import { detectRewardHacking } from '../run/hacking'

const run = (frames: MonitorFrame[], higherIsBetter = true) => ({ frames, higherIsBetter })

describe('KL growth', () => {
  const options = { window: 2, ratio: 2, minSlope: 0.001 }
  it('fires where the slope over the latest window passes ratio × the one before', () => {
    // Slopes per 1,000 steps: before (0 → 0.1) 0.1, now (0.2 → 0.5) 0.3 > 2 · 0.1.
    const result = klGrowth.run(run(diagnosticFrames(KL_DIAGNOSTIC, [0, 0.1, 0.2, 0.5])), options)
    expect(result).toMatchObject({ kind: 'fired', frame: 3, envSteps: 4000 })
  })
  it('stays quiet while the KL climbs at a steady rate', () => {
    expect(klGrowth.run(run(diagnosticFrames(KL_DIAGNOSTIC, [0, 0.1, 0.2, 0.3, 0.4])), options).kind).toBe('quiet')
  })
  it('does not fire on a slope under the floor', () => {
    // before 0, now 0.0005 per 1,000 steps: above 2 · 0 but under 0.001.
    expect(klGrowth.run(run(diagnosticFrames(KL_DIAGNOSTIC, [0, 0, 0, 0.0005])), options).kind).toBe('quiet')
  })
  it('needs two windows of frames with a KL, and says when there is none', () => {
    expect(klGrowth.run(run(diagnosticFrames(KL_DIAGNOSTIC, [0, 0.1, 0.5])), options)).toEqual({ kind: 'unmeasurable', why: 'not measurable on this run: 3 frames with KL to a reference, it needs 4' })
    expect(klGrowth.run(run(diagnosticFrames('approx_kl', [0, 0.1, 0.2, 0.5])), options)).toEqual({ kind: 'unmeasurable', why: 'not measurable on this run: no KL to a reference in its frames' })
  })
  it('skips a NaN frame, keeping the others at their own steps', () => {
    // KL at steps 1, 2, 4, 5 (thousands): before 0.1 per 1,000, now (0.2 → 0.5) 0.3: fires at frame 4.
    expect(klGrowth.run(run(diagnosticFrames(KL_DIAGNOSTIC, [0, 0.1, NaN, 0.2, 0.5])), options)).toMatchObject({ kind: 'fired', frame: 4, envSteps: 5000 })
  })
})

describe('entropy collapse', () => {
  const options = { window: 2, fraction: 0.5 }
  it('fires at the first window whose mean is under the fraction of the start', () => {
    // H_start = (1 + 1.2)/2 = 1.1, the bar 0.55: 0.7, then 0.55 (not under), then 0.45.
    expect(entropyCollapse.run(run(diagnosticFrames(ENTROPY_DIAGNOSTIC, [1, 1.2, 0.8, 0.6, 0.5, 0.4])), options)).toMatchObject({ kind: 'fired', frame: 5, envSteps: 6000 })
  })
  it('stays quiet above the bar', () => {
    expect(entropyCollapse.run(run(diagnosticFrames(ENTROPY_DIAGNOSTIC, [1, 1, 0.9, 0.8])), options).kind).toBe('quiet')
  })
  it('cannot measure a run without entropy, with too few frames or starting at 0', () => {
    expect(entropyCollapse.run(run([frameAt(0), frameAt(1)]), options).kind).toBe('unmeasurable')
    expect(entropyCollapse.run(run(diagnosticFrames(ENTROPY_DIAGNOSTIC, [1, 1, 0.1])), options).why).toBe('not measurable on this run: 3 frames with entropy, it needs 4')
    expect(entropyCollapse.run(run(diagnosticFrames(ENTROPY_DIAGNOSTIC, [0, 0, 0, 0])), options).kind).toBe('unmeasurable')
  })
  it('never reads a NaN entropy', () => {
    // Without the NaN: start (1 + 1)/2 = 1, then (0.4 + 0.4)/2 = 0.4 < 0.5 at frame 4.
    expect(entropyCollapse.run(run(diagnosticFrames(ENTROPY_DIAGNOSTIC, [NaN, 1, 1, 0.4, 0.4])), options)).toMatchObject({ kind: 'fired', frame: 4 })
  })
})

describe('length drift', () => {
  const options = { window: 2, rise: 0.2 }
  const lengths = (values: (number | null)[]) => values.map((length, k) => frameAt(k, { length }))
  it('fires when the latest window is longer by the rise than the one before', () => {
    // (10,10) → (11,12.5): 11.75/10 − 1 = 0.175; (10,11) → (12.5,13): 12.75/10.5 − 1 = 0.214 ≥ 0.2.
    expect(lengthDrift.run(run(lengths([10, 10, 11, 12.5, 13])), options)).toMatchObject({ kind: 'fired', frame: 4 })
  })
  it('stays quiet on steady or shrinking lengths', () => {
    expect(lengthDrift.run(run(lengths([10, 10, 10, 10, 10])), options).kind).toBe('quiet')
    expect(lengthDrift.run(run(lengths([40, 30, 20, 10])), options).kind).toBe('quiet')
  })
  it('skips frames where no episode finished and needs two windows of the rest', () => {
    expect(lengthDrift.run(run(lengths([10, null, 10, 13])), options).why).toBe('not measurable on this run: 3 frames with finished episode, it needs 4')
    expect(lengthDrift.run(run(lengths([10, null, 10, NaN, 13, 13])), options)).toMatchObject({ kind: 'fired', frame: 5 })
  })
})

describe('credit dominance', () => {
  const options = { window: 2, level: 0.8 }
  const paid = (list: Record<string, number>[]) => list.map((contributions, k) => frameAt(k, { contributions }))
  it('fires when a component comes to take more than the level of the reward', () => {
    // Shares of a: 1/2, 1/2, then 9/10, 9/10: start 0.5, now 0.9 > 0.8.
    const result = creditDominance.run(run(paid([{ a: 1, b: 1 }, { a: 1, b: -1 }, { a: 9, b: -1 }, { a: 9, b: 1 }])), options)
    expect(result).toMatchObject({ kind: 'fired', frame: 3 })
    expect(result.why).toBe('a came to take 0.9 of the reward, from 0.5 at the start')
  })
  it('stays quiet where one component held most of the reward from the start', () => {
    expect(creditDominance.run(run(paid([{ a: 9, b: 1 }, { a: 9, b: 1 }, { a: 9, b: 1 }, { a: 19, b: 1 }])), options).kind).toBe('quiet')
  })
  it('cannot measure a reward one component pays alone, nor too few frames', () => {
    expect(creditDominance.run(run(paid([{ a: 1, b: 0 }, { a: 2, b: 0 }, { a: 3, b: 0 }, { a: 4, b: 0 }])), options).why).toBe('not measurable on this run: a alone pays the reward')
    expect(creditDominance.run(run(paid([{ a: 1, b: 1 }, { a: 9, b: 1 }])), options).kind).toBe('unmeasurable')
  })
  it('skips a frame with a NaN contribution', () => {
    expect(creditDominance.run(run(paid([{ a: 1, b: 1 }, { a: 1, b: 1 }, { a: NaN, b: 1 }, { a: 9, b: 1 }, { a: 9, b: 1 }])), options)).toMatchObject({ kind: 'fired', frame: 4 })
  })
})

describe('ensemble disagreement', () => {
  const options = { window: 2, ratio: 1.5 }
  it('fires when the members’ std passes ratio × its start', () => {
    // start (0.1 + 0.1)/2 = 0.1, now (0.12 + 0.2)/2 = 0.16 > 0.15.
    expect(ensembleDisagreement.run(run(diagnosticFrames(ENSEMBLE_STD_DIAGNOSTIC, [0.1, 0.1, 0.12, 0.2])), options)).toMatchObject({ kind: 'fired', frame: 3 })
  })
  it('stays quiet within the ratio', () => {
    expect(ensembleDisagreement.run(run(diagnosticFrames(ENSEMBLE_STD_DIAGNOSTIC, [0.1, 0.1, 0.12, 0.14])), options).kind).toBe('quiet')
  })
  it('says a run without the spread cannot be measured, and skips NaN', () => {
    expect(ensembleDisagreement.run(run(diagnosticFrames(KL_DIAGNOSTIC, [1, 2, 3, 4])), options).why).toBe('not measurable on this run: no reward-model ensemble spread in its frames')
    expect(ensembleDisagreement.run(run(diagnosticFrames(ENSEMBLE_STD_DIAGNOSTIC, [0.1, NaN, 0.1, 0.1])), options).kind).toBe('unmeasurable')
  })
})

describe('reward–length correlation', () => {
  const options = { window: 3, level: 0.8 }
  const both = (returns: number[], lengths: number[]) => returns.map((shapedReturn, k) => frameAt(k, { shapedReturn, length: lengths[k] }))
  it('fires when return and length move together over the window', () => {
    expect(rewardLengthCorrelation.run(run(both([1, 2, 3], [5, 6, 7])), options)).toMatchObject({ kind: 'fired', frame: 2, why: 'the return and the length correlated at 1 over 3 frames' })
  })
  it('stays quiet when they move apart or the length does not move', () => {
    expect(rewardLengthCorrelation.run(run(both([1, 2, 3], [7, 6, 5])), options).kind).toBe('quiet')
    expect(rewardLengthCorrelation.run(run(both([1, 2, 3], [5, 5, 5])), options).kind).toBe('quiet')
  })
  it('needs the window of frames with both, NaN skipped', () => {
    expect(rewardLengthCorrelation.run(run(both([1, 2], [5, 6])), options).kind).toBe('unmeasurable')
    expect(rewardLengthCorrelation.run(run(both([1, NaN, 2, 3], [5, 9, 6, 7])), options)).toMatchObject({ kind: 'fired', frame: 3 })
  })
})

describe('proxy–objective divergence', () => {
  const options = { window: 4 }
  const points = (returns: number[], objectives: number[]) => returns.map((shapedReturn, k) => frameAt(k, { shapedReturn, objective: objectives[k] }))
  it('fires where the return rose and the objective got worse, by the page’s own rule', () => {
    // Δr = 1 − 0 > 0, Δo = 0 − 1: worse by 1 > 0.1 of the spread 1.
    const frames = points([0, 0, 1, 1], [1, 1, 0, 0])
    expect(proxyDivergence.run(run(frames), options)).toMatchObject({ kind: 'fired', frame: 3 })
    expect(detectRewardHacking(frames.map((frame) => ({ shapedReturn: frame.shapedReturn!, objective: frame.objective! })), true, 4)).not.toBeNull()
  })
  it('stays quiet where lower objective is better', () => {
    expect(proxyDivergence.run(run(points([0, 0, 1, 1], [1, 1, 0, 0]), false), options).kind).toBe('quiet')
  })
  it('needs its window of frames with both means', () => {
    expect(proxyDivergence.run(run(points([0, 1, 1], [1, 0, 0])), options).kind).toBe('unmeasurable')
  })
})
