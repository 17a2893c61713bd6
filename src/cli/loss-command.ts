import { z } from 'zod'
import { AGGREGATION_ALIASES, aggregationNamed, AGGREGATIONS, type Aggregation } from '../core/losses/aggregation'
import { KL_ESTIMATORS, type KlEstimator } from '../core/losses/klEstimators'
import { policyLoss, type PolicyLossOptions } from '../core/losses/policyLoss'
import { CLIP_COV_DEFAULTS, KL_COV_DEFAULTS } from '../core/losses/covariance'
import { CLIP_COV_POLICY_LOSSES, CLIPPED_POLICY_LOSSES, DELTA_POLICY_LOSSES, KL_COV_POLICY_LOSSES, POLICY_LOSS_RECORDS, POLICY_LOSSES, TEMPERATURE_POLICY_LOSSES, type PolicyLossKind } from '../core/losses/policyLosses'
import { MAX_SEED, Rng } from '../core/rng'
import { SAPO_DEFAULT_TEMPERATURES } from '../core/losses/sapo'
import { perTokenAdvantages } from '../core/losses/sequences'
import { DEFAULT_SAMPLER_CLIP_MAX, SAMPLER_CORRECTION_MODES, type SamplerCorrection, type SamplerCorrectionMode } from '../core/losses/offPolicyCorrection'
import { parseFlags, parseNumber } from './args'
import { wholeNumberFlag } from './fitFlags'
import { assertFinite, assertFiniteValue, parseJson, validateInput } from './json-input'
import { UsageError } from './usage'

/*
 * `loss`: the policy losses, aggregations and KL estimators of verl's core_algos.py on per-token
 * log-probabilities given as JSON on stdin (src/core/losses/), to check a trainer's numbers against.
 */

const FLAGS = ['policy-loss', 'clip-low', 'clip-high', 'dual-clip', 'delta', 'tau-pos', 'tau-neg', 'clip-cov-ratio', 'clip-cov-lb', 'clip-cov-ub', 'kl-cov-ratio', 'ppo-kl-coef', 'seed', 'aggregation', 'max-length', 'kl', 'beta', 'vllm-importance-sampling-mode', 'vllm-importance-sampling-clip-max', 'vllm-importance-sampling-clip-min']
/** Each loss's own flags (beyond the clip), with the losses they apply to. */
const OWN_FLAGS: readonly [readonly string[], readonly PolicyLossKind[]][] = [
  [['delta'], DELTA_POLICY_LOSSES],
  [['tau-pos', 'tau-neg'], TEMPERATURE_POLICY_LOSSES],
  [['clip-cov-ratio', 'clip-cov-lb', 'clip-cov-ub', 'seed'], CLIP_COV_POLICY_LOSSES],
  [['kl-cov-ratio', 'ppo-kl-coef'], KL_COV_POLICY_LOSSES],
]
const DEFAULT_CLIP = 0.2
const DUAL_CLIP_LOSSES: readonly string[] = POLICY_LOSS_RECORDS.filter((record) => record.dualClip).map((record) => record.name)
/** "k1, k2, … or k3+": every estimator --kl takes. */
const ANY_KL = `${KL_ESTIMATORS.slice(0, -1).join(', ')} or ${KL_ESTIMATORS[KL_ESTIMATORS.length - 1]}`

const ACCEPTED_AGGREGATIONS = `${AGGREGATIONS.join(', ')}, or the names older setups use ${Object.entries(AGGREGATION_ALIASES)
  .map(([alias, name]) => `${alias} (= ${name})`)
  .join(', ')}`

const SHAPE =
  '{"logProbs": [[log π per token], ...], "oldLogProbs": [[...], ...], "refLogProbs": [[...], ...] (with --kl only), "samplerLogProbs": [[...], ...] (with --vllm-importance-sampling-mode only), "advantages": [[A per token], ...] or [A per sequence]}, one inner array per sequence, at least one sequence of at least one token'

// Any finite numbers: the formulas hold for all of them (a density's log-likelihood can be positive).
const tokenValues = z.array(z.array(z.number()))
const inputSchema = (advantages: z.ZodType<number[] | number[][]>) =>
  z.strictObject({ logProbs: tokenValues, oldLogProbs: tokenValues, refLogProbs: tokenValues.optional(), samplerLogProbs: tokenValues.optional(), advantages })

export function lossCommand(argv: string[], readStdin: () => string): string {
  const options = lossOptions(parseFlags('loss', argv, FLAGS))
  const raw = parseJson(readStdin(), SHAPE)
  const input = validateInput(raw, inputSchema(advantagesArePerToken(raw) ? tokenValues : z.array(z.number())), SHAPE)
  const { logProbs, oldLogProbs } = input
  if (logProbs.length === 0) throw new UsageError(`logProbs is empty; give at least one sequence: ${SHAPE}`)
  logProbs.forEach((sequence, i) => {
    if (sequence.length === 0) throw new UsageError(`logProbs[${i}] is empty; every sequence needs at least one token`)
  })
  const refLogProbs = input.refLogProbs ?? null
  if (options.kl === null && refLogProbs !== null) throw new UsageError(`refLogProbs is given but there is no KL estimator; give --kl ${ANY_KL} to use it, or leave refLogProbs out`)
  if (options.kl !== null && refLogProbs === null) throw new UsageError(`--kl ${options.kl} needs "refLogProbs" on stdin: each token's log-probability under the reference policy`)
  const samplerLogProbs = input.samplerLogProbs ?? null
  const mode = options.samplerCorrection?.mode
  if (mode === undefined && samplerLogProbs !== null) throw new UsageError(`samplerLogProbs is given but there is no correction; give --vllm-importance-sampling-mode ${SAMPLER_CORRECTION_MODES.join('|')} to use it, or leave samplerLogProbs out`)
  if (mode !== undefined && samplerLogProbs === null) throw new UsageError(`--vllm-importance-sampling-mode ${mode} needs "samplerLogProbs" on stdin: each token's log-probability under the sampler`)
  checkLayout('oldLogProbs', oldLogProbs, logProbs)
  if (refLogProbs !== null) checkLayout('refLogProbs', refLogProbs, logProbs)
  if (samplerLogProbs !== null) checkLayout('samplerLogProbs', samplerLogProbs, logProbs)
  const advantages = perTokenInput(input.advantages, logProbs)
  checkMaxLength(options.maxLength, logProbs)

  const result = policyLoss({ logProbs, oldLogProbs, refLogProbs, samplerLogProbs, advantages }, options)
  result.tokenLoss.forEach((sequence, i) => assertFinite(sequence, `tokenLoss[${i}]`))
  assertFiniteValue(result.policyLoss, 'policyLoss')
  assertFiniteValue(result.kl, 'kl')
  assertFiniteValue(result.loss, 'loss')
  return `${JSON.stringify({
    loss: result.loss,
    policyLoss: result.policyLoss,
    kl: result.kl,
    clipFraction: result.clipFraction,
    ...(result.selectedFraction === undefined ? {} : { selectedFraction: result.selectedFraction }),
    ...(result.correctedFraction === undefined ? {} : { correctedFraction: result.correctedFraction }),
    tokenLoss: result.tokenLoss.map((sequence) => Array.from(sequence)),
  })}\n`
}

function lossOptions(flags: Map<string, string>): PolicyLossOptions {
  const kind = flags.get('policy-loss')
  if (kind === undefined) throw new UsageError(`loss needs --policy-loss; accepted: ${POLICY_LOSSES.join(', ')}`)
  if (!(POLICY_LOSSES as readonly string[]).includes(kind)) throw new UsageError(`unknown --policy-loss "${kind}"; accepted: ${POLICY_LOSSES.join(', ')}`)
  const policy = kind as PolicyLossKind
  for (const name of ['clip-low', 'clip-high']) {
    if (flags.has(name) && !CLIPPED_POLICY_LOSSES.includes(policy)) throw new UsageError(`flag --${name} does not apply to --policy-loss ${policy}, which has no clip; it applies to --policy-loss ${CLIPPED_POLICY_LOSSES.join(', ')}`)
  }
  if (flags.has('dual-clip') && !DUAL_CLIP_LOSSES.includes(policy)) throw new UsageError(`flag --dual-clip does not apply to --policy-loss ${policy}; it applies to --policy-loss ${DUAL_CLIP_LOSSES.join(', ')}`)
  for (const [names, losses] of OWN_FLAGS) {
    for (const name of names) {
      if (flags.has(name) && !losses.includes(policy)) throw new UsageError(`flag --${name} does not apply to --policy-loss ${policy}; it applies to --policy-loss ${losses.join(', ')}`)
    }
  }

  const low = numberFlag(flags, 'clip-low') ?? DEFAULT_CLIP
  if (low < 0 || low > 1) throw new UsageError(`--clip-low must be from 0 to 1 (ε_low: the ratio is clipped below at 1 − ε_low), got ${flags.get('clip-low')}`)
  const high = numberFlag(flags, 'clip-high') ?? low
  if (high < 0) throw new UsageError(`--clip-high must be at least 0 (ε_high: the ratio is clipped above at 1 + ε_high), got ${flags.get('clip-high')}`)
  const dualClip = numberFlag(flags, 'dual-clip')
  if (dualClip !== null && !(dualClip > 1)) throw new UsageError(`--dual-clip must be greater than 1 (C caps a negative advantage's loss at −A·C), got ${flags.get('dual-clip')}`)
  const delta = numberFlag(flags, 'delta')
  if (delta !== null && !(delta > 1)) throw new UsageError(`--delta must be greater than 1 (δ caps the unclipped ratio, so a negative advantage's loss is at most −A·δ), got ${flags.get('delta')}`)
  const tauPos = numberFlag(flags, 'tau-pos') ?? SAPO_DEFAULT_TEMPERATURES.pos
  const tauNeg = numberFlag(flags, 'tau-neg') ?? SAPO_DEFAULT_TEMPERATURES.neg
  for (const [name, value] of [['tau-pos', tauPos], ['tau-neg', tauNeg]] as const) {
    if (!(value > 0)) throw new UsageError(`--${name} must be greater than 0 (the SAPO gate's temperature τ: σ(τ·(r − 1))·4/τ), got ${flags.get(name)}`)
  }

  const aggregationText = flags.get('aggregation') ?? 'token-mean'
  const aggregation = aggregationFlag(aggregationText)
  const maxLengthText = flags.get('max-length')
  if (aggregation === 'seq-mean-token-sum-norm' && maxLengthText === undefined) {
    throw new UsageError(`--aggregation ${aggregationText} needs --max-length L, the longest a sequence may be (the loss is the sum of the token losses over sequences × L)`)
  }
  if (aggregation !== 'seq-mean-token-sum-norm' && maxLengthText !== undefined) {
    throw new UsageError(`flag --max-length does not apply to --aggregation ${aggregationText}; it applies to --aggregation seq-mean-token-sum-norm (or constant)`)
  }
  const maxLength = numberFlag(flags, 'max-length')
  if (maxLength !== null && !(Number.isSafeInteger(maxLength) && maxLength >= 1)) throw new UsageError(`--max-length must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got ${maxLengthText}`)

  const klText = flags.get('kl') ?? 'none'
  if (klText !== 'none' && !(KL_ESTIMATORS as readonly string[]).includes(klText)) throw new UsageError(`unknown --kl "${klText}"; accepted: none, ${KL_ESTIMATORS.join(', ')}`)
  const kl = klText === 'none' ? null : (klText as KlEstimator)
  if (flags.has('beta') && kl === null) throw new UsageError(`flag --beta needs --kl ${ANY_KL}: without a KL estimator there is no KL term for it to weigh`)
  const beta = numberFlag(flags, 'beta') ?? 0
  if (beta < 0) throw new UsageError(`--beta must be at least 0, got ${flags.get('beta')}`)
  const temperatures = TEMPERATURE_POLICY_LOSSES.includes(policy) ? { temperatures: { pos: tauPos, neg: tauNeg } } : {}
  const correction = samplerCorrectionFlags(flags)
  return { policyLoss: policy, clip: { low, high }, dualClip, delta, ...temperatures, ...covarianceOptions(flags, policy), aggregation, maxLength, kl, beta, ...(correction === null ? {} : { samplerCorrection: correction }) }
}

/** TRL's vllm_importance_sampling_mode with its bounds (C_max 3 unless given, "none" for no bound; C_min none unless given), or null without a mode. */
function samplerCorrectionFlags(flags: Map<string, string>): SamplerCorrection | null {
  const modeText = flags.get('vllm-importance-sampling-mode')
  if (modeText === undefined) {
    for (const name of ['vllm-importance-sampling-clip-max', 'vllm-importance-sampling-clip-min']) {
      if (flags.has(name)) throw new UsageError(`flag --${name} needs --vllm-importance-sampling-mode ${SAMPLER_CORRECTION_MODES.join('|')}: without a correction there is no ratio for it to bound`)
    }
    return null
  }
  if (!(SAMPLER_CORRECTION_MODES as readonly string[]).includes(modeText)) throw new UsageError(`unknown --vllm-importance-sampling-mode "${modeText}"; accepted: ${SAMPLER_CORRECTION_MODES.join(', ')}`)
  const mode = modeText as SamplerCorrectionMode
  const bound = (name: string, fallback: number | null) => {
    const text = flags.get(name)
    if (text === undefined) return fallback
    if (text === 'none') return null
    const value = parseNumber(text, `--${name}`)
    if (!(value > 0)) throw new UsageError(`--${name} must be a number above 0 or none, got ${text}`)
    return value
  }
  const clipMax = bound('vllm-importance-sampling-clip-max', DEFAULT_SAMPLER_CLIP_MAX)
  const clipMin = bound('vllm-importance-sampling-clip-min', null)
  if (mode.endsWith('_truncate') && clipMax === null) throw new UsageError(`--vllm-importance-sampling-mode ${mode} truncates the ratio at C_max; give --vllm-importance-sampling-clip-max a number above 0, not none`)
  if (clipMax === null && clipMin === null) throw new UsageError(`--vllm-importance-sampling-mode ${mode} with neither bound masks nothing; give --vllm-importance-sampling-clip-max or --vllm-importance-sampling-clip-min`)
  if (clipMin !== null && clipMax !== null && !(clipMin < clipMax)) throw new UsageError(`--vllm-importance-sampling-clip-min must be below --vllm-importance-sampling-clip-max, got ${clipMin} and ${clipMax}`)
  return { mode, clipMin, clipMax }
}

/** clip_cov's ratio, band and seed, kl_cov's ratio and coefficient; verl's defaults, seed 0, where not given. */
function covarianceOptions(flags: Map<string, string>, policy: PolicyLossKind): Pick<PolicyLossOptions, 'clipCov' | 'klCov' | 'rng'> {
  const ratioFlag = (name: string, fallback: number) => {
    const ratio = numberFlag(flags, name) ?? fallback
    if (!(ratio > 0 && ratio <= 1)) throw new UsageError(`--${name} must be above 0 and at most 1 (a share of the batch's tokens), got ${flags.get(name)}`)
    return ratio
  }
  if (CLIP_COV_POLICY_LOSSES.includes(policy)) {
    const ratio = ratioFlag('clip-cov-ratio', CLIP_COV_DEFAULTS.ratio)
    const lb = numberFlag(flags, 'clip-cov-lb') ?? CLIP_COV_DEFAULTS.lb
    const ub = numberFlag(flags, 'clip-cov-ub') ?? CLIP_COV_DEFAULTS.ub
    if (!(lb < ub)) throw new UsageError(`--clip-cov-lb must be below --clip-cov-ub (the band of covariance tokens are drawn from), got ${lb} and ${ub}`)
    return { clipCov: { ratio, lb, ub }, rng: new Rng(wholeNumberFlag(flags, 'seed', 0, MAX_SEED) ?? 0) }
  }
  if (KL_COV_POLICY_LOSSES.includes(policy)) {
    const ratio = ratioFlag('kl-cov-ratio', KL_COV_DEFAULTS.ratio)
    const coef = numberFlag(flags, 'ppo-kl-coef') ?? KL_COV_DEFAULTS.coef
    if (!(coef >= 0)) throw new UsageError(`--ppo-kl-coef must be at least 0, got ${flags.get('ppo-kl-coef')}`)
    return { klCov: { ratio, coef } }
  }
  return {}
}

function numberFlag(flags: Map<string, string>, name: string): number | null {
  const text = flags.get(name)
  return text === undefined ? null : parseNumber(text, `--${name}`)
}

function aggregationFlag(text: string): Aggregation {
  const aggregation = aggregationNamed(text)
  if (aggregation !== null) return aggregation
  throw new UsageError(`unknown --aggregation "${text}"; accepted: ${ACCEPTED_AGGREGATIONS}`)
}

/** Advantages per token ([[A, …], …]) or per sequence ([A, …]): the first entry tells. */
function advantagesArePerToken(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null || !('advantages' in raw) || !Array.isArray(raw.advantages)) return false
  return Array.isArray((raw.advantages as unknown[])[0])
}

/** `name` must have one inner array per sequence of logProbs, each with one entry per token. */
function checkLayout(name: string, sequences: number[][], logProbs: number[][]): void {
  if (sequences.length !== logProbs.length) throw new UsageError(`${name} has ${sequences.length} sequences but logProbs has ${logProbs.length}; every array needs one inner array per sequence`)
  sequences.forEach((sequence, i) => {
    if (sequence.length !== logProbs[i].length) throw new UsageError(`${name}[${i}] has ${sequence.length} tokens but logProbs[${i}] has ${logProbs[i].length}; every sequence needs one entry per token in each array`)
  })
}

/** Per-token advantages as given, or one per sequence spread over its tokens. */
function perTokenInput(advantages: number[] | number[][], logProbs: number[][]): number[][] | Float64Array[] {
  if (isPerToken(advantages)) {
    checkLayout('advantages', advantages, logProbs)
    return advantages
  }
  if (advantages.length !== logProbs.length) throw new UsageError(`advantages has ${advantages.length} entries but logProbs has ${logProbs.length} sequences; give one advantage per sequence, or one per token as [[A, ...], ...]`)
  return perTokenAdvantages(advantages, logProbs)
}

function isPerToken(advantages: number[] | number[][]): advantages is number[][] {
  return advantages.length > 0 && Array.isArray(advantages[0])
}

/** L is the longest a sequence may be: no sequence may be longer. */
function checkMaxLength(maxLength: number | null, logProbs: number[][]): void {
  if (maxLength === null) return
  logProbs.forEach((sequence, i) => {
    if (sequence.length > maxLength) throw new UsageError(`--max-length ${maxLength} is shorter than logProbs[${i}], which has ${sequence.length} tokens; L must be at least the longest sequence`)
  })
}
