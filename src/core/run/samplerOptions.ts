import { z } from 'zod'
import { DEFAULT_SAMPLER_CLIP_MAX, SAMPLER_CORRECTION_MODES, type SamplerCorrection } from '../losses/offPolicyCorrection'
import { quoted } from '../truncate'

/*
 * The GRPO learner's sampler, when it is not the learner (an inference engine's temperature,
 * top-p, lower precision, or a policy some updates old), and the correction of the loss for it
 * (TRL's vllm_importance_sampling_mode and its bounds; core/losses/offPolicyCorrection.ts). Every
 * field is absent by default: a design without them samples and trains as before they existed.
 */

export const MAX_SAMPLER_TEMPERATURE = 10
export const MAX_SAMPLER_STALENESS = 64
export const MAX_SAMPLER_LOGIT_NOISE = 10
export const MAX_SAMPLER_CLIP = 1e6

const TEMPERATURE_MESSAGE = `the sampler's temperature must be a number above 0 and at most ${MAX_SAMPLER_TEMPERATURE} (1: the learner's own)`
const TOP_P_MESSAGE = "the sampler's top-p must be a number above 0 and at most 1 (1: every token)"
const STALENESS_MESSAGE = `the sampler's staleness must be a whole number of updates from 0 to ${MAX_SAMPLER_STALENESS} (0: the current policy samples)`
const NOISE_MESSAGE = `the sampler's logit noise σ must be a number from 0 to ${MAX_SAMPLER_LOGIT_NOISE} (0: none)`
const clipMessage = (name: string) => `the correction's ${name} must be a number above 0 and at most ${MAX_SAMPLER_CLIP}, or none (null)`

/** The fields, spread into GrpoOptionsSchema. */
export const SAMPLER_FIELDS = {
  /** T: the sampler divides the logits by it. Absent: 1. */
  samplerTemperature: z.number({ error: TEMPERATURE_MESSAGE }).gt(0, TEMPERATURE_MESSAGE).max(MAX_SAMPLER_TEMPERATURE, TEMPERATURE_MESSAGE).optional(),
  /** Nucleus sampling's p. Absent: 1. */
  samplerTopP: z.number({ error: TOP_P_MESSAGE }).gt(0, TOP_P_MESSAGE).max(1, TOP_P_MESSAGE).optional(),
  /** k: the completions of update t come from the policy of update t − k (an asynchronous trainer's). Absent: 0. */
  samplerStaleness: z.number({ error: STALENESS_MESSAGE }).int(STALENESS_MESSAGE).min(0, STALENESS_MESSAGE).max(MAX_SAMPLER_STALENESS, STALENESS_MESSAGE).optional(),
  /** σ of Gaussian noise on the sampler's logits, standing for lower precision. Absent: 0. */
  samplerLogitNoise: z.number({ error: NOISE_MESSAGE }).min(0, NOISE_MESSAGE).max(MAX_SAMPLER_LOGIT_NOISE, NOISE_MESSAGE).optional(),
  /** TRL's vllm_importance_sampling_mode. Absent: no correction. */
  samplerCorrection: z.enum(SAMPLER_CORRECTION_MODES, { error: (issue) => `unknown sampler correction ${quoted(issue.input)}; accepted: ${SAMPLER_CORRECTION_MODES.join(', ')}` }).optional(),
  /** C_max (TRL's vllm_importance_sampling_clip_max). Absent: TRL's 3. */
  samplerClipMax: z.number({ error: clipMessage('C_max') }).gt(0, clipMessage('C_max')).max(MAX_SAMPLER_CLIP, clipMessage('C_max')).nullable().optional(),
  /** C_min (TRL's vllm_importance_sampling_clip_min). Absent: none. */
  samplerClipMin: z.number({ error: clipMessage('C_min') }).gt(0, clipMessage('C_min')).max(MAX_SAMPLER_CLIP, clipMessage('C_min')).nullable().optional(),
}

type SamplerFields = { [K in keyof typeof SAMPLER_FIELDS]?: z.infer<(typeof SAMPLER_FIELDS)[K]> }

/** What each field's absence means, by name (GRPO_ABSENT_FIELDS takes them). */
export const SAMPLER_ABSENT_FIELDS = {
  samplerTemperature: 1,
  samplerTopP: 1,
  samplerStaleness: 0,
  samplerLogitNoise: 0,
  samplerCorrection: 'off',
  samplerClipMax: DEFAULT_SAMPLER_CLIP_MAX,
  samplerClipMin: null,
} as const

export interface SamplerOptions {
  temperature: number
  topP: number
  staleness: number
  logitNoise: number
}

/** The sampler the options ask for, each field's absence its default. */
export function samplerOf(options: SamplerFields): SamplerOptions {
  return {
    temperature: options.samplerTemperature ?? 1,
    topP: options.samplerTopP ?? 1,
    staleness: options.samplerStaleness ?? 0,
    logitNoise: options.samplerLogitNoise ?? 0,
  }
}

/** Whether the sampler's probabilities may differ from the learner's. */
export function samplerDiffers(sampler: SamplerOptions): boolean {
  return sampler.temperature !== 1 || sampler.topP !== 1 || sampler.staleness !== 0 || sampler.logitNoise !== 0
}

/** The correction, or null for none. */
export function samplerCorrectionOf(options: SamplerFields): SamplerCorrection | null {
  if (options.samplerCorrection === undefined) return null
  const clipMax = options.samplerClipMax === undefined ? DEFAULT_SAMPLER_CLIP_MAX : options.samplerClipMax
  return { mode: options.samplerCorrection, clipMin: options.samplerClipMin ?? null, clipMax }
}

/** The combinations the schema refuses, each with its message and field. */
export function samplerProblems(options: SamplerFields): { message: string; path: string }[] {
  const problems: { message: string; path: string }[] = []
  const correction = samplerCorrectionOf(options)
  if (correction === null) {
    for (const field of ['samplerClipMax', 'samplerClipMin'] as const) {
      if (options[field] !== undefined) problems.push({ message: `${field} bounds the sampler correction's ratio, and there is no correction; set samplerCorrection (${SAMPLER_CORRECTION_MODES.join(', ')}) or leave it out`, path: field })
    }
    return problems
  }
  const truncates = correction.mode.endsWith('_truncate')
  if (truncates && correction.clipMax === null) problems.push({ message: `${correction.mode} truncates the ratio at C_max, which is none; give samplerClipMax a number above 0`, path: 'samplerClipMax' })
  if (!truncates && correction.clipMax === null && correction.clipMin === null) problems.push({ message: `${correction.mode} with neither bound masks nothing; give samplerClipMax or samplerClipMin`, path: 'samplerClipMax' })
  if (correction.clipMin !== null && correction.clipMax !== null && !(correction.clipMin < correction.clipMax)) {
    problems.push({ message: `the correction's band needs C_min below C_max, got ${correction.clipMin} and ${correction.clipMax}`, path: 'samplerClipMin' })
  }
  return problems
}
