import { resolveEnvironment, type ResolvedEnvironment } from '../core/envs/registry'
import type { BatchEnv, EnvSpec } from '../core/envs/types'
import { compileMix } from '../core/rewards/mix'
import { designWeights } from '../core/rewards/extras'
import { assertRewardDesignFits } from '../core/rewards/rewardProblems'
import { RewardedEnv } from '../core/rewards/rewardedEnv'
import { RecordingEnv } from '../core/run/stepRecord'
import { createQLearningTrainer } from '../core/learners/qlearning'
import { createTdTrainer } from '../core/learners/td'
import { createValueIterationTrainer } from '../core/learners/valueIteration'
import { createIndependentTrainer } from '../core/learners/independent'
import type { LearnerOptions, RunConfig } from '../core/run/config'
import type { Trainer } from '../core/run/trainer'
import { Rng } from '../core/rng'
import { createPpoTrainer } from './ppo'
import { createReinforceTrainer } from './reinforce'
import { createGrpoTrainer, type GrpoTrainer } from './grpo'
import { createDpoTrainer } from './dpo'
import { learnerFits } from '../core/run/learnerFit'
import { refitRunProblem } from '../core/rewards/refitModelProblem'
import { withRefits } from './refittingTrainer'
import { withEnsembleStd } from './ensembleStdTrainer'

/**
 * Build the trainer a run config asks for. Throws one clear message when the design does not fit
 * the environment (an unknown component, a tabular learner on continuous states).
 */
export async function createTrainer(config: RunConfig): Promise<Trainer> {
  return (await createTrainerWithEnv(config)).trainer
}

/**
 * The trainer, the environment it steps (always a RewardedEnv, even when the design adds nothing,
 * so that live design changes can add terms) and the record of its latest steps (for re-scoring
 * under another mix).
 */
export async function createTrainerWithEnv(config: RunConfig): Promise<{ trainer: Trainer; env: RewardedEnv; record: RecordingEnv }> {
  const environment = resolveEnvironment(config.env.id, config.env.params)
  const env = environmentFor(config, environment)
  const record = new RecordingEnv(env)
  const trainer = await trainerFor(config, environment, record)
  // A refit option's refits wrap GRPO's trainer (refittingTrainer.ts); without one it is the trainer
  // itself. Outside both, the reward-model ensemble's std joins every report (ensembleStdTrainer.ts).
  return { trainer: withEnsembleStd(withRefits(trainer, env, config.seed), env), env, record }
}

/**
 * The GRPO trainer a run config asks for, itself (no refits, no step record), with what it offers
 * beyond a Trainer: its policy's parameters (learn/grpoPolicy.ts trains a stored prover with it).
 */
export async function createGrpoTrainerFor(config: RunConfig): Promise<GrpoTrainer> {
  if (config.learner.kind !== 'grpo') throw new Error(`createGrpoTrainerFor builds the GRPO family's trainer; the config's learner is ${config.learner.kind}`)
  const environment = resolveEnvironment(config.env.id, config.env.params)
  const env = environmentFor(config, environment)
  return createGrpoTrainer(env, compileMix(env.spec, { weights: designWeights(config.mix, environment.spec) }), config.learner, new Rng(config.seed))
}

function environmentFor(config: RunConfig, { definition, params, spec }: ResolvedEnvironment): RewardedEnv {
  const misfit = learnerFits(config.learner.kind, spec)
  if (misfit !== null) throw new Error(misfit)
  assertRewardDesignFits(config.mix, spec)
  const refitProblem = refitRunProblem(config.mix.rewardModels, config.learner.kind, spec.id)
  if (refitProblem !== null) throw new Error(refitProblem)
  // The design's terms, shaping and bonuses become further components of the environment; the
  // wrapper is there even when the design adds nothing yet, so that a term can be added live.
  return new RewardedEnv(definition.create(copiesFor(config.learner, spec), params), config.mix)
}

async function trainerFor(config: RunConfig, { definition, params, spec }: ResolvedEnvironment, env: BatchEnv): Promise<Trainer> {
  const rng = new Rng(config.seed)
  const learner = config.learner
  const mix = compileMix(env.spec, { weights: designWeights(config.mix, spec) })
  // Value iteration plans on the environment's exact model, which knows only the environment's own components.
  if (learner.kind === 'value_iteration' && env.spec.components.length !== spec.components.length) {
    const added = env.spec.components.slice(spec.components.length).map((c) => c.name)
    throw new Error(`value iteration plans on ${spec.id}'s exact model, which has only its own components; it cannot plan with the added ${added.join(', ')}: remove them, or use Q-learning or SARSA`)
  }
  // Redistribution needs whole rollout segments: PPO holds them; GRPO scores whole completions, where it changes nothing.
  if ((env.redistributed?.length ?? 0) > 0 && learner.kind !== 'ppo' && learner.kind !== 'grpo') {
    throw new Error(`redistribute spreads each episode's reward over its steps after the rollout, which ${learner.kind} (it learns step by step) cannot wait for; use PPO, or delay instead`)
  }
  switch (learner.kind) {
    case 'ppo':
      return createPpoTrainer(env, mix, { ...learner, numEnvs: env.n }, rng)
    case 'qlearning':
      return createQLearningTrainer(env, mix, learner, rng)
    case 'sarsa':
    case 'expected_sarsa':
    case 'sarsa_lambda':
      return createTdTrainer(env, mix, learner, rng)
    case 'value_iteration':
      return createValueIterationTrainer(definition, params, env, mix, learner, rng)
    case 'reinforce':
      return createReinforceTrainer(env, mix, learner, rng)
    case 'grpo':
      return createGrpoTrainer(env, mix, learner, rng)
    case 'independent':
      return createIndependentTrainer(env, mix, learner, rng)
    case 'dpo':
      return createDpoTrainer(env, mix, learner, rng, params)
  }
}

/**
 * How many copies the learner steps. Copies come in whole teams or groups (coop's agents,
 * tokenseq's completions per prompt); GRPO steps groupsPerIteration groups of G.
 */
export function copiesFor(learner: LearnerOptions, spec: EnvSpec): number {
  const unit = spec.demoCopies ?? 1
  if (learner.kind === 'grpo') return learner.groupsPerIteration * (spec.demoCopies ?? learner.groupSize)
  // DPO samples groupsPerIteration prompts' groups for its curves; tokenseq's groups are its demo copies.
  if (learner.kind === 'dpo') return learner.groupsPerIteration * (spec.demoCopies ?? 1)
  return Math.ceil(learner.numEnvs / unit) * unit
}
