import { AGGREGATIONS } from '../core/losses/aggregation'
import { KL_ESTIMATOR_RECORDS, KL_ESTIMATORS } from '../core/losses/klEstimators'
import { POLICY_LOSS_RECORDS, POLICY_LOSSES } from '../core/losses/policyLosses'
import { DPO_LOSSES } from '../core/preferences/dpo'
import { GROUP_ESTIMATORS } from '../core/credit/estimators'
import { SAMPLER_CORRECTION_MODES } from '../core/losses/offPolicyCorrection'
import { GROUP_BASELINES, GRPO_ABSENT_FIELDS, KL_PLACEMENTS, MAX_DELTA, MAX_PPO_KL_COEF, MAX_PROGRESS_WEIGHT, MAX_SAPO_TEMPERATURE, PROGRESS_PROVERS, type LearnerKind, type LearnerOptions } from '../core/run/config'
import { withoutPath, withPath } from './paths'

/** One editable hyperparameter: a dotted path into the learner's options. */
export interface LearnerField {
  path: string
  label: string
  kind: 'number' | 'boolean' | 'choice'
  options?: readonly string[]
  /** A number that may be off (null): an empty box turns it off. */
  optional?: boolean
  /** A field absent by default (GRPO_ABSENT_FIELDS): what the control shows while it is absent (null: an empty box, off); picking it leaves the field absent. */
  absent?: string | number | null
  /** The object that goes whole when the absent value is picked (GRPO's progress with its prover off: no progress, weight included), by dotted path. */
  absentDrops?: string
  /** Shown only for learners it says yes to (absent: always): a DPO recipe's fields only while the set is a recipe. */
  shownFor?: (learner: LearnerOptions) => boolean
  hint: string
}

/** The GRPO policy loss is `name`: its own options mean something. */
const lossIs = (name: string) => (learner: LearnerOptions) => learner.kind === 'grpo' && learner.policyLoss === name

/** The adaptive KL controller is on: its horizon means something. */
const klControlOn = (learner: LearnerOptions) => learner.kind === 'grpo' && learner.klControl !== undefined

const drawsByRecipe = (learner: LearnerOptions) => learner.kind === 'dpo' && learner.preferences.source === 'start'

/** A sampler correction is set: its bounds mean something. */
const samplerCorrectionOn = (learner: LearnerOptions) => learner.kind === 'grpo' && learner.samplerCorrection !== undefined

/** PAV's progress is on: its weight means something (and with the prover off there is no progress object to hold one). */
const progressOn = (learner: LearnerOptions) => learner.kind === 'grpo' && learner.progress !== undefined

/** What each prover of PAV's progress is; a prover without a line here is still offered, by its name. */
const PROVER_HINTS: Partial<Record<string, string>> = {
  start: 'the frozen starting policy (the KL’s reference) is the prover',
  current: 'the policy that sampled the batch, before the update moves it, is the prover',
  fixed: 'a policy trained once by GRPO on correct alone and stored with the task (much stronger than the starting policy) is the prover',
}

const TABULAR: LearnerField[] = [
  { path: 'alpha', label: 'step size α', kind: 'number', hint: 'How far each update moves Q toward its target (0–1).' },
  { path: 'gamma', label: 'discount γ', kind: 'number', hint: 'Weight of the future: 1 counts every step, 0 only the next reward.' },
  { path: 'epsilon', label: 'exploration ε', kind: 'number', hint: 'Chance of a random action (ε-greedy).' },
]

/** The baselines besides group that read the scale (their record's `reads`). */
const SCALED_BASELINES = GROUP_ESTIMATORS.filter((estimator) => estimator.name !== 'group' && (estimator.reads as readonly string[]).includes('scale')).map((estimator) => estimator.name)

const GROUP: LearnerField[] = [
  {
    path: 'estimator.baseline',
    label: 'baseline',
    kind: 'choice',
    options: GROUP_BASELINES,
    absent: GRPO_ABSENT_FIELDS['estimator.baseline'],
    hint: `What each answer’s reward is measured against. ${GROUP_ESTIMATORS.map((estimator) => `${estimator.name}: ${estimator.hint}`).join(' ')} All but group ignore centre, rank and combine, and all but ${['group', ...SCALED_BASELINES].join(' and ')} ignore scale.`,
  },
  { path: 'estimator.center', label: 'centre', kind: 'choice', options: ['mean', 'median', 'loo', 'batch'], hint: 'Baseline: group mean (GRPO), median, leave-one-out (RLOO) or batch mean. MC-GRPO is a baseline of its own (mc_grpo).' },
  { path: 'estimator.scale', label: 'scale', kind: 'choice', options: ['group', 'batch', 'none'], hint: 'Divide by the group’s or the batch’s std (Bessel), or not at all (Dr. GRPO); passk_verl takes group or none.' },
  { path: 'estimator.rank', label: 'rank rewards', kind: 'boolean', hint: 'Replace rewards by their rank in the group first (scale-free).' },
  { path: 'estimator.combine', label: 'combine rewards', kind: 'choice', options: ['sum', 'decoupled'], hint: 'Sum the weighted components first, or normalise each component first (GDPO).' },
  { path: 'estimator.batchNormalize', label: 'batch-normalise', kind: 'boolean', hint: 'Finally z-score every advantage over the whole batch.' },
  { path: 'estimator.k', label: 'pass@k k', kind: 'number', absent: GRPO_ABSENT_FIELDS['estimator.k'], hint: 'passk only: how many of a group’s answers one pass@k draw takes, 1 to the group size (1: GRPO with the population std).' },
  {
    path: 'policyLoss',
    label: 'policy loss',
    kind: 'choice',
    options: POLICY_LOSSES,
    hint: POLICY_LOSS_RECORDS.map((loss) => `${loss.name}: ${loss.hint}`).join(' '),
  },
  {
    path: 'aggregation',
    label: 'loss aggregation',
    kind: 'choice',
    options: AGGREGATIONS,
    hint: 'verl’s names. seq-mean-token-mean: mean per answer, then over answers (GRPO; once "sequence"). token-mean: every token alike (DAPO; once "token"). seq-mean-token-sum-norm: sum ÷ (answers × max length) (Dr. GRPO; once "constant"). token-sum, seq-mean-token-sum: sums. GSPO always takes the mean per answer; the KL follows this.',
  },
  { path: 'epsLow', label: 'clip ε low', kind: 'number', hint: 'Lower clip of the ratio: 1 − ε_low.' },
  { path: 'epsHigh', label: 'clip ε high', kind: 'number', hint: 'Upper clip of the ratio: 1 + ε_high (DAPO raises it).' },
  { path: 'dualClip', label: 'dual clip C', kind: 'number', optional: true, hint: 'ppo only: where the advantage is negative, a token’s loss is at most −A·C, so one token whose ratio has run far cannot dominate (C above 1, up to 100; verl’s clip_ratio_c is 3). Empty for none.' },
  {
    path: 'delta',
    label: 'two-sided clip δ',
    kind: 'number',
    optional: true,
    absent: GRPO_ABSENT_FIELDS.delta,
    hint: `ppo only: TRL’s delta (INTELLECT-2): the unclipped ratio is capped at δ, so a token with a negative advantage whose ratio has run far loses at most −A·δ (above 1, up to ${MAX_DELTA}; INTELLECT-2 uses 4, TRL recommends above 1 + ε). Empty for none.`,
  },
  {
    path: 'tauPos',
    label: 'SAPO τ_pos',
    kind: 'number',
    absent: GRPO_ABSENT_FIELDS.tauPos,
    hint: `sapo only: the gate’s temperature for tokens with a positive advantage; the larger, the faster a token’s gradient fades as its ratio leaves 1 (above 0, up to ${MAX_SAPO_TEMPERATURE}; verl’s tau_pos, default 1).`,
  },
  {
    path: 'tauNeg',
    label: 'SAPO τ_neg',
    kind: 'number',
    absent: GRPO_ABSENT_FIELDS.tauNeg,
    hint: `sapo only: the same for tokens with a negative or zero advantage (verl’s tau_neg, default 1.05: negative updates fade a little faster).`,
  },
  {
    path: 'clipCovRatio',
    label: 'Clip-Cov ratio',
    kind: 'number',
    absent: GRPO_ABSENT_FIELDS.clipCovRatio,
    shownFor: lossIs('clip_cov'),
    hint: 'clip_cov: the share of the batch’s tokens whose gradient is detached, at least one token (above 0, at most 1; verl’s clip_cov_ratio, default 0.0002). They are drawn at random, from the run’s seed, among the tokens PPO’s clip leaves alone whose covariance of log π and advantage lies inside the band. Diagnostics show cov_selected_fraction.',
  },
  { path: 'clipCovLb', label: 'Clip-Cov band low', kind: 'number', absent: GRPO_ABSENT_FIELDS.clipCovLb, shownFor: lossIs('clip_cov'), hint: 'clip_cov: a token is drawn only where its covariance (A − mean A)·(log π − mean log π) is above this (verl’s clip_cov_lb, default 1).' },
  { path: 'clipCovUb', label: 'Clip-Cov band high', kind: 'number', absent: GRPO_ABSENT_FIELDS.clipCovUb, shownFor: lossIs('clip_cov'), hint: 'clip_cov: … and below this (verl’s clip_cov_ub, default 5); above the band low.' },
  {
    path: 'klCovRatio',
    label: 'KL-Cov ratio',
    kind: 'number',
    absent: GRPO_ABSENT_FIELDS.klCovRatio,
    shownFor: lossIs('kl_cov'),
    hint: 'kl_cov: the share of the batch’s tokens, those of largest covariance of log π and advantage, that take the KL penalty, at least one token (above 0, at most 1; verl’s kl_cov_ratio, default 0.0002). Diagnostics show cov_selected_fraction.',
  },
  { path: 'ppoKlCoef', label: 'KL-Cov coefficient', kind: 'number', absent: GRPO_ABSENT_FIELDS.ppoKlCoef, shownFor: lossIs('kl_cov'), hint: `kl_cov: the weight of |log π − log π_old| added to each selected token’s loss (0 to ${MAX_PPO_KL_COEF}; verl’s ppo_kl_coef, default 0.1).` },
  { path: 'beta', label: 'KL coefficient β', kind: 'number', hint: 'Weight of the KL to the frozen starting policy, in the loss or in the reward (KL placement); with a KL target, where β starts.' },
  {
    path: 'klControl.target',
    label: 'KL target (adaptive β)',
    kind: 'number',
    optional: true,
    absent: GRPO_ABSENT_FIELDS['klControl.target'],
    absentDrops: 'klControl',
    hint: 'verl’s adaptive KL controller: after each update β is multiplied by 1 + e·n/horizon, e = KL/target − 1 clipped to ±0.2, KL the sampling policy’s mean KL to the starting policy, n the update’s answers (verl’s target_kl, 0.1). Diagnostics show kl_coef, the β each update used. Empty: β stays fixed.',
  },
  { path: 'klControl.horizon', label: 'KL horizon', kind: 'number', absent: GRPO_ABSENT_FIELDS['klControl.horizon'], shownFor: klControlOn, hint: 'With a KL target: how many answers β takes to move by e, a whole number from 1 (verl’s horizon, default 10000).' },
  {
    path: 'klPlacement',
    label: 'KL placement',
    kind: 'choice',
    options: KL_PLACEMENTS,
    absent: GRPO_ABSENT_FIELDS.klPlacement,
    hint: 'loss: β times the KL in the loss (GRPO). reward: −β·KL of each token, from the sampling and the starting policy at rollout, added to that token’s reward, and no KL in the loss (PPO-RLHF, REINFORCE++); diagnostics show kl_penalty, its mean share of an answer’s reward.',
  },
  { path: 'kl', label: 'KL estimator', kind: 'choice', options: KL_ESTIMATORS, hint: `Per token, with d = log π_ref − log π: ${KL_ESTIMATOR_RECORDS.map((kl) => `${kl.name} = ${kl.hint}`).join(', ')}.` },
  { path: 'groupsPerIteration', label: 'groups per update', kind: 'number', hint: 'Prompts sampled per update; each gets a group of completions.' },
  {
    path: 'dynamicSampling.enabled',
    label: 'dynamic sampling',
    kind: 'boolean',
    hint: 'DAPO: drop groups whose rewards are all equal and draw more until the update has as many groups with signal; every completion drawn counts as steps.',
  },
  { path: 'dynamicSampling.maxRounds', label: 'max sampling rounds', kind: 'number', hint: 'With dynamic sampling: the most rounds of groups drawn for one update (1–64); then it trains on what it found.' },
  {
    path: 'maskTruncated',
    label: 'mask truncated completions',
    kind: 'boolean',
    hint: 'DAPO’s overlong filtering: an answer cut at max_length without end carries no weight in the loss, which averages over the kept answers and tokens only; its advantage still counts in its group. Diagnostics show the truncated fraction.',
  },
  {
    path: 'entropyTopFraction',
    label: 'high-entropy token fraction',
    kind: 'number',
    absent: GRPO_ABSENT_FIELDS.entropyTopFraction,
    hint: 'The 80/20 rule (Wang et al. 2025; they use 0.2): only this share of the batch’s tokens, those where the policy is least sure (highest entropy), carry the policy gradient; the rest weigh 0 while the loss still divides by every token, and the KL is unaffected. Ties at the threshold are kept. Above 0, at most 1 (1: every token). Diagnostics show entropy_mask_fraction, the share kept.',
  },
  {
    path: 'progress.prover',
    label: 'PAV progress prover',
    kind: 'choice',
    options: ['off', ...PROGRESS_PROVERS],
    absent: GRPO_ABSENT_FIELDS['progress.prover'],
    absentDrops: 'progress',
    hint: `PAV’s progress (Setlur et al. 2024): each token earns the change it makes in a prover policy’s chance of finishing with a right answer, p = weight × (chance after the token − chance before), added to that token’s advantage in the loss, not to the reward the baseline judges (summed into the reward it would shift every answer of a group alike). off: none. ${PROGRESS_PROVERS.map((prover) => `${prover}: ${PROVER_HINTS[prover] ?? 'a prover of its own'}.`).join(' ')} Offered on the token task only, whose chance of success is computed exactly; not with ReMax, pass@k or dynamic sampling. Changing it starts a new run; the Credit panel colours each token by its progress.`,
  },
  {
    path: 'progress.weight',
    label: 'PAV progress weight α',
    kind: 'number',
    absent: GRPO_ABSENT_FIELDS['progress.weight'],
    shownFor: progressOn,
    hint: `PAV’s α: how much of the prover’s change in its chance of a right answer each token’s advantage gets, above 0 and at most ${MAX_PROGRESS_WEIGHT}. Shown while a prover is on; changing it starts a new run.`,
  },
  { path: 'samplerTemperature', label: 'sampler temperature', kind: 'number', absent: GRPO_ABSENT_FIELDS.samplerTemperature, hint: 'The sampler divides the logits by T before it draws (above 0, at most 10; 1: the learner’s own), as an inference engine set hotter or colder than the trainer. Changing it starts a new run; diagnostics show sampler_kl and the ratio π_learner/π_sampler.' },
  { path: 'samplerTopP', label: 'sampler top-p', kind: 'number', absent: GRPO_ABSENT_FIELDS.samplerTopP, hint: 'Nucleus sampling: the sampler draws only from its likeliest tokens whose probabilities add up to p (above 0, at most 1; 1: every token). Changing it starts a new run.' },
  { path: 'samplerStaleness', label: 'sampler staleness (updates)', kind: 'number', absent: GRPO_ABSENT_FIELDS.samplerStaleness, hint: 'An asynchronous trainer: the answers of update t come from the policy of update t − k (0 to 64; 0: the current policy). Changing it starts a new run.' },
  { path: 'samplerLogitNoise', label: 'sampler logit noise σ', kind: 'number', absent: GRPO_ABSENT_FIELDS.samplerLogitNoise, hint: 'Gaussian noise of this σ on the sampler’s logits, standing for lower precision (0 to 10; 0: none). Changing it starts a new run.' },
  {
    path: 'samplerCorrection',
    label: 'sampler correction',
    kind: 'choice',
    options: ['off', ...SAMPLER_CORRECTION_MODES],
    absent: GRPO_ABSENT_FIELDS.samplerCorrection,
    hint: 'TRL’s vllm_importance_sampling_mode: each token’s policy loss is weighed by its ratio ρ = π_learner/π_sampler (sequence_*: the product over the answer), truncated to [C_min, C_max] (token_truncate: TIS) or set to 0 outside it (token_mask: IcePop’s band; sequence_mask). off: none. Diagnostics show sampler_corrected_fraction, the share of tokens truncated or masked.',
  },
  { path: 'samplerClipMax', label: 'correction C_max', kind: 'number', optional: true, absent: GRPO_ABSENT_FIELDS.samplerClipMax, shownFor: samplerCorrectionOn, hint: 'The ratio’s upper bound (TRL’s vllm_importance_sampling_clip_max, default 3). Empty: none, for a mask mode only.' },
  { path: 'samplerClipMin', label: 'correction C_min', kind: 'number', optional: true, absent: GRPO_ABSENT_FIELDS.samplerClipMin, shownFor: samplerCorrectionOn, hint: 'The ratio’s lower bound (TRL’s vllm_importance_sampling_clip_min). Empty: none.' },
  { path: 'learningRate', label: 'learning rate', kind: 'number', hint: 'Adam step size.' },
]

/** DPO's loss and optimisation, then the recipe of its preference set (fields of a labelled set's design are shown where it has them). */
const DPO: LearnerField[] = [
  {
    path: 'loss',
    label: 'DPO loss',
    kind: 'choice',
    options: DPO_LOSSES,
    hint: 'With h = (log π − log ref) of the chosen answer less that of the rejected one. sigmoid: −log σ(βh) (DPO). ipo: (h − 1/(2β))², a fixed margin instead of an ever-growing one (IPO). hinge: max(0, 1 − βh) (SLiC).',
  },
  { path: 'beta', label: 'DPO β', kind: 'number', hint: 'How strongly the policy is held to the starting policy: the implicit reward is β·(log π − log ref). Above 0, at most 100; TRL’s default is 0.1.' },
  { path: 'labelSmoothing', label: 'label smoothing ε', kind: 'number', hint: 'sigmoid only: the chance that a label is wrong (conservative DPO), from 0 to below 0.5.' },
  { path: 'learningRate', label: 'learning rate', kind: 'number', hint: 'Adam step size.' },
  { path: 'batchSize', label: 'pairs per step', kind: 'number', hint: 'Preference pairs in each gradient step’s minibatch, reshuffled each epoch.' },
  { path: 'stepsPerIteration', label: 'steps per report', kind: 'number', hint: 'Gradient steps between two points of the curves.' },
  { path: 'epochs', label: 'epochs', kind: 'number', hint: 'Passes over the preference set; after the last the policy stays as it is and the curves only sample it.' },
  { path: 'groupsPerIteration', label: 'groups per report', kind: 'number', hint: 'Prompts sampled from the current policy at each report (a group of answers each), only to draw the curves: DPO never learns from them.' },
  { path: 'preferences.pairs', shownFor: drawsByRecipe, label: 'pairs drawn', kind: 'number', hint: 'Recipe: how many pairs of the starting policy’s answers the simulated labeler labels (1 to 10,000), exactly as the command line’s preferences --pairs writes them.' },
  { path: 'preferences.temperature', shownFor: drawsByRecipe, label: 'labeler temperature', kind: 'number', hint: 'Recipe: label noise; P(a ≻ b) = σ((s_a − s_b)/T), 0 always picks the higher score.' },
  { path: 'preferences.seed', shownFor: drawsByRecipe, label: 'pairs seed', kind: 'number', hint: 'Recipe: the seed of the run whose starting policy writes the pairs (preferences --seed).' },
  { path: 'preferences.biases.length', shownFor: drawsByRecipe, label: 'labeler length bias', kind: 'number', hint: 'Recipe: added to the labeler’s score per token written (0: off).' },
  { path: 'preferences.biases.format', shownFor: drawsByRecipe, label: 'labeler format bias', kind: 'number', hint: 'Recipe: added to the labeler’s score of a well-formed answer (0: off).' },
]

/** The hyperparameters the learner panel offers for each learner (the rest keep their defaults). */
export const LEARNER_FIELDS: Record<LearnerKind, LearnerField[]> = {
  ppo: [
    { path: 'learningRate', label: 'learning rate', kind: 'number', hint: 'Adam step size, annealed linearly to 0.' },
    { path: 'numEnvs', label: 'copies', kind: 'number', hint: 'Environment copies stepped together.' },
    { path: 'numSteps', label: 'steps per rollout', kind: 'number', hint: 'Steps per copy between updates.' },
    { path: 'gamma', label: 'discount γ', kind: 'number', hint: 'Weight of the future in the return.' },
    { path: 'gaeLambda', label: 'GAE λ', kind: 'number', hint: '1 = Monte-Carlo return, 0 = one-step TD error.' },
    { path: 'clipCoef', label: 'clip ε', kind: 'number', hint: 'The ratio is clipped to [1 − ε, 1 + ε].' },
    { path: 'entCoef', label: 'entropy bonus', kind: 'number', hint: 'Rewards a less certain policy: exploration.' },
    { path: 'normObs', label: 'normalise observations', kind: 'boolean', hint: 'Scale each observation by its running mean and std (Gymnasium’s NormalizeObservation): needed where an input is tiny, like MountainCar’s velocity.' },
  ],
  qlearning: TABULAR,
  sarsa: TABULAR,
  expected_sarsa: TABULAR,
  sarsa_lambda: [
    ...TABULAR,
    { path: 'lambda', label: 'trace decay λ', kind: 'number', hint: 'How far back credit flows along the eligibility trace.' },
    { path: 'traces', label: 'traces', kind: 'choice', options: ['replacing', 'accumulating'], hint: 'Reset a revisited pair’s trace to 1, or add 1.' },
  ],
  value_iteration: [
    { path: 'gamma', label: 'discount γ', kind: 'number', hint: 'Weight of the future.' },
    { path: 'sweepsPerIteration', label: 'sweeps per report', kind: 'number', hint: 'Bellman sweeps over every state between two reports.' },
  ],
  reinforce: [
    { path: 'baseline', label: 'baseline', kind: 'choice', options: ['none', 'value'], hint: 'Subtract a learned V(s) from the return: same expected gradient, less variance.' },
    { path: 'learningRate', label: 'learning rate', kind: 'number', hint: 'Adam step size.' },
    { path: 'gamma', label: 'discount γ', kind: 'number', hint: 'Weight of the future in the return.' },
    { path: 'episodesPerIteration', label: 'episodes per update', kind: 'number', hint: 'Complete episodes per gradient step.' },
  ],
  grpo: GROUP,
  dpo: DPO,
  independent: [
    { path: 'credit', label: 'team credit', kind: 'choice', options: ['shared', 'equal', 'difference', 'shapley', 'local', 'mix'], hint: 'How the team’s output is credited to each agent.' },
    { path: 'alpha', label: 'mix α', kind: 'number', hint: 'For mix: α·local + (1 − α)·team.' },
    { path: 'learningRate', label: 'learning rate', kind: 'number', hint: 'Step size of each agent’s policy.' },
  ],
}

/**
 * The learner with one field set as the panel sets it (a candidate, to check): picking what an absent
 * field means leaves it absent, and where that absence is its whole object's (absentDrops: a progress
 * prover off) the object goes with it; any other value is written at its path.
 */
export function withFieldValue(learner: LearnerOptions, field: LearnerField, value: unknown): LearnerOptions {
  if (field.absent === undefined || value !== field.absent) return withPath(learner, field.path, value)
  return field.absentDrops === undefined ? withPath(learner, field.path, undefined) : withoutPath(learner, field.absentDrops)
}

/** An option's name as the Learner panel labels it ("loss aggregation"), or its dotted path where the panel does not offer it. */
export function learnerFieldLabel(kind: LearnerKind, path: string): string {
  return LEARNER_FIELDS[kind].find((field) => field.path === path)?.label ?? path
}
