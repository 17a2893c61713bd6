import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../envs/registry'
import { A_INDEX, B_INDEX, END, MAX_LENGTH_INDEX, T_INDEX, TOKENS_INDEX } from '../envs/tokenseq'
import { RewardDesignSchema, type RewardDesign } from '../rewards/designSchema'
import { refitRunProblem } from '../rewards/refitModelProblem'
import { MAX_REFIT_PAIRS } from '../rewards/rewardModelRefitSchema'
import { Rng } from '../rng'
import { fitBradleyTerry } from './bradleyTerryFit'
import { sigmoid } from './logistic'
import { preferenceDifferences } from './preferencePairs'
import type { RewardModel } from './rewardModel'
import { RewardModelRefitter, type CompletionBatch } from './rewardModelRefit'
import { TOKEN_FEATURE_NAMES, tokenFeatures } from './tokenFeatures'

const linear: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map(() => 0.1) }] }
const refit = { every: 2, pairs: 10, temperature: 0 }
const designWith = (entry: Record<string, unknown>): RewardDesign => RewardDesignSchema.parse({ rewardModels: [{ model: linear, ...entry }] })
const problemsOf = (raw: unknown): string[] => {
  const parsed = RewardDesignSchema.safeParse(raw)
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

const params = { max_length: 4, group_size: 2 }
const stride = resolveEnvironment('tokenseq', params).spec.stateVars.length

/** n copies of tokenseq's state, copy i holding prompt a + b and `tokens[i]`. */
function batchOf(a: number, b: number, tokens: number[][], groupSize: number): CompletionBatch {
  const state = new Float64Array(tokens.length * stride)
  tokens.forEach((written, i) => {
    state[i * stride + MAX_LENGTH_INDEX] = params.max_length
    state[i * stride + A_INDEX] = a
    state[i * stride + B_INDEX] = b
    state[i * stride + T_INDEX] = written.length
    written.forEach((token, j) => (state[i * stride + TOKENS_INDEX + j] = token))
  })
  return { state, stride, n: tokens.length, groupSize }
}

/** A batch of random answers to random prompts, in groups of 4. */
function randomBatch(rng: Rng, groups: number): CompletionBatch {
  const tokens: number[][] = []
  const prompts: [number, number][] = []
  for (let g = 0; g < groups; g++) {
    prompts.push([rng.int(10), rng.int(10)])
    for (let k = 0; k < 4; k++) tokens.push([rng.int(10), END])
  }
  const batch = batchOf(0, 0, tokens, 4)
  const state = batch.state as Float64Array
  tokens.forEach((_, i) => {
    state[i * stride + A_INDEX] = prompts[Math.floor(i / 4)][0]
    state[i * stride + B_INDEX] = prompts[Math.floor(i / 4)][1]
  })
  return batch
}

describe('the refit option', () => {
  it('parses on a linear outcome model and is absent when not given', () => {
    expect(designWith({ refit }).rewardModels![0].refit).toEqual(refit)
    expect(designWith({ refit: { ...refit, l2: 0.5 } }).rewardModels![0].refit?.l2).toBe(0.5)
    expect('refit' in designWith({}).rewardModels![0]).toBe(false)
  })

  it('names the accepted range of each field', () => {
    const model = linear
    expect(problemsOf({ rewardModels: [{ model, refit: { ...refit, every: 0 } }] })).toEqual(['rewardModels.0.refit.every: expected an integer from 1 to 1000'])
    expect(problemsOf({ rewardModels: [{ model, refit: { ...refit, every: 2.5 } }] })).toEqual(['rewardModels.0.refit.every: expected an integer from 1 to 1000'])
    expect(problemsOf({ rewardModels: [{ model, refit: { ...refit, pairs: 9 } }] })).toEqual(['rewardModels.0.refit.pairs: expected an integer from 10 to 5000'])
    expect(problemsOf({ rewardModels: [{ model, refit: { ...refit, pairs: 5001 } }] })).toEqual(['rewardModels.0.refit.pairs: expected an integer from 10 to 5000'])
    expect(problemsOf({ rewardModels: [{ model, refit: { ...refit, temperature: -1 } }] })).toEqual(['rewardModels.0.refit.temperature: expected a number from 0 to 1000'])
    expect(problemsOf({ rewardModels: [{ model, refit: { ...refit, l2: -1 } }] })).toEqual(['rewardModels.0.refit.l2: expected a number from 0 to 1000000'])
    expect(problemsOf({ rewardModels: [{ model, refit: { every: 5, pairs: 100 } }] })).toEqual(['rewardModels.0.refit.temperature: expected a number from 0 to 1000'])
    expect(problemsOf({ rewardModels: [{ model, refit: { ...refit, often: 1 } }] })).toEqual(['rewardModels.0.refit: unknown key "often" in a refit option; accepted: every, pairs, temperature, l2'])
  })

  it('is refused on a model a linear fit cannot refit, naming what is accepted', () => {
    const accepted = 'refit refits a linear outcome model of one member without a length head (reward-model fit --model linear)'
    const ensemble = { ...linear, members: [linear.members[0], linear.members[0]] }
    expect(problemsOf({ rewardModels: [{ model: ensemble, refit }] })).toEqual([`rewardModels.0.refit: ${accepted}; this entry holds an ensemble of 2 members: remove refit, or fit a linear model to refit`])
    const decorrelated = { ...linear, members: [{ ...linear.members[0], lengthWeight: 1 }] }
    expect(problemsOf({ rewardModels: [{ model: decorrelated, refit }] })).toEqual([`rewardModels.0.refit: ${accepted}; this entry holds a length-decorrelated model: remove refit, or fit a linear model to refit`])
    const process = { kind: 'linear', featureNames: ['x'], members: [{ weights: [1] }], granularity: 'process' }
    expect(problemsOf({ rewardModels: [{ model: process, refit }] })).toEqual([`rewardModels.0.refit: ${accepted}; this entry holds a process model: remove refit, or fit a linear model to refit`])
    const mlp = { kind: 'mlp', featureNames: ['x'], activation: 'tanh', members: [{ inputMean: [0], inputScale: [1], layers: [{ weights: [[1]], bias: [0] }] }] }
    expect(problemsOf({ rewardModels: [{ model: mlp, refit }] })).toEqual([`rewardModels.0.refit: ${accepted}; this entry holds an mlp model: remove refit, or fit a linear model to refit`])
  })

  it('runs only with GRPO on the token task, and on one entry', () => {
    const entries = designWith({ refit }).rewardModels
    expect(refitRunProblem(entries, 'grpo', 'tokenseq')).toBeNull()
    expect(refitRunProblem(designWith({}).rewardModels, 'ppo', 'cartpole')).toBeNull()
    expect(refitRunProblem(entries, 'ppo', 'tokenseq')).toBe(
      'refit: refitting the reward model "rm" draws fresh pairs from GRPO\'s batch on the token task, so it runs only with learner grpo on tokenseq; this run is ppo on tokenseq: remove refit, or train with GRPO on tokenseq',
    )
    expect(refitRunProblem([...entries!, { ...entries![0], name: 'rm2' }], 'grpo', 'tokenseq')).toBe('refit: only one reward-model entry may be refitted; rm and rm2 both ask to')
  })
})

describe('refitting', () => {
  it('refits every N updates, to the Bradley–Terry weights of its pairs, checked by hand on one repeated pair', () => {
    // One group of 2 for 2 + 3: "5 end" is right, "7 end" is not; at T = 0 every pair prefers the right one.
    const batch = batchOf(2, 3, [[5, END], [7, END]], 2)
    const design = designWith({ refit })
    const refitter = RewardModelRefitter.of(design, 1)!
    expect(refitter.afterUpdate(batch, design)).toBeNull()
    const done = refitter.afterUpdate(batch, design)!
    expect(done.report.refits).toBe(1)
    expect(done.report.pairs).toBe(10)
    // All 10 pairs have the same difference d, so w* = c·d, the gradient of Σ log(1 + e^(−w·d)) + ½‖w‖² vanishing where c = 10·σ(−c‖d‖²).
    const d = tokenFeatures({ prompt: [2, 3], tokens: [5, END], maxLength: 4 }).map((x, k) => x - tokenFeatures({ prompt: [2, 3], tokens: [7, END], maxLength: 4 })[k])
    const dd = d.reduce((sum, x) => sum + x * x, 0)
    // c·(1 + e^(c‖d‖²)) = 10 has one root: bisection on the increasing left side.
    let [lo, hi] = [0, 10]
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2
      if (mid - 10 * sigmoid(-mid * dd) < 0) lo = mid
      else hi = mid
    }
    const weights = done.design.rewardModels![0].model.members[0] as { weights: number[] }
    weights.weights.forEach((w, k) => expect(w).toBeCloseTo(lo * d[k], 10))
    expect(done.report.trainAccuracy).toBe(1)
    // The starting weights (0.1 each) rank them: the right answer has match 1 against 1/3.
    expect(done.report.heldOutAccuracy).toBe(d.reduce((sum, x) => sum + 0.1 * x, 0) > 0 ? 1 : 0)
    expect(done.design.rewardModels![0].refit).toEqual(refit)
    expect(refitter.afterUpdate(batch, done.design)).toBeNull()
  })

  it('fits on exactly the pairs labelled so far, as fitBradleyTerry does, with the penalty asked for', () => {
    const rng = new Rng(3)
    let design = designWith({ refit: { every: 1, pairs: 50, temperature: 0.5, l2: 0.25 } })
    const refitter = RewardModelRefitter.of(design, 9)!
    for (let update = 1; update <= 3; update++) {
      const done = refitter.afterUpdate(randomBatch(rng, 6), design)!
      design = done.design
      expect(done.report.pairs).toBe(50 * update)
      const pairs = refitter.refittedPairs()
      expect(pairs.count).toBe(50 * update)
      expect((design.rewardModels![0].model.members[0] as { weights: number[] }).weights).toEqual(Array.from(fitBradleyTerry(preferenceDifferences(pairs), 0.25).weights))
    }
  })

  it('refits the same way for the same seed, and otherwise for another', () => {
    const run = (seed: number) => {
      const rng = new Rng(5)
      let design = designWith({ refit: { every: 1, pairs: 40, temperature: 1 } })
      const refitter = RewardModelRefitter.of(design, seed)!
      const reports = []
      for (let update = 0; update < 3; update++) {
        const done = refitter.afterUpdate(randomBatch(rng, 4), design)!
        design = done.design
        reports.push(done.report)
      }
      return { reports, model: design.rewardModels![0].model }
    }
    expect(run(11)).toEqual(run(11))
    expect(run(11).model).not.toEqual(run(12).model)
  })

  it(`keeps the most recent ${MAX_REFIT_PAIRS} pairs`, () => {
    const rng = new Rng(8)
    let design = designWith({ refit: { every: 1, pairs: 5000, temperature: 1 } })
    const refitter = RewardModelRefitter.of(design, 1)!
    const counts: number[] = []
    for (let update = 0; update < 5; update++) {
      const done = refitter.afterUpdate(randomBatch(rng, 8), design)!
      design = done.design
      counts.push(done.report.pairs)
    }
    expect(counts).toEqual([5000, 10000, 15000, 20000, 20000])
  })

  it('refits nothing once a live change takes the option away, and needs groups of two', () => {
    const design = designWith({ refit: { ...refit, every: 1 } })
    const refitter = RewardModelRefitter.of(design, 1)!
    expect(refitter.afterUpdate(batchOf(2, 3, [[5, END], [7, END]], 2), designWith({}))).toBeNull()
    expect(() => refitter.afterUpdate(batchOf(2, 3, [[5, END], [7, END]], 1), design)).toThrow('refit: a pair is two completions of one prompt, so a batch needs a group of at least 2; this one has 2 copies in groups of 1')
    expect(RewardModelRefitter.of(designWith({}), 1)).toBeNull()
  })
})
