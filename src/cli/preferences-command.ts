import { errorMessage } from '../core/errorMessage'
import { resolveEnvironment } from '../core/envs/registry'
import { END, THINK } from '../core/envs/tokenseq'
import type { RawParams } from '../core/envs/params'
import { checkLabelerBiases, type LabelerBias } from '../core/preferences/biasedLabeler'
import { MAX_LABELER_TEMPERATURE, MAX_PREFERENCE_PAIRS } from '../core/preferences/limits'
import { pairLine } from '../core/preferences/pairsFile'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
import { groupSizeProblem } from '../core/preferences/tokenPairs'
import { parseFlags, parseNumber, parsePairs } from './args'
import type { StreamingCommand } from './command'
import { asUsage, UsageError } from './usage'

/*
 * `preferences --env tokenseq --pairs N --temperature T --seed S`: N pairs of completions of one
 * prompt from the start policy of a GRPO run of seed S, labelled by the simulated labeler at
 * temperature T with the biases --bias turns on (learn/tokenPreferencePairs.ts), one JSON line a
 * pair (core/preferences/pairsFile.ts).
 */

const FLAGS = ['env', 'params', 'pairs', 'temperature', 'seed', 'bias']
/** The environments whose completions can be paired; CartPole's and the grid worlds' segments are to come. */
const PAIRED_ENVIRONMENTS = ['tokenseq']
const MAX_SEED = 2 ** 31 - 1
const BIAS_TERMS = `length, format, token:<id> (id 0–9 a digit, ${THINK} think, ${END} end)`

export const preferencesCommand: StreamingCommand = async (argv, io) => {
  const flags = parseFlags('preferences', argv, FLAGS)
  const envId = flags.get('env')
  if (envId === undefined) throw new UsageError(`preferences needs --env; accepted: ${PAIRED_ENVIRONMENTS.join(', ')}`)
  if (!PAIRED_ENVIRONMENTS.includes(envId)) throw new UsageError(`--env "${envId}" has no completions to pair yet; accepted: ${PAIRED_ENVIRONMENTS.join(', ')}`)
  const { params } = asUsage(() => resolveEnvironment(envId, paramsFlag(flags.get('params'))))
  const groupProblem = groupSizeProblem(params.group_size as number)
  if (groupProblem !== null) throw new UsageError(groupProblem)
  const count = wholeNumber(flags, 'pairs', 1, MAX_PREFERENCE_PAIRS)
  const temperatureText = required(flags, 'temperature', `a number from 0 (always the higher score) to ${MAX_LABELER_TEMPERATURE}`)
  const temperature = parseNumber(temperatureText, '--temperature')
  if (temperature < 0 || temperature > MAX_LABELER_TEMPERATURE) throw new UsageError(`--temperature must be from 0 (always the higher score) to ${MAX_LABELER_TEMPERATURE}, got ${temperatureText}`)
  const seed = wholeNumber(flags, 'seed', 0, MAX_SEED)
  const biases = biasFlag(flags.get('bias') ?? '')

  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { tokenPreferencePairs } = await import('../learn/tokenPreferencePairs')
  for await (const batch of tokenPreferencePairs({ params, seed, count, temperature, biases })) {
    io.out(batch.map((pair) => `${pairLine(tokenPairRecord(pair.a, pair.b, pair.label, pair.probability))}\n`).join(''))
  }
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
  } catch (error) {
    throw new UsageError(`--params is not valid JSON (${errorMessage(error)}); give key=value,... or a JSON object {"max_length": 8, ...}`)
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
