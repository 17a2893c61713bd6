import { describe, expect, it } from 'vitest'
import { END, THINK, tokenseq } from '../core/envs/tokenseq'
import { allocateStepBuffers } from '../core/envs/types'
import type { RewardModel } from '../core/preferences/rewardModel'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { RewardDesignSchema } from '../core/rewards/designSchema'
import { RewardedEnv } from '../core/rewards/rewardedEnv'
import { Rng } from '../core/rng'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { withEnsembleStd } from './ensembleStdTrainer'

const L = 4
const F = TOKEN_FEATURE_NAMES.length
const THINK_COUNT = TOKEN_FEATURE_NAMES.indexOf('count_think')
/** Member scores 0 and 2 per think token: "think 7 end" gets (0, 2), std 1; "end" (0, 0), std 0. */
const weights = (think: number) => ({ weights: Array.from({ length: F }, (_, k) => (k === THINK_COUNT ? think : 0)) })
const pair: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [weights(0), weights(2)] }
const single: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [weights(2)] }

/** Two copies: "think 7" and an empty completion, both writing end on the trainer's one step. */
function copyState(tokens: number[]): number[] {
  const pad = (values: number[]) => [...values, ...new Array(L - values.length).fill(-1)]
  return [L, 3, 4, tokens.length, ...pad(tokens), -1, -1, ...pad([])]
}

/** A trainer whose iteration steps `env` once (both copies end) and reports one diagnostic of its own. */
function steppingTrainer(env: RewardedEnv): Trainer {
  const out = allocateStepBuffers(env.spec, env.n)
  return {
    spec: env.spec,
    async iterate(): Promise<IterationReport> {
      env.setState(0, copyState([THINK, 7]))
      env.setState(1, copyState([]))
      env.step(Int32Array.of(END, END), out, new Rng(1), false)
      return { envSteps: 2, episodes: [], diagnostics: { entropy: 0.5 }, demo: { states: new Float64Array(0), steps: 0, copies: 1 } }
    },
    setMix() {},
    dispose() {},
  }
}

const envPaying = (design: unknown) => new RewardedEnv(tokenseq.create(2, { max_length: L, group_size: 1 }), RewardDesignSchema.parse(design))

describe('withEnsembleStd', () => {
  it('adds the iteration’s mean members’ std to the learner’s diagnostics, keeping its own', async () => {
    const env = envPaying({ rewardModels: [{ model: pair }] })
    const trainer = withEnsembleStd(steppingTrainer(env), env)
    // (1 + 0)/2 on each iteration: what one iteration scored is not carried into the next
    expect((await trainer.iterate()).diagnostics).toEqual({ entropy: 0.5, rm_ensemble_std: 0.5 })
    expect((await trainer.iterate()).diagnostics).toEqual({ entropy: 0.5, rm_ensemble_std: 0.5 })
  })

  it('offers what the learner offers beyond Trainer, bound to it', () => {
    const env = envPaying({})
    const tabular = { ...steppingTrainer(env), actions: [2, 0], greedyAction(this: { actions: number[] }, s: number) { return this.actions[s] } }
    const wrapped = withEnsembleStd(tabular, env) as unknown as typeof tabular
    expect(wrapped.greedyAction(0)).toBe(2)
  })

  it('reports nothing for a single model or no model', async () => {
    for (const design of [{ rewardModels: [{ model: single }] }, {}]) {
      const env = envPaying(design)
      expect((await withEnsembleStd(steppingTrainer(env), env).iterate()).diagnostics).toEqual({ entropy: 0.5 })
    }
  })
})
