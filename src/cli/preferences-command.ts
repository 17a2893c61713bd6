import { describeJsonSyntax } from '../core/jsonSyntax'
import { resolveEnvironment } from '../core/envs/registry'
import { END, THINK } from '../core/envs/tokenseq'
import type { RawParams } from '../core/envs/params'
import { checkLabelerBiases, type LabelerBias } from '../core/preferences/biasedLabeler'
import { MAX_LABELER_TEMPERATURE, MAX_PREFERENCE_PAIRS } from '../core/preferences/limits'
import { pairLine } from '../core/preferences/pairsFile'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
import { groupSizeProblem } from '../core/preferences/tokenPairs'
import { defaultSegmentSteps, segmentPreferencePairs } from '../core/preferences/segmentPairs'
import { segmentPairRecord } from '../core/preferences/segmentPairRecord'
import { STEP_FEATURED_ENVIRONMENTS, stepFeaturesFor } from '../core/preferences/stepFeatures'
import { FEATURED_ENVIRONMENTS } from '../core/preferences/completionFeatures'
import { MAX_SEGMENT_STEPS } from '../core/preferences/limits'
import type { ResolvedEnvironment } from '../core/envs/registry'
import { parseFlags, parseNumber, parsePairs } from './args'
import type { StreamingCommand } from './command'
import { asUsage, UsageError } from './usage'
import { MAX_SEED } from '../core/rng'

/*
 * `preferences --env tokenseq --pairs N --temperature T --seed S`: N pairs of completions of one
 * prompt from the start policy of a GRPO run of seed S, labelled by the simulated labeler at
 * temperature T with the biases --bias turns on (learn/tokenPreferencePairs.ts), one JSON line a
 * pair (core/preferences/pairsFile.ts).
 *
 * `preferences --env cartpole|gridworld|… [--segment K] --pairs N --temperature T --seed S`: N pairs
 * of trajectory segments of K steps from the uniform random policy, labelled by their gold
 * (core/preferences/segmentPairs.ts), one JSON line a pair (segmentPairRecord.ts).
 */

const FLAGS = ['env', 'params', 'pairs', 'temperature', 'seed', 'bias', 'segment']
/** How many segment pairs go out in one write. */
const SEGMENT_BATCH = 256
/** The environments whose completions can be paired (those with completion features). */
const PAIRED_ENVIRONMENTS = FEATURED_ENVIRONMENTS
const BIAS_TERMS = `length, format, token:<id> (id 0–9 a digit, ${THINK} think, ${END} end)`

export const preferencesCommand: StreamingCommand = async (argv, io) => {
  const flags = parseFlags('preferences', argv, FLAGS)
  const envId = flags.get('env')
  if (envId === undefined) throw new UsageError(`preferences needs --env; accepted: ${PAIRED_ENVIRONMENTS.join(', ')}; ${SEGMENT_ENVIRONMENTS}`)
  if (STEP_FEATURED_ENVIRONMENTS.includes(envId)) return writeSegmentPairs(envId, flags, io)
  if (!PAIRED_ENVIRONMENTS.includes(envId)) throw new UsageError(`--env "${envId}" has no completions to pair yet; accepted: ${PAIRED_ENVIRONMENTS.join(', ')}; ${SEGMENT_ENVIRONMENTS}`)
  if (flags.has('segment')) throw new UsageError(`--segment K pairs trajectory segments, which ${envId} does not have (it pairs completions); ${SEGMENT_ENVIRONMENTS}`)
  const { params } = asUsage(() => resolveEnvironment(envId, paramsFlag(flags.get('params'))))
  const groupProblem = groupSizeProblem(params.group_size as number)
  if (groupProblem !== null) throw new UsageError(groupProblem)
  const { count, temperature, seed } = labelling(flags)
  const biases = biasFlag(flags.get('bias') ?? '')

  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { tokenPreferencePairs } = await import('../learn/tokenPreferencePairs')
  for await (const batch of tokenPreferencePairs({ params, seed, count, temperature, biases })) {
    io.out(batch.map((pair) => `${pairLine(tokenPairRecord(pair.a, pair.b, pair.label, pair.probability))}\n`).join(''))
  }
  return 0
}

/** The environments with segments to pair, as messages name them. */
const SEGMENT_ENVIRONMENTS = `for trajectory segments (--segment K): ${STEP_FEATURED_ENVIRONMENTS.join(', ')}`

/** --pairs, --temperature and --seed, which every kind of pair takes. */
function labelling(flags: Map<string, string>): { count: number; temperature: number; seed: number } {
  const count = wholeNumber(flags, 'pairs', 1, MAX_PREFERENCE_PAIRS)
  const temperatureText = required(flags, 'temperature', `a number from 0 (always the higher score) to ${MAX_LABELER_TEMPERATURE}`)
  const temperature = parseNumber(temperatureText, '--temperature')
  if (temperature < 0 || temperature > MAX_LABELER_TEMPERATURE) throw new UsageError(`--temperature must be from 0 (always the higher score) to ${MAX_LABELER_TEMPERATURE}, got ${temperatureText}`)
  const seed = wholeNumber(flags, 'seed', 0, MAX_SEED)
  return { count, temperature, seed }
}

/** Pairs of segments of `envId`'s random walk, SEGMENT_BATCH lines a write. */
async function writeSegmentPairs(envId: string, flags: Map<string, string>, io: Parameters<StreamingCommand>[1]): Promise<number> {
  const environment: ResolvedEnvironment = asUsage(() => resolveEnvironment(envId, paramsFlag(flags.get('params'))))
  const features = stepFeaturesFor(environment.spec)
  if (features === null) throw new UsageError(`${envId} declares no step features; ${SEGMENT_ENVIRONMENTS}`)
  if (flags.has('bias')) throw new UsageError(`--bias terms are the token task's (length, format, a token); a labeler of segments judges by their gold alone, so leave --bias out for ${envId}`)
  const segmentSteps = flags.has('segment') ? wholeNumber(flags, 'segment', 1, MAX_SEGMENT_STEPS) : defaultSegmentSteps(environment.spec)
  const { count, temperature, seed } = labelling(flags)
  let lines: string[] = []
  for (const pair of segmentPreferencePairs({ environment, seed, count, segmentSteps, temperature })) {
    lines.push(`${pairLine(segmentPairRecord(envId, features.names, pair.a, pair.b, pair.label, pair.probability))}\n`)
    if (lines.length === SEGMENT_BATCH) {
      io.out(lines.join(''))
      lines = []
    }
  }
  if (lines.length > 0) io.out(lines.join(''))
  return 0
}

function required(flags: Map<string, string>, name: string, accepted: string): string {
  const text = flags.get(name)
  if (text === undefined) throw new UsageError(`preferences needs --${name}: ${accepted}`)
  return text
}

/** A whole number from `min` to `max` the flag must give. */
function wholeNumber(flags: Map<string, string>, name: string, min: number, max: number): number {
  const accepted = `a whole number from ${min} to ${max}`
  const text = required(flags, name, accepted)
  const value = parseNumber(text, `--${name}`)
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`--${name} must be ${accepted}, got "${text}"`)
  return value
}

/** --params as key=value,... (as trace takes them) or as a JSON object {"key": value, ...}. */
export function paramsFlag(text: string | undefined): RawParams {
  if (text === undefined) return {}
  if (!text.trim().startsWith('{')) return Object.fromEntries(parsePairs(text, '--params'))
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new UsageError(`--params is not valid JSON (${describeJsonSyntax(text)}); give key=value,... or a JSON object {"max_length": 8, ...}`)
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UsageError('--params as JSON must be an object {"max_length": 8, ...}')
  const entries = Object.entries(raw as Record<string, unknown>)
  for (const [name, value] of entries) {
    if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean') throw new UsageError(`--params "${name}" is ${JSON.stringify(value)}; a parameter is a number, a string or true/false`)
  }
  // fromEntries keeps "__proto__" an own key, which resolveParams then names as unknown.
  return Object.fromEntries(entries) as RawParams
}

/** --bias length=W,format=W,token:<id>=W: each term once, each weight a finite number. */
function biasFlag(text: string): LabelerBias[] {
  const biases: LabelerBias[] = []
  for (const [name, weightText] of parsePairs(text, '--bias')) {
    const weight = parseNumber(weightText, `--bias ${name}`)
    const token = /^token:(\d+)$/.exec(name)
    if (name === 'length' || name === 'format') biases.push({ kind: name, weight })
    else if (token !== null) biases.push({ kind: 'token', token: Number(token[1]), weight })
    else throw new UsageError(`unknown --bias term "${name}"; accepted: ${BIAS_TERMS}`)
  }
  // Also two spellings of one token (token:7, token:07): one term, given twice.
  asUsage(() => checkLabelerBiases(biases))
  return biases
}
