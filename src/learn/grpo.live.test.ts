import { beforeAll, describe, expect, it } from 'vitest'
import { tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema, type GrpoOptions } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { createGrpoTrainer, type GrpoTrainer } from './grpo'

/*
 * Live learner changes: a GRPO trainer takes new options from its next update on, and a switch
 * that changes nothing leaves the run bit for bit as it was.
 */

const GROUPS = 3
const GROUP_SIZE = 4

const grpo = (overrides: Record<string, unknown> = {}): GrpoOptions => GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, ...overrides })

async function trainer(options: GrpoOptions, seed = 3): Promise<GrpoTrainer> {
  const env = tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
  return createGrpoTrainer(env, compileMix(env.spec, { weights: { correct: 1, format: 0.5 } }), options, new Rng(seed))
}

/** What an update shows of itself: its diagnostics and the advantages it trained on. */
function trained(report: IterationReport) {
  return { diagnostics: report.diagnostics, advantages: Array.from(report.advantages ?? []), envSteps: report.envSteps }
}

/** `count` updates, calling `before(k, trainer)` ahead of update k (0-based). */
async function updates(options: GrpoOptions, count: number, before: (k: number, trainer: GrpoTrainer) => void = () => {}) {
  const run = await trainer(options)
  const reports = []
  for (let k = 0; k < count; k++) {
    before(k, run)
    reports.push(trained(await run.iterate()))
  }
  run.dispose()
  return reports
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('a GRPO trainer taking new options while it runs', () => {
  it('trains exactly as one that started with them when the switch comes before the first update', async () => {
    for (const target of [grpo({ policyLoss: 'cispo', aggregation: 'token-mean', estimator: { center: 'loo', scale: 'none' } }), grpo({ estimator: { baseline: 'remax' } })]) {
      const switched = await updates(grpo(), 3, (k, run) => k === 0 && run.setLearner(target))
      expect(switched).toEqual(await updates(target, 3))
    }
  })

  it('is bit for bit the run without a switch when it switches to other options and back between two updates', async () => {
    const options = grpo()
    const unswitched = await updates(options, 3)
    const switched = await updates(options, 3, (k, run) => {
      if (k !== 1) return
      run.setLearner(grpo({ policyLoss: 'cispo', estimator: { baseline: 'remax' }, learningRate: 0.5 }))
      run.setLearner(options)
    })
    expect(switched).toEqual(unswitched)
  })

  it('uses the new loss and KL penalty from the update after the switch on', async () => {
    const unswitched = await updates(grpo({ beta: 0 }), 2)
    const switched = await updates(grpo({ beta: 0 }), 2, (k, run) => k === 1 && run.setLearner(grpo({ policyLoss: 'reinforce', kl: 'k1', beta: 0.5 })))
    // The update before the switch is the same.
    expect(switched[0]).toEqual(unswitched[0])
    // ppo's first epoch has every ratio 1, so its loss is −mean(A), zero for group-centred advantages; reinforce's −A·log π is not.
    expect(Math.abs(unswitched[1].diagnostics.policy_loss)).toBeLessThan(1e-6)
    expect(Math.abs(switched[1].diagnostics.policy_loss)).toBeGreaterThan(1e-3)
    // β = 0 before: the loss is the policy loss; after, β·KL joins it (the policy has moved off the reference by one update).
    expect(unswitched[1].diagnostics.loss).toBe(unswitched[1].diagnostics.policy_loss)
    expect(switched[1].diagnostics.loss).not.toBe(switched[1].diagnostics.policy_loss)
  })

  it('lists kl_penalty from the update that puts the KL in the reward, pays it to the episodes, and drops it when the KL goes back to the loss', async () => {
    const run = await trainer(grpo({ beta: 0.1 }))
    const names = () => run.spec.components.map((component) => component.name)
    const environment = names()
    expect(environment).not.toContain('kl_penalty')
    const before = await run.iterate()
    run.setLearner(grpo({ beta: 0.1, kl: 'k1', klPlacement: 'reward' }))
    // Taken when the next iteration starts, not before.
    expect(names()).toEqual(environment)
    const during = await run.iterate()
    expect(names()).toEqual([...environment, 'kl_penalty'])
    expect(before.episodes.every((episode) => episode.contributions.length === environment.length)).toBe(true)
    expect(during.episodes.every((episode) => episode.contributions.length === environment.length + 1)).toBe(true)
    // −β·Σ_t KL_t: a policy one update off its reference pays something, on some completion
    expect(during.episodes.some((episode) => episode.contributions[environment.length] !== 0)).toBe(true)
    run.setLearner(grpo({ beta: 0.1, kl: 'k1' }))
    const after = await run.iterate()
    expect(names()).toEqual(environment)
    expect(after.episodes.every((episode) => episode.contributions.length === environment.length)).toBe(true)
    run.dispose()
  })

  it('refuses, changing nothing, options that change the network or the batch, another learner, or a k beyond the group', async () => {
    const unswitched = await updates(grpo(), 2)
    const refusals: string[] = []
    const refused = await updates(grpo(), 2, (k, run) => {
      if (k !== 1) return
      for (const next of [grpo({ hiddenSize: 32 }), grpo({ groupsPerIteration: 2 }), grpo({ estimator: { baseline: 'passk', k: 5 } }), { kind: 'reinforce' } as never]) {
        try {
          run.setLearner(next)
        } catch (error) {
          refusals.push((error as Error).message)
        }
      }
    })
    expect(refusals).toEqual([
      'hiddenSize changes the network or the batch, so the change starts a new run',
      'groupsPerIteration changes the network or the batch, so the change starts a new run',
      "pass@k's k is 5, more than the 4 completions of a group; k must be from 1 to the group size",
      'a GRPO run cannot turn into reinforce while it trains; start a new run',
    ])
    expect(refused).toEqual(unswitched)
  })
})
