import { getEnv } from '../core/envs/registry'
import { resolveParams } from '../core/envs/params'
import { compileMix } from '../core/rewards/mix'
import { createQLearningTrainer } from '../core/learners/qlearning'
import type { RunConfig } from '../core/run/config'
import type { Trainer } from '../core/run/trainer'
import { Rng } from '../core/rng'
import { createPpoTrainer } from './ppo'

/**
 * Build the trainer a run config asks for. Throws one clear message when the design does not fit
 * the environment (an unknown component, a tabular learner on continuous states).
 */
export async function createTrainer(config: RunConfig): Promise<Trainer> {
  const definition = getEnv(config.env.id)
  const params = resolveParams(definition.spec, config.env.params)
  const spec = definition.describe(params)
  const mix = compileMix(spec, config.mix)
  const rng = new Rng(config.seed)
  // Copies come in whole teams or groups (coop's agents, tokenseq's completions per prompt).
  const unit = spec.demoCopies ?? 1
  const learner = { ...config.learner, numEnvs: Math.ceil(config.learner.numEnvs / unit) * unit }
  const env = definition.create(learner.numEnvs, params)
  switch (learner.kind) {
    case 'ppo':
      return createPpoTrainer(env, mix, learner, rng)
    case 'qlearning':
      if (spec.discreteStates === null) {
        throw new Error(`Q-learning needs an environment with discrete states; ${spec.id} has continuous observations, use PPO`)
      }
      return createQLearningTrainer(env, mix, learner, rng)
  }
}
