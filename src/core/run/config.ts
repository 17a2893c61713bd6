import { z } from 'zod'
import { RewardDesignSchema } from '../rewards/designSchema'
import { findEnv } from '../envs/registry'
import type { EnvSpec } from '../envs/types'
import { nameRecord, ownValue } from '../reservedNames'
import {
  ExpectedSarsaOptionsSchema,
  GrpoOptionsSchema,
  IndependentOptionsSchema,
  QLearningOptionsSchema,
  ReinforceOptionsSchema,
  SarsaLambdaOptionsSchema,
  SarsaOptionsSchema,
  ValueIterationOptionsSchema,
} from './learnerOptions'
import { DpoOptionsSchema } from './dpoOptions'
import { MAX_SEED } from '../rng'

export * from './learnerOptions'
export * from './dpoOptions'
export * from './samplerOptions'
// MountainCar's PPO is a fact of MountainCar (envs/mountaincar.ts says why); lessons name it from here.
export { MOUNTAINCAR_PPO } from '../envs/mountaincar'

/** The most environment steps one PPO batch may hold: each is kept with its observation and values. */
export const MAX_BATCH_STEPS = 65_536

/** PPO hyperparameters; the defaults are CleanRL's ppo.py defaults for CartPole. */
export const PpoOptionsSchema = z.object({
  kind: z.literal('ppo'),
  numEnvs: z.number().int().min(1).max(4096).default(4),
  numSteps: z.number().int().min(8).max(4096).default(128),
  numMinibatches: z.number().int().min(1).max(256).default(4),
  updateEpochs: z.number().int().min(1).max(64).default(4),
  learningRate: z.number().positive().max(1).default(2.5e-4),
  /** Anneal the learning rate linearly to 0 over totalSteps. */
  annealLr: z.boolean().default(true),
  totalSteps: z.number().int().min(1000).max(1e9).default(500_000),
  gamma: z.number().min(0).max(1).default(0.99),
  gaeLambda: z.number().min(0).max(1).default(0.95),
  normAdvantages: z.boolean().default(true),
  clipCoef: z.number().min(0).max(10).default(0.2),
  clipValueLoss: z.boolean().default(true),
  entCoef: z.number().min(0).max(10).default(0.01),
  vfCoef: z.number().min(0).max(10).default(0.5),
  maxGradNorm: z.number().positive().max(1e6).default(0.5),
  hiddenSize: z.number().int().min(1).max(1024).default(64),
  /** Normalise observations by their running mean and std (Gymnasium's NormalizeObservation), clipped to ±10. */
  normObs: z.boolean().default(false),
}).refine((options) => options.numEnvs * options.numSteps <= MAX_BATCH_STEPS, {
  message: `copies × steps per rollout must be at most ${MAX_BATCH_STEPS} (a batch larger than that stalls the browser)`,
  path: ['numSteps'],
})
export type PpoOptions = z.infer<typeof PpoOptionsSchema>

export const LearnerOptionsSchema = z.discriminatedUnion('kind', [
  PpoOptionsSchema,
  QLearningOptionsSchema,
  SarsaOptionsSchema,
  ExpectedSarsaOptionsSchema,
  SarsaLambdaOptionsSchema,
  ValueIterationOptionsSchema,
  ReinforceOptionsSchema,
  GrpoOptionsSchema,
  IndependentOptionsSchema,
  DpoOptionsSchema,
])
export type LearnerOptions = z.infer<typeof LearnerOptionsSchema>
export type LearnerKind = LearnerOptions['kind']

const finiteNumber = z.number().refine(Number.isFinite, 'must be a finite number')

export const RunConfigSchema = z.object({
  env: z.object({
    id: z.string().min(1),
    params: nameRecord(z.union([finiteNumber, z.string().max(10_000), z.boolean(), z.array(finiteNumber).max(1000)])).default({}),
  }),
  /** The reward design: weights, transforms, shaping, bonuses and custom terms (rewards/designSchema.ts). */
  mix: RewardDesignSchema.default(RewardDesignSchema.parse({})),
  learner: LearnerOptionsSchema,
  seed: z.number().int().min(0).max(MAX_SEED).default(1),
})
export type RunConfig = z.infer<typeof RunConfigSchema>

/**
 * PPO presets. `cleanrl`: CleanRL's ppo.py defaults (the schema's). `fast`: the same 512-step
 * batch as 16 copies × 32 steps, in 2 minibatches of 256 at a learning rate of 1e-2 — measured on
 * CartPole over seeds 1–20 (wasm, 4 epochs): mean return 475 after a median of 50k steps (32k–84k),
 * against 57k for 4 minibatches at 3e-3 and 140k–200k with CleanRL's defaults, with half the
 * gradient steps per batch. Fewer rollout steps per batch also means fewer forward passes.
 */
export const PPO_PRESETS = {
  fast: { numEnvs: 16, numSteps: 32, numMinibatches: 2, learningRate: 1e-2 },
  cleanrl: { numEnvs: 4, numSteps: 128, learningRate: 2.5e-4 },
} as const satisfies Record<string, Partial<PpoOptions>>
export type PpoPreset = keyof typeof PPO_PRESETS

/**
 * The learner each environment trains with by default: GRPO on token completions, else the one its
 * definition declares (CartPole: PPO's fast preset; MountainCar: MOUNTAINCAR_PPO), else PPO with
 * CleanRL's defaults, or Q-learning on discrete states.
 */
export function defaultLearnerFor(spec: Pick<EnvSpec, 'id' | 'discreteStates' | 'completions'>): LearnerOptions {
  if (spec.completions === 'tokens') return GrpoOptionsSchema.parse({ kind: 'grpo' })
  const declared = findEnv(spec.id)?.defaultLearner
  if (declared !== undefined) return LearnerOptionsSchema.parse({ kind: declared.kind, ...presetOptions(declared.preset), ...declared.options })
  return spec.discreteStates === null ? PpoOptionsSchema.parse({ kind: 'ppo' }) : QLearningOptionsSchema.parse({ kind: 'qlearning' })
}

/** The options of PPO's preset `name` ({} for none); an unknown name is a mistake in an environment's file. */
function presetOptions(name: string | undefined): Partial<PpoOptions> {
  if (name === undefined) return {}
  const preset = ownValue(PPO_PRESETS, name)
  if (preset === undefined) throw new Error(`unknown PPO preset "${name}"; accepted: ${Object.keys(PPO_PRESETS).join(', ')}`)
  return preset
}

/** Turn zod issues into one line: "learner.gamma: must be at most 1; seed: expected integer". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`).join('; ')
}
