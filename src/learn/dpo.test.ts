import { beforeAll, describe, expect, it } from 'vitest'
import { END, THINK } from '../core/envs/tokenseq'
import { describeIssues, LearnerOptionsSchema, RunConfigSchema } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { dpoPairs } from './dpoPairs'
import { tokenPreferencePairs, type LabelledTokenPair } from './tokenPreferencePairs'
import { createTrainer } from './trainers'

beforeAll(async () => {
  await initBackend('wasm')
})

/** Right answers chosen over wrong ones of the same shape: a set a policy can separate. */
const SEPARABLE = [
  { prompt: [3, 4], chosen: [7, END], rejected: [8, END] },
  { prompt: [2, 2], chosen: [4, END], rejected: [5, END] },
  { prompt: [1, 5], chosen: [THINK, 6, END], rejected: [THINK, 9, END] },
  { prompt: [0, 3], chosen: [3, END], rejected: [0, END] },
]

async function iterations(learner: object, count: number, seed = 1): Promise<IterationReport[]> {
  const trainer = await createTrainer(RunConfigSchema.parse({ env: { id: 'tokenseq' }, learner, seed }))
  try {
    const reports: IterationReport[] = []
    for (let k = 0; k < count; k++) reports.push(await trainer.iterate())
    return reports
  } finally {
    trainer.dispose()
  }
}

const figures = (report: IterationReport) => report.episodes.map((episode) => [episode.objective, episode.length, ...episode.contributions])

describe('the DPO learner', () => {
  it('starts from the policy a GRPO run of the seed starts from: its first rollout is GRPO’s, completion for completion', async () => {
    const [dpo] = await iterations({ kind: 'dpo', preferences: { source: 'labelled', pairs: SEPARABLE } }, 1, 3)
    const [grpo] = await iterations({ kind: 'grpo' }, 1, 3)
    expect(dpo.episodes.length).toBe(16 * 8)
    expect(figures(dpo)).toEqual(figures(grpo))
    expect(dpo.envSteps).toBe(grpo.envSteps)
    // Nothing has moved yet: the sampling policy is the reference, KL 0 (up to the float32 log π the sampler keeps)
    expect(dpo.diagnostics.kl).toBeCloseTo(0, 10)
  })

  it('drives the sigmoid loss down on a separable set, every pair’s chosen reward above its rejected one', async () => {
    const reports = await iterations({ kind: 'dpo', beta: 0.5, batchSize: 4, stepsPerIteration: 5, epochs: 100, learningRate: 3e-3, groupsPerIteration: 1, preferences: { source: 'labelled', pairs: SEPARABLE } }, 6)
    const first = reports[0].diagnostics
    const last = reports[reports.length - 1].diagnostics
    // One full batch per step: the first step starts at the reference, h = 0, ℓ = ln 2
    expect(first.dpo_loss).toBeLessThan(Math.LN2 + 1e-6)
    expect(last.dpo_loss).toBeLessThan(first.dpo_loss / 2)
    expect(last.preference_accuracy).toBe(1)
    expect(last.reward_margin).toBeGreaterThan(first.reward_margin)
    // The policy moved away from the reference
    expect(last.kl).toBeGreaterThan(0)
  })

  it('stops stepping after its epochs and only samples then', async () => {
    // 4 pairs in batches of 2: 2 steps an epoch, 3 epochs = 6 steps: 4 in the first report, 2 in the second, none after
    const reports = await iterations({ kind: 'dpo', batchSize: 2, stepsPerIteration: 4, epochs: 3, groupsPerIteration: 1, preferences: { source: 'labelled', pairs: SEPARABLE } }, 3)
    expect(reports.map((report) => report.diagnostics.dpo_epoch)).toEqual([2, 3, 3])
    expect(reports[2].diagnostics.dpo_loss).toBeUndefined()
    expect(reports[2].episodes.length).toBe(8)
  })

  it('draws a recipe’s pairs as `preferences` does, the labeler’s choice first', async () => {
    const params = { max_length: 8, group_size: 8, difficulty: 'easy' as const, overlong_cache: 2 }
    const recipe = { source: 'start' as const, pairs: 70, temperature: 0.5, seed: 4, biases: { length: 0.05, format: 0 } }
    const pairs = await dpoPairs(recipe, params)
    const expected: LabelledTokenPair[] = []
    for await (const batch of tokenPreferencePairs({ params, seed: 4, count: 70, temperature: 0.5, biases: [{ kind: 'length', weight: 0.05 }] })) expected.push(...batch)
    expect(pairs.length).toBe(70)
    pairs.forEach((pair, i) => {
      const { a, b, label } = expected[i]
      expect([pair.chosen, pair.rejected]).toEqual(label === 'a' ? [a, b] : [b, a])
    })
  })

  it('refuses a labelled completion the task cannot write, naming the pair and side', async () => {
    const pairs = [...SEPARABLE, { prompt: [1, 1], chosen: [2, END], rejected: [1, 1, 1, 1, 1, 1, 1, 1, 1] }]
    await expect(iterations({ kind: 'dpo', preferences: { source: 'labelled', pairs } }, 1)).rejects.toThrow('learner.preferences.pairs.4.rejected: 9 tokens, more than max_length 8')
  })

  it('validates its options with the limits in the message', () => {
    const problem = (learner: object) => {
      const parsed = LearnerOptionsSchema.safeParse(learner)
      return parsed.success ? null : describeIssues(parsed.error)
    }
    expect(problem({ kind: 'dpo', beta: 0 })).toBe('beta: DPO’s β must be a number above 0 and at most 100')
    expect(problem({ kind: 'dpo', labelSmoothing: 0.5 })).toBe('labelSmoothing: the label smoothing ε must be a number from 0 to below 0.5')
    expect(problem({ kind: 'dpo', loss: 'kto' })).toBe('loss: unknown DPO loss "kto"; accepted: sigmoid, ipo, hinge')
    expect(problem({ kind: 'dpo', preferences: { source: 'start', pairs: 10_001 } })).toBe('preferences.pairs: a recipe draws a whole number of pairs from 1 to 10000')
    expect(problem({ kind: 'dpo', preferences: { source: 'user' } })).toContain('unknown preference source "user"; accepted: start, labelled')
    const many = Array.from({ length: 1001 }, () => SEPARABLE[0])
    expect(problem({ kind: 'dpo', preferences: { source: 'labelled', pairs: many } })).toBe('preferences.pairs: labelled preferences hold 1 to 1000 pairs (ties and skipped pairs left out); for more, use a recipe')
    expect(problem({ kind: 'dpo', preferences: { source: 'labelled', pairs: [{ prompt: [3, 14], chosen: [7, END], rejected: [12] }] } })).toBe(
      'preferences.pairs.0.prompt.1: a prompt is two digits [a, b], each a whole number from 0 to 9; preferences.pairs.0.rejected.0: a token is a whole number from 0 to 11 (0–9 digits, 10 think, 11 end)',
    )
  })

  it('trains only where there are token completions', async () => {
    await expect(createTrainer(RunConfigSchema.parse({ env: { id: 'cartpole' }, learner: { kind: 'dpo' } }))).rejects.toThrow('DPO learns from preference pairs of token completions; it trains tokenseq, not cartpole')
  })
})
