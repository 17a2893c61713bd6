import { z } from 'zod'
import { AGGREGATION_ALIASES, aggregationNamed, AGGREGATIONS, type Aggregation } from '../losses/aggregation'
import { KL_ESTIMATORS, type KlEstimator } from '../losses/kl'
import { POLICY_LOSSES } from '../losses/policyLoss'
import { CLIP_COV_DEFAULTS, KL_COV_DEFAULTS, type ClipCovOptions, type KlCovOptions } from '../losses/covariance'
import { KL_CONTROL_DEFAULTS } from '../losses/klControl'
import { CLIP_COV_POLICY_LOSSES, DELTA_POLICY_LOSSES, KL_COV_POLICY_LOSSES, TEMPERATURE_POLICY_LOSSES } from '../losses/policyLosses'
import { SAPO_DEFAULT_TEMPERATURES, type SapoTemperatures } from '../losses/sapo'
import { quoted } from '../truncate'
import { SAMPLER_ABSENT_FIELDS, SAMPLER_FIELDS, samplerProblems } from './samplerOptions'
import { estimatorBaseline, GROUP_PRESETS, GroupEstimatorSchema, type GroupEstimator } from '../credit/estimatorSchema'
import { groupEstimatorOf } from '../credit/estimators'
import { TeamCreditSchema } from '../credit/teamCreditSchema'

// The estimator option lives with the estimators (src/core/credit/); the learner options say where it goes.
export { estimatorBaseline, GROUP_BASELINES, GROUP_PRESETS, GroupEstimatorSchema, isProcessBaseline, MAX_PASSK_K, passkOf, type GroupBaseline, type GroupEstimator } from '../credit/estimatorSchema'
export { TeamCreditSchema, type TeamCredit } from '../credit/teamCreditSchema'

/*
 * Hyperparameters of every learner except PPO (config.ts), validated at the boundaries (URL, file,
 * CLI, worker message). Defaults are the textbook or reference values named beside each one.
 */

/** Fields every tabular, ε-greedy, online learner shares (Sutton & Barto, chapter 6). */
const tabular = {
  numEnvs: z.number().int().min(1).max(4096).default(1),
  /** Steps per copy between metric reports. */
  stepsPerIteration: z.number().int().min(1).max(100_000).default(200),
  alpha: z.number().min(0).max(1).default(0.5),
  gamma: z.number().min(0).max(1).default(1),
  epsilon: z.number().min(0).max(1).default(0.1),
  initialValue: z.number().finite().default(0),
}

/** The most steps one report may cover (copies × steps per report): the worker answers pause and stop between reports. */
export const MAX_STEPS_PER_REPORT = 1_000_000

const boundedReport = {
  check: (options: { numEnvs: number; stepsPerIteration: number }) => options.numEnvs * options.stepsPerIteration <= MAX_STEPS_PER_REPORT,
  message: { message: `copies × steps per report must be at most ${MAX_STEPS_PER_REPORT}, so that pause and stop answer promptly`, path: ['stepsPerIteration'] },
}

/** Q(s,a) += α·(r + γ·max_a' Q(s',a') − Q(s,a)) */
export const QLearningOptionsSchema = z.object({ kind: z.literal('qlearning'), ...tabular }).refine(boundedReport.check, boundedReport.message)
export type QLearningOptions = z.infer<typeof QLearningOptionsSchema>

/** Q(s,a) += α·(r + γ·Q(s',a') − Q(s,a)), a' the action actually taken next (on-policy). */
export const SarsaOptionsSchema = z.object({ kind: z.literal('sarsa'), ...tabular }).refine(boundedReport.check, boundedReport.message)
export type SarsaOptions = z.infer<typeof SarsaOptionsSchema>

/** Q(s,a) += α·(r + γ·Σ_a' π(a'|s')·Q(s',a') − Q(s,a)) under the ε-greedy π. */
export const ExpectedSarsaOptionsSchema = z.object({ kind: z.literal('expected_sarsa'), ...tabular }).refine(boundedReport.check, boundedReport.message)
export type ExpectedSarsaOptions = z.infer<typeof ExpectedSarsaOptionsSchema>

/** SARSA(λ) with eligibility traces e: Q += α·δ·e, e ← γλ·e (replacing or accumulating traces). */
export const SarsaLambdaOptionsSchema = z.object({
  kind: z.literal('sarsa_lambda'),
  ...tabular,
  lambda: z.number().min(0).max(1).default(0.9),
  traces: z.enum(['replacing', 'accumulating']).default('replacing'),
}).refine(boundedReport.check, boundedReport.message)
export type SarsaLambdaOptions = z.infer<typeof SarsaLambdaOptionsSchema>

/** Value iteration on the environment's exact model: V(s) ← max_a Σ p(s',r|s,a)·(r + γ·V(s')). */
export const ValueIterationOptionsSchema = z.object({
  kind: z.literal('value_iteration'),
  numEnvs: z.number().int().min(1).max(4096).default(1),
  /** Steps per copy the greedy policy plays between reports (the curves come from these). */
  stepsPerIteration: z.number().int().min(1).max(100_000).default(200),
  gamma: z.number().min(0).max(1).default(0.99),
  /** Sweeps over every state per iteration. */
  sweepsPerIteration: z.number().int().min(1).max(1000).default(1),
  /** Stop sweeping once the largest change in V is below this. */
  tolerance: z.number().min(0).max(1).default(1e-8),
})
export type ValueIterationOptions = z.infer<typeof ValueIterationOptionsSchema>

/** REINFORCE (Williams 1992): ∇J ≈ Σ_t ∇log π(a_t|s_t)·(G_t − b(s_t)). */
export const ReinforceOptionsSchema = z.object({
  kind: z.literal('reinforce'),
  numEnvs: z.number().int().min(1).max(4096).default(8),
  /** Complete episodes collected per update. */
  episodesPerIteration: z.number().int().min(1).max(4096).default(16),
  learningRate: z.number().positive().max(1).default(1e-3),
  gamma: z.number().min(0).max(1).default(0.99),
  /** none: G_t alone; value: a learned V(s_t) baseline (REINFORCE with baseline). */
  baseline: z.enum(['none', 'value']).default('value'),
  entCoef: z.number().min(0).max(10).default(0),
  maxGradNorm: z.number().positive().max(1e6).default(0.5),
  hiddenSize: z.number().int().min(1).max(1024).default(64),
})
export type ReinforceOptions = z.infer<typeof ReinforceOptionsSchema>

/** KL to the reference in the loss (β·agg(KL), GRPO) or in the reward (−β·KL per token, PPO-RLHF and REINFORCE++). */
export const KL_PLACEMENTS = ['loss', 'reward'] as const
export type KlPlacement = (typeof KL_PLACEMENTS)[number]

/** Where GRPO's KL to the reference goes: absent is loss, as every design before the field. */
export function klPlacementOf(options: { klPlacement?: KlPlacement }): KlPlacement {
  return options.klPlacement ?? 'loss'
}

/**
 * GRPO's fields that are absent by default, by dotted path, with what their absence means: a
 * design without them trains, links and fingerprints as before they existed. The link and the
 * learner panel read and offer them as fields with these values.
 */
export const GRPO_ABSENT_FIELDS: Readonly<Record<string, string | number | null>> = {
  'estimator.baseline': 'group',
  'estimator.k': 1,
  klPlacement: 'loss',
  entropyTopFraction: 1,
  'progress.prover': 'off',
  'progress.weight': 1,
  tauPos: SAPO_DEFAULT_TEMPERATURES.pos,
  tauNeg: SAPO_DEFAULT_TEMPERATURES.neg,
  delta: null,
  clipCovRatio: CLIP_COV_DEFAULTS.ratio,
  clipCovLb: CLIP_COV_DEFAULTS.lb,
  clipCovUb: CLIP_COV_DEFAULTS.ub,
  klCovRatio: KL_COV_DEFAULTS.ratio,
  ppoKlCoef: KL_COV_DEFAULTS.coef,
  'klControl.target': null,
  'klControl.horizon': KL_CONTROL_DEFAULTS.horizon,
  ...SAMPLER_ABSENT_FIELDS,
}

/** Clip-Cov's ratio and band: absent, verl's 0.0002, 1 and 5. */
export function clipCovOf(options: { clipCovRatio?: number; clipCovLb?: number; clipCovUb?: number }): ClipCovOptions {
  return { ratio: options.clipCovRatio ?? CLIP_COV_DEFAULTS.ratio, lb: options.clipCovLb ?? CLIP_COV_DEFAULTS.lb, ub: options.clipCovUb ?? CLIP_COV_DEFAULTS.ub }
}

/** KL-Cov's ratio and coefficient: absent, verl's 0.0002 and 0.1. */
export function klCovOf(options: { klCovRatio?: number; ppoKlCoef?: number }): KlCovOptions {
  return { ratio: options.klCovRatio ?? KL_COV_DEFAULTS.ratio, coef: options.ppoKlCoef ?? KL_COV_DEFAULTS.coef }
}

/** SAPO's τ_pos and τ_neg: absent, verl's defaults 1 and 1.05. */
export function sapoTemperaturesOf(options: { tauPos?: number; tauNeg?: number }): SapoTemperatures {
  return { pos: options.tauPos ?? SAPO_DEFAULT_TEMPERATURES.pos, neg: options.tauNeg ?? SAPO_DEFAULT_TEMPERATURES.neg }
}

/** TRL's two-sided clip δ, or null where it is absent or off. */
export function deltaOf(options: { delta?: number | null }): number | null {
  return options.delta ?? null
}

/** The share of the batch's tokens that carry policy-gradient weight: absent is 1, every token. */
export function entropyTopFractionOf(options: { entropyTopFraction?: number }): number {
  return options.entropyTopFraction ?? 1
}

/**
 * What a preset sets beyond its estimator, where its name promises it: GRPO averages each
 * sequence's token losses, then the sequences (Shao et al. 2024); Dr. GRPO drops that per-sequence
 * length normalisation for one constant divisor, sequences × max length (Liu et al. 2025). The
 * others name an estimator only and leave the loss as it is.
 */
export const GROUP_PRESET_AGGREGATION: Partial<Record<keyof typeof GROUP_PRESETS, Aggregation>> = {
  grpo: 'seq-mean-token-mean',
  dr_grpo: 'seq-mean-token-sum-norm',
}

/**
 * Presets of the GRPO family that are no group baseline. reinforce_pp_openrlhf: REINFORCE++ as
 * OpenRLHF defines it (Hu et al. 2025; advantage_estimator "reinforce"): the KL in the reward by
 * OpenRLHF's default estimator k1, per-token returns-to-go normalised over the batch's tokens.
 * mc_grpo: MC-GRPO (Kim 2026), the mc_grpo baseline; its authors pair it with GRPO's, DAPO's and
 * Dr. GRPO's losses alike, so it leaves the loss and the KL as they are (no klPlacement, no kl).
 */
export const GRPO_PRESETS_BEYOND_GROUP: Record<string, { estimator: Partial<GroupEstimator>; klPlacement?: KlPlacement; kl?: KlEstimator }> = {
  reinforce_pp_openrlhf: { estimator: { baseline: 'token_batch' }, klPlacement: 'reward', kl: 'k1' },
  mc_grpo: { estimator: { baseline: 'mc_grpo' } },
}

/**
 * DAPO's dynamic sampling (Yu et al. 2025): draw rounds of groupsPerIteration groups and keep only
 * those whose mixed rewards differ (a silent group, all rewards equal, has zero advantage), until
 * groupsPerIteration such groups are in hand or maxRounds rounds are drawn. Every sampled
 * completion counts as environment steps, kept or not.
 */
export const DynamicSamplingSchema = z.object({
  enabled: z.boolean().default(false),
  /** The most rounds drawn for one update (verl's max_num_gen_batches; here the update then uses what it has). */
  maxRounds: z.number().int().min(1).max(64).default(10),
})
export type DynamicSampling = z.infer<typeof DynamicSamplingSchema>

const ACCEPTED_AGGREGATIONS = `${AGGREGATIONS.join(', ')} (verl's loss_agg_mode names), or the older ${Object.entries(AGGREGATION_ALIASES)
  .map(([alias, name]) => `${alias} (= ${name})`)
  .join(', ')}`

/** An aggregation by verl's name or by one of our older names, stored as verl's. */
const AggregationSchema = z.string({ error: (issue) => `unknown aggregation ${quoted(issue.input)}; accepted: ${ACCEPTED_AGGREGATIONS}` }).transform((name, context) => {
  const aggregation = aggregationNamed(name)
  if (aggregation === null) {
    context.addIssue({ code: 'custom', message: `unknown aggregation ${quoted(name)}; accepted: ${ACCEPTED_AGGREGATIONS}` })
    return z.NEVER
  }
  return aggregation
})

/** The largest dual clip C accepted: verl's default is 3; beyond 100 the cap on −A·r would hardly ever bind. */
export const MAX_DUAL_CLIP = 100
const DUAL_CLIP_MESSAGE = `the dual clip C must be a number above 1 and at most ${MAX_DUAL_CLIP}, or none (null)`
/** The largest two-sided clip δ (INTELLECT-2 uses 4). */
export const MAX_DELTA = 100
const DELTA_MESSAGE = `the two-sided clip δ must be a number above 1 and at most ${MAX_DELTA}, or none (null)`
/** The largest SAPO temperature. */
export const MAX_SAPO_TEMPERATURE = 100
/** The largest covariance bound of Clip-Cov's band (verl's are 1 and 5). */
export const MAX_CLIP_COV_BOUND = 1e6
const COV_RATIO_MESSAGE = (name: string) => `${name} must be a number above 0 and at most 1 (a share of the batch's tokens; verl's default 0.0002)`
const CLIP_COV_BOUND_MESSAGE = (name: string) => `Clip-Cov's ${name} must be a number from −${MAX_CLIP_COV_BOUND} to ${MAX_CLIP_COV_BOUND} (verl's band: lb 1, ub 5)`
/** The largest KL-Cov coefficient. */
export const MAX_PPO_KL_COEF = 100
const PPO_KL_COEF_MESSAGE = `KL-Cov's coefficient ppo_kl_coef must be a number from 0 to ${MAX_PPO_KL_COEF} (verl's default 0.1)`
/** The longest horizon of the adaptive KL controller. */
export const MAX_KL_HORIZON = 1e9
const KL_TARGET_MESSAGE = 'the adaptive KL controller’s target KL must be a number above 0 and at most 100 (verl’s target_kl: 0.1)'
const KL_HORIZON_MESSAGE = `the adaptive KL controller’s horizon must be a whole number from 1 to ${MAX_KL_HORIZON} (verl’s horizon: 10000)`

/**
 * verl's AdaptiveKLController (algorithm.kl_ctrl.type adaptive): β starts at the option's β and
 * after each update moves toward the KL target over the horizon (core/losses/klControl.ts).
 * Absent: β stays fixed (verl's FixedKLController), as designs before it.
 */
export const KlControlSchema = z.object({
  target: z.number({ error: KL_TARGET_MESSAGE }).gt(0, KL_TARGET_MESSAGE).max(100, KL_TARGET_MESSAGE),
  horizon: z.number({ error: KL_HORIZON_MESSAGE }).int(KL_HORIZON_MESSAGE).min(1, KL_HORIZON_MESSAGE).max(MAX_KL_HORIZON, KL_HORIZON_MESSAGE).default(KL_CONTROL_DEFAULTS.horizon),
}, { error: () => 'klControl must be an object { target: a KL above 0, horizon: a whole number of at least 1 (default 10000) }' }).strict()
export type KlControlOptions = z.infer<typeof KlControlSchema>

const temperatureMessage = (name: string) => `the SAPO temperature ${name} must be a number above 0 and at most ${MAX_SAPO_TEMPERATURE} (verl's defaults: τ_pos 1, τ_neg 1.05)`

/**
 * Which network is PAV's prover μ: start, the frozen starting policy (the KL's reference); current,
 * the policy that sampled the batch; fixed, a policy trained once by outcome-only GRPO and stored
 * with the environment (EnvDefinition.proverProgress.fixedProver), stronger than the start policy.
 */
export const PROGRESS_PROVERS = ['start', 'current', 'fixed'] as const
export type ProgressProver = (typeof PROGRESS_PROVERS)[number]

/** Each prover in words, for messages. */
export const PROGRESS_PROVER_MEANINGS: Record<ProgressProver, string> = {
  start: 'the frozen starting policy',
  current: 'the policy that sampled the batch',
  fixed: 'a stronger policy trained once by outcome-only GRPO and stored with the environment',
}
const ACCEPTED_PROVERS = PROGRESS_PROVERS.map((prover) => `${prover} (${PROGRESS_PROVER_MEANINGS[prover]})`).join(', ')

/** The largest weight of PAV's progress. */
export const MAX_PROGRESS_WEIGHT = 10
const PROGRESS_WEIGHT_MESSAGE = `the progress weight must be a number above 0 and at most ${MAX_PROGRESS_WEIGHT}`

/**
 * PAV's process reward (Setlur et al. 2024): p_t = weight·A_t at each token, A_t the change the
 * token makes in the prover μ's chance of finishing right (core/credit/progressRewards.ts).
 */
export const ProgressSchema = z.object({
  prover: z.enum(PROGRESS_PROVERS, { error: (issue) => `unknown progress prover ${quoted(issue.input)}; accepted: ${ACCEPTED_PROVERS}` }),
  weight: z.number({ error: PROGRESS_WEIGHT_MESSAGE }).gt(0, PROGRESS_WEIGHT_MESSAGE).max(MAX_PROGRESS_WEIGHT, PROGRESS_WEIGHT_MESSAGE).default(1),
}, { error: () => `progress must be an object { prover: ${PROGRESS_PROVERS.map((prover) => `'${prover}'`).join(' | ')}, weight: a number above 0 and at most ${MAX_PROGRESS_WEIGHT} }` }).strict()
export type ProgressOptions = z.infer<typeof ProgressSchema>

/** The baselines that cannot take PAV's progress in the reward, and why. */
const PROGRESS_REFUSED_BASELINES: Partial<Record<string, string>> = {
  remax: "ReMax's greedy completion is its baseline, and its progress is not computed",
  passk: 'pass@k judges each answer right or wrong by its task reward, which progress would blur',
  passk_verl: 'pass@k judges each answer right or wrong by its task reward, which progress would blur',
}

const ENTROPY_TOP_FRACTION_MESSAGE = 'the high-entropy token fraction q must be a number above 0 and at most 1 (1 trains on every token; the paper uses 0.2)'

/** GRPO-family policy optimisation for group-sampled tasks (tokenseq, bandit): TRL's loop, with verl's policy losses, aggregations and KL estimators. */
export const GrpoOptionsSchema = z.object({
  kind: z.literal('grpo'),
  /** Groups (prompts) sampled per update. */
  groupsPerIteration: z.number().int().min(1).max(1024).default(16),
  /** Completions per group, G, where the environment has no group size of its own. */
  groupSize: z.number().int().min(1).max(256).default(8),
  learningRate: z.number().positive().max(1).default(1e-3),
  /** Optimisation passes over each batch (μ in the GRPO paper). */
  updateEpochs: z.number().int().min(1).max(64).default(1),
  /**
   * Each token's policy-loss term, as verl's core_algos.py (src/core/losses/): ppo, the clipped
   * per-token ratio; gspo, one ratio per sequence (its gradient through that ratio); gspo_token,
   * GSPO's numbers with each token's own gradient; cispo, REINFORCE weighted by the clipped ratio
   * under a stop gradient; geo_mean and sapo, GMPO's and SAPO's; clip_cov and kl_cov, PPO's clip
   * with a few high-covariance tokens detached, and the unclipped ratio with a KL penalty on a few
   * (Cui et al. 2025); reinforce, −A·log π.
   */
  policyLoss: z.enum(POLICY_LOSSES, { error: (issue) => `unknown policy loss ${quoted(issue.input)}; accepted: ${POLICY_LOSSES.join(', ')}` }).default('ppo'),
  epsLow: z.number().min(0).max(1).default(0.2),
  epsHigh: z.number().min(0).max(10).default(0.2),
  /** Dual clip C (Ye et al. 2020, verl's clip_ratio_c), ppo only: where A < 0 the token's loss is at most −A·C. */
  dualClip: z.number({ error: DUAL_CLIP_MESSAGE }).gt(1, DUAL_CLIP_MESSAGE).max(MAX_DUAL_CLIP, DUAL_CLIP_MESSAGE).nullable().default(null),
  /**
   * SAPO's gate temperatures (verl's tau_pos, tau_neg; TRL's sapo_temperature_pos/neg), sapo only:
   * τ_pos for tokens with A > 0, τ_neg for the rest. Absent: verl's 1 and 1.05, as designs before them.
   */
  tauPos: z.number({ error: temperatureMessage('τ_pos') }).gt(0, temperatureMessage('τ_pos')).max(MAX_SAPO_TEMPERATURE, temperatureMessage('τ_pos')).optional(),
  tauNeg: z.number({ error: temperatureMessage('τ_neg') }).gt(0, temperatureMessage('τ_neg')).max(MAX_SAPO_TEMPERATURE, temperatureMessage('τ_neg')).optional(),
  /**
   * TRL's two-sided clip δ (INTELLECT-2), ppo only: the unclipped ratio is capped above at δ, so a
   * negative advantage's loss is at most −A·δ. Absent or null: none, as designs before it.
   */
  delta: z.number({ error: DELTA_MESSAGE }).gt(1, DELTA_MESSAGE).max(MAX_DELTA, DELTA_MESSAGE).nullable().optional(),
  /**
   * Clip-Cov (verl's clip_cov_ratio, clip_cov_lb, clip_cov_ub), clip_cov only: the share of tokens
   * detached and the band of covariance they are drawn from. Absent: verl's 0.0002, 1 and 5.
   */
  clipCovRatio: z.number({ error: COV_RATIO_MESSAGE('clip_cov_ratio') }).gt(0, COV_RATIO_MESSAGE('clip_cov_ratio')).max(1, COV_RATIO_MESSAGE('clip_cov_ratio')).optional(),
  clipCovLb: z.number({ error: CLIP_COV_BOUND_MESSAGE('lb') }).min(-MAX_CLIP_COV_BOUND, CLIP_COV_BOUND_MESSAGE('lb')).max(MAX_CLIP_COV_BOUND, CLIP_COV_BOUND_MESSAGE('lb')).optional(),
  clipCovUb: z.number({ error: CLIP_COV_BOUND_MESSAGE('ub') }).min(-MAX_CLIP_COV_BOUND, CLIP_COV_BOUND_MESSAGE('ub')).max(MAX_CLIP_COV_BOUND, CLIP_COV_BOUND_MESSAGE('ub')).optional(),
  /** KL-Cov (verl's kl_cov_ratio, ppo_kl_coef), kl_cov only: the share of tokens penalised and the penalty's weight. Absent: verl's 0.0002 and 0.1. */
  klCovRatio: z.number({ error: COV_RATIO_MESSAGE('kl_cov_ratio') }).gt(0, COV_RATIO_MESSAGE('kl_cov_ratio')).max(1, COV_RATIO_MESSAGE('kl_cov_ratio')).optional(),
  ppoKlCoef: z.number({ error: PPO_KL_COEF_MESSAGE }).min(0, PPO_KL_COEF_MESSAGE).max(MAX_PPO_KL_COEF, PPO_KL_COEF_MESSAGE).optional(),
  /** KL penalty coefficient β to the frozen reference policy: in the loss, L = policy loss + β·agg(KL); in the reward, −β·KL_t at each token. */
  beta: z.number().min(0).max(10).default(0.04),
  /** verl's adaptive KL controller for β (target KL, horizon); absent, β is fixed, as designs before it. */
  klControl: KlControlSchema.optional(),
  /**
   * Where the KL goes: loss (absent: β·agg(KL) in the loss, GRPO) or reward (−β·KL_t of the
   * sampling policy against the reference, computed at rollout, added to each token's reward, and
   * no KL term in the loss: PPO-RLHF, REINFORCE++). Absent by default, as designs before it.
   */
  klPlacement: z.enum(KL_PLACEMENTS, { error: (issue) => `unknown KL placement ${quoted(issue.input)}; accepted: ${KL_PLACEMENTS.join(', ')}` }).optional(),
  /** The per-token KL estimator: k1 = log π − log π_ref, k2 = ½d², k3 = e^d − d − 1 (d = log π_ref − log π), with verl's clamps. */
  kl: z.enum(KL_ESTIMATORS, { error: (issue) => `unknown KL estimator ${quoted(issue.input)}; accepted: ${KL_ESTIMATORS.join(', ')}` }).default('k3'),
  /**
   * verl's names: seq-mean-token-mean, mean over tokens then sequences (GRPO); token-mean, sum ÷
   * token count (DAPO); seq-mean-token-sum-norm, sum ÷ (G·max length) (Dr. GRPO); token-sum;
   * seq-mean-token-sum. The older sequence, token and constant are read as the first three.
   */
  aggregation: AggregationSchema.default('seq-mean-token-mean'),
  estimator: GroupEstimatorSchema.default(GroupEstimatorSchema.parse({})),
  /** Off by default: every group drawn is trained on. */
  dynamicSampling: DynamicSamplingSchema.default(DynamicSamplingSchema.parse({})),
  /**
   * DAPO's overlong filtering (Yu et al. 2025): the tokens of a completion cut at the task's limit
   * (tokenseq: max_length tokens without end) weigh 0 in the loss, and the aggregation counts only
   * the kept completions and tokens; its advantage still counts in its group's statistics. Off by
   * default: every completion is trained on.
   */
  maskTruncated: z.boolean().default(false),
  /**
   * High-entropy token training (Wang et al. 2025, "the 80/20 rule"; their q = 0.2): only the top
   * q fraction of the batch's tokens by the current policy's entropy carry policy-gradient weight
   * (src/learn/entropyMask.ts); the KL term is unaffected. Absent (or 1): every token, as designs before it.
   */
  entropyTopFraction: z.number({ error: ENTROPY_TOP_FRACTION_MESSAGE }).gt(0, ENTROPY_TOP_FRACTION_MESSAGE).max(1, ENTROPY_TOP_FRACTION_MESSAGE).optional(),
  /**
   * PAV's progress (Setlur et al. 2024) as a per-token reward the learner adds, on environments that
   * compute it (EnvDefinition.proverProgress): p_t = weight·A_t under the prover μ (start, current,
   * or fixed where the environment stores a prover). Absent: off, as designs before it.
   */
  progress: ProgressSchema.optional(),
  maxGradNorm: z.number().positive().max(1e6).default(1),
  hiddenSize: z.number().int().min(1).max(1024).default(64),
  /**
   * The sampler, when it is not the learner (temperature, top-p, staleness in updates, logit noise),
   * and the loss's correction for it (TRL's vllm_importance_sampling_mode and bounds): samplerOptions.ts.
   */
  ...SAMPLER_FIELDS,
})
  .refine((options) => options.groupsPerIteration * options.groupSize <= 65_536, { message: 'groups × group size must be at most 65536 completions per update', path: ['groupsPerIteration'] })
  // verl applies clip_ratio_c in its vanilla (ppo) loss only.
  .superRefine((options, context) => {
    if (options.dualClip !== null && options.policyLoss !== 'ppo') {
      context.addIssue({ code: 'custom', message: `the dual clip C applies to the ppo policy loss only, not ${options.policyLoss}; set it to none for ${options.policyLoss}`, path: ['dualClip'] })
    }
    // TRL applies delta in its clipped surrogate; here that is ppo's.
    if (deltaOf(options) !== null && !DELTA_POLICY_LOSSES.includes(options.policyLoss)) {
      context.addIssue({ code: 'custom', message: `the two-sided clip δ applies to the ${DELTA_POLICY_LOSSES.join(', ')} policy loss only, not ${options.policyLoss}; set it to none for ${options.policyLoss}`, path: ['delta'] })
    }
    for (const [field, name] of [['clipCovRatio', 'clip_cov_ratio'], ['clipCovLb', 'clip_cov_lb'], ['clipCovUb', 'clip_cov_ub']] as const) {
      if (options[field] !== undefined && !CLIP_COV_POLICY_LOSSES.includes(options.policyLoss)) {
        context.addIssue({ code: 'custom', message: `Clip-Cov's ${name} applies to the ${CLIP_COV_POLICY_LOSSES.join(', ')} policy loss only, not ${options.policyLoss}; leave it out for ${options.policyLoss}`, path: [field] })
      }
    }
    const band = clipCovOf(options)
    if (!(band.lb < band.ub)) context.addIssue({ code: 'custom', message: `Clip-Cov's band needs clip_cov_lb below clip_cov_ub, got ${band.lb} and ${band.ub}`, path: ['clipCovUb'] })
    for (const [field, name] of [['klCovRatio', 'kl_cov_ratio'], ['ppoKlCoef', 'ppo_kl_coef']] as const) {
      if (options[field] !== undefined && !KL_COV_POLICY_LOSSES.includes(options.policyLoss)) {
        context.addIssue({ code: 'custom', message: `KL-Cov's ${name} applies to the ${KL_COV_POLICY_LOSSES.join(', ')} policy loss only, not ${options.policyLoss}; leave it out for ${options.policyLoss}`, path: [field] })
      }
    }
    // β ← β·mult never leaves 0
    if (options.klControl !== undefined && options.beta === 0) {
      context.addIssue({ code: 'custom', message: 'the adaptive KL controller multiplies β, which is 0 here and would stay 0; set β above 0 or leave klControl out', path: ['klControl', 'target'] })
    }
    for (const problem of samplerProblems(options)) context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] })
    for (const [field, name] of [['tauPos', 'τ_pos'], ['tauNeg', 'τ_neg']] as const) {
      if (options[field] !== undefined && !TEMPERATURE_POLICY_LOSSES.includes(options.policyLoss)) {
        context.addIssue({ code: 'custom', message: `the SAPO temperature ${name} applies to the ${TEMPERATURE_POLICY_LOSSES.join(', ')} policy loss only, not ${options.policyLoss}; leave it out for ${options.policyLoss}`, path: [field] })
      }
    }
  })
  // An estimator may refuse the KL in the reward (pass@k's verdict is the task's right or wrong) or
  // dynamic sampling (ReMax's greedy rollout replays one round's prompts); its record says why.
  .superRefine((options, context) => {
    const why = groupEstimatorOf(estimatorBaseline(options.estimator)).refusesKlInReward
    if (why !== undefined && klPlacementOf(options) === 'reward') context.addIssue({ code: 'custom', message: why, path: ['klPlacement'] })
  })
  .superRefine((options, context) => {
    const why = groupEstimatorOf(estimatorBaseline(options.estimator)).refusesDynamicSampling
    if (why !== undefined && options.dynamicSampling.enabled) context.addIssue({ code: 'custom', message: why, path: ['estimator', 'baseline'] })
  })
  // Progress is computed for the batch's sampled completions: not for ReMax's greedy one, and not per dynamic-sampling round.
  .superRefine((options, context) => {
    if (options.progress === undefined) return
    const why = PROGRESS_REFUSED_BASELINES[estimatorBaseline(options.estimator)]
    if (why !== undefined) context.addIssue({ code: 'custom', message: `progress does not combine with the ${estimatorBaseline(options.estimator)} baseline: ${why}; pick another baseline or turn progress off`, path: ['progress'] })
    if (options.dynamicSampling.enabled) context.addIssue({ code: 'custom', message: 'progress does not combine with dynamic sampling (its rounds keep groups by the task reward alone); turn one of them off', path: ['progress'] })
  })
  // Every round is sampled before the worker can answer pause or stop.
  .refine((options) => !options.dynamicSampling.enabled || options.groupsPerIteration * options.groupSize * options.dynamicSampling.maxRounds <= MAX_STEPS_PER_REPORT, {
    message: `with dynamic sampling, groups × group size × max rounds must be at most ${MAX_STEPS_PER_REPORT} completions per update, so that pause and stop answer promptly`,
    path: ['dynamicSampling', 'maxRounds'],
  })
export type GrpoOptions = z.infer<typeof GrpoOptionsSchema>

/** Independent learners, one per agent seat (coop), each trained on the credit the user picks. */
export const IndependentOptionsSchema = z.object({
  kind: z.literal('independent'),
  numEnvs: z.number().int().min(1).max(4096).default(8),
  stepsPerIteration: z.number().int().min(1).max(100_000).default(50),
  learningRate: z.number().positive().max(10).default(0.05),
  credit: TeamCreditSchema.default('equal'),
  /** For credit = mix: α·local + (1 − α)·team. */
  alpha: z.number().min(0).max(1).default(0.5),
}).refine(boundedReport.check, boundedReport.message)
export type IndependentOptions = z.infer<typeof IndependentOptionsSchema>
