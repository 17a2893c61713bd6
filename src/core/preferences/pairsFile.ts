import { jsonSyntaxProblem } from '../jsonSyntax'
import { errorMessage } from '../errorMessage'
import { END, NUM_TOKENS, THINK } from '../envs/tokenseq'
import { isReservedName, reservedNameProblem } from '../reservedNames'
import { truncate } from '../truncate'
import type { GoldPairs } from './goldPairs'
import { MAX_FEATURE_NAME_LENGTH, MAX_PREFERENCE_FEATURES, MAX_PREFERENCE_PAIRS, MAX_SEGMENT_STATE_VALUES, MAX_SEGMENT_STEPS } from './limits'
import { STEP_FEATURED_ENVIRONMENTS } from './stepFeatures'

/*
 * A file of labelled pairs: JSONL, one pair a line,
 *
 *   {"prompt": [a, b], "a": {"tokens": [...], "features": {name: x, ...}, "gold": g},
 *    "b": {...}, "probability": P(a ≻ b), "label": "a" | "b"}
 *
 * as `preferences` writes it (prompt, tokens and probability are optional: a fit reads only the
 * features, the gold scores and the label). Every line is checked whole, and the first problem is
 * named with its line number: not JSON, a missing or unknown key, a number that is not finite, a
 * feature vector of other names than line 1's, more pairs than a fit takes.
 *
 * A pair of trajectory segments (segmentPairRecord.ts) names its environment instead of a prompt,
 * and each side keeps the segment's states and actions instead of tokens:
 *
 *   {"env": id, "a": {"states": [[...], ...], "actions": [...], "features": {...}, "gold": g},
 *    "b": {...}, "probability": p, "label": "a" | "b"}
 *
 * (states and actions optional, states one more than actions: the state before the first step).
 *
 * The page's label file is this file, with two things a person's labels have that `preferences`
 * never writes: a tie ("label": "tie", a pair judged equal, which a fit skips: a Bradley–Terry
 * model has no tie) and who labelled the pair ("labeller": "person" or "simulated", which a fit
 * ignores), so that a file exported and imported again keeps every label as it was.
 */

export const PAIR_LINE_SHAPE =
  '{"prompt": [a, b], "a": {"tokens": [t, ...], "features": {"name": x, ...}, "gold": g}, "b": {the same}, "probability": p, "label": "a" | "b" | "tie", "labeller": "person" | "simulated"} (prompt, tokens, probability and labeller optional)'

export const SEGMENT_PAIR_LINE_SHAPE =
  '{"env": id, "a": {"states": [[v, ...], ...], "actions": [a, ...], "features": {"name": x, ...}, "gold": g}, "b": {the same}, "probability": p, "label": "a" | "b" | "tie", "labeller": "person" | "simulated"} (states, actions, probability and labeller optional)'

/** One side of a pair as the file holds it (tokens optional, as the file's lines may leave them out). */
export interface PairSideRecord {
  tokens?: number[]
  /** A segment's states: the one before its first step, then each step's (segment pairs only). */
  states?: number[][]
  /** A segment's actions, one a step (segment pairs only). */
  actions?: number[]
  features: Record<string, number>
  gold: number
}

/** One line of the file; what is optional is left out of the line when absent (a person's label has no probability). */
export interface PairRecord {
  prompt?: [number, number]
  /** The environment of a pair of segments (absent on the token task's lines). */
  env?: string
  a: PairSideRecord
  b: PairSideRecord
  probability?: number
  /** The preferred side, or a tie (judged equal: a fit skips it). */
  label: PairLabel
  /** Who labelled the pair, where the page knows (a fit ignores it). */
  labeller?: Labeller
}

export type PairLabel = 'a' | 'b' | 'tie'
export const LABELLERS = ['person', 'simulated'] as const
export type Labeller = (typeof LABELLERS)[number]

/** The line for a pair, keys in the documented order (no newline); JSON.stringify leaves out the optional keys that are absent. */
export function pairLine(record: PairRecord): string {
  const side = ({ tokens, states, actions, features, gold }: PairSideRecord) => ({ tokens, states, actions, features, gold })
  return JSON.stringify({ prompt: record.prompt, env: record.env, a: side(record.a), b: side(record.b), probability: record.probability, label: record.label, labeller: record.labeller })
}

const LINE_KEYS = ['prompt', 'a', 'b', 'probability', 'label', 'labeller']
const SIDE_KEYS = ['tokens', 'features', 'gold']
const SEGMENT_LINE_KEYS = ['env', 'a', 'b', 'probability', 'label', 'labeller']
const SEGMENT_SIDE_KEYS = ['states', 'actions', 'features', 'gold']
/** The longest completion the token task writes (its largest max_length). */
const MAX_TOKENS = 32

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A value as a message shows it, cut short. */
function shown(value: unknown): string {
  // JSON.stringify would write Infinity (1e999 in the file) as null
  if (typeof value === 'number') return String(value)
  return truncate(JSON.stringify(value) ?? String(value))
}

function checkKeys(value: JsonObject, accepted: readonly string[], required: readonly string[], where: string, shape = PAIR_LINE_SHAPE): void {
  const unknown = Object.keys(value).filter((key) => !accepted.includes(key))
  if (unknown.length > 0) throw new Error(`unknown key "${truncate(unknown[0])}"${where === '' ? '' : ` in ${where}`}; accepted: ${accepted.join(', ')}; each line is ${shape}`)
  const missing = required.find((key) => !Object.hasOwn(value, key))
  if (missing !== undefined) throw new Error(`"${where === '' ? missing : `${where}.${missing}`}" is missing; each line is ${shape}`)
}

function finiteNumber(value: unknown, where: string): number {
  // JSON.parse turns 1e999 into Infinity: refused like any other value that is not a finite number.
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${where} is ${shown(value)}, not a finite number`)
  return value
}

/** A pair's features by name, in the order the line gives them. */
function readFeatures(value: unknown, where: string): Map<string, number> {
  if (!isObject(value)) throw new Error(`${where} is ${shown(value)}; features are an object {"name": number, ...}`)
  const names = Object.keys(value)
  if (names.length === 0) throw new Error(`${where} is empty; give 1 to ${MAX_PREFERENCE_FEATURES} features`)
  if (names.length > MAX_PREFERENCE_FEATURES) throw new Error(`${where} has ${names.length} features, more than the ${MAX_PREFERENCE_FEATURES} a fit takes`)
  const features = new Map<string, number>()
  for (const name of names) {
    if (isReservedName(name)) throw new Error(`${where}: ${reservedNameProblem(name)}`)
    if (name.length > MAX_FEATURE_NAME_LENGTH) throw new Error(`${where} names a feature of ${name.length} characters; a feature name has at most ${MAX_FEATURE_NAME_LENGTH}`)
    features.set(name, finiteNumber(value[name], `${where}.${name}`))
  }
  return features
}

function readTokens(value: unknown, where: string): void {
  const token = (t: unknown) => Number.isInteger(t) && (t as number) >= 0 && (t as number) < NUM_TOKENS
  if (!Array.isArray(value) || value.length > MAX_TOKENS || !value.every(token)) {
    throw new Error(`${where} is ${shown(value)}; tokens are a list of at most ${MAX_TOKENS} token ids: 0–9 (digits), ${THINK} (think), ${END} (end)`)
  }
}

interface PairSide {
  features: Map<string, number>
  gold: number
}

function readSide(value: unknown, where: string): PairSide {
  if (!isObject(value)) throw new Error(`${where} is ${shown(value)}; each side is {"tokens": [...], "features": {...}, "gold": g}`)
  checkKeys(value, SIDE_KEYS, ['features', 'gold'], where)
  if (Object.hasOwn(value, 'tokens')) readTokens(value.tokens, `${where}.tokens`)
  return { features: readFeatures(value.features, `${where}.features`), gold: finiteNumber(value.gold, `${where}.gold`) }
}

/** A segment's kept states and actions: 2 to MAX_SEGMENT_STEPS + 1 states of one length, one action fewer. */
function readSegmentTrajectory(side: JsonObject, where: string): void {
  let stateCount: number | null = null
  if (Object.hasOwn(side, 'states')) {
    const states = side.states
    const accepted = `states are a list of 2 to ${MAX_SEGMENT_STEPS + 1} states (the one before the first step, then each step's), each a list of 1 to ${MAX_SEGMENT_STATE_VALUES} numbers, all of one length`
    if (!Array.isArray(states) || states.length < 2 || states.length > MAX_SEGMENT_STEPS + 1) throw new Error(`${where}.states is ${shown(states)}; ${accepted}`)
    const width = Array.isArray(states[0]) ? states[0].length : -1
    states.forEach((state: unknown, t) => {
      if (!Array.isArray(state) || state.length < 1 || state.length > MAX_SEGMENT_STATE_VALUES || state.length !== width) throw new Error(`${where}.states[${t}] is ${shown(state)}; ${accepted}`)
      state.forEach((value: unknown, j) => finiteNumber(value, `${where}.states[${t}][${j}]`))
    })
    stateCount = states.length
  }
  if (Object.hasOwn(side, 'actions')) {
    const actions = side.actions
    const action = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < MAX_SEGMENT_ACTIONS
    if (!Array.isArray(actions) || actions.length < 1 || actions.length > MAX_SEGMENT_STEPS || !actions.every(action)) {
      throw new Error(`${where}.actions is ${shown(actions)}; actions are a list of 1 to ${MAX_SEGMENT_STEPS} action indices (whole numbers from 0 to ${MAX_SEGMENT_ACTIONS - 1})`)
    }
    if (stateCount !== null && actions.length !== stateCount - 1) throw new Error(`${where} has ${stateCount} states and ${actions.length} actions; a segment of n steps keeps n + 1 states (the one before its first step) and n actions`)
  }
}

/** The most actions an environment of segments has, with room to spare (CartPole 2, a grid 4). */
const MAX_SEGMENT_ACTIONS = 16

function readSegmentSide(value: unknown, where: string): PairSide {
  if (!isObject(value)) throw new Error(`${where} is ${shown(value)}; each side is {"states": [...], "actions": [...], "features": {...}, "gold": g}`)
  checkKeys(value, SEGMENT_SIDE_KEYS, ['features', 'gold'], where, SEGMENT_PAIR_LINE_SHAPE)
  readSegmentTrajectory(value, where)
  return { features: readFeatures(value.features, `${where}.features`), gold: finiteNumber(value.gold, `${where}.gold`) }
}

/** The names `features` has that `names` lacks, or the other way round; null when they are the same set. */
function nameMismatch(features: Map<string, number>, names: readonly string[], other: string): string | null {
  const extra = [...features.keys()].find((name) => !names.includes(name))
  if (extra !== undefined) return `has the feature "${extra}", which ${other} lacks`
  const lacking = names.find((name) => !features.has(name))
  if (lacking !== undefined) return `lacks the feature "${lacking}", which ${other} has`
  return null
}

/** A pair read from one line: both sides' features in the file's feature order, their gold, the label. */
export interface ParsedPair {
  a: number[]
  b: number[]
  goldA: number
  goldB: number
  label: PairLabel
}

/** The environment whose pairs are the token task's lines (the lines that name no env). */
export const TOKEN_PAIRS_ENVIRONMENT = 'tokenseq'

/** A pair of `env` in words: a segment pair's environment, or the token task's completions. */
function pairsOf(env: string): string {
  return env === TOKEN_PAIRS_ENVIRONMENT ? `${TOKEN_PAIRS_ENVIRONMENT}'s completions` : `${env}'s segments`
}

/** Why a line's pair is not of `env` (the page's environment), or null when it is. */
function environmentMismatch(raw: JsonObject, env: string): string | null {
  const of = Object.hasOwn(raw, 'env') ? raw.env : TOKEN_PAIRS_ENVIRONMENT
  if (of === env) return null
  const theirs = typeof of === 'string' && (of === TOKEN_PAIRS_ENVIRONMENT || STEP_FEATURED_ENVIRONMENTS.includes(of)) ? pairsOf(of) : `an environment ${shown(of)} that has no pairs`
  const open = typeof of === 'string' && STEP_FEATURED_ENVIRONMENTS.includes(of) ? `; open ${of} to import them` : of === TOKEN_PAIRS_ENVIRONMENT ? `; open ${TOKEN_PAIRS_ENVIRONMENT} to import them` : ''
  return `is a pair of ${theirs}, but this page is on ${env}: it takes pairs of ${pairsOf(env)} only${open}`
}

/**
 * One line, checked whole; `names` are the features of the file's first pair (null on that line,
 * which sets them), `env` (where given) the environment whose pairs are taken. Throws one message
 * naming the first problem.
 */
export function parsePairLine(text: string, names: readonly string[] | null, env?: string): { pair: ParsedPair; names: readonly string[] } {
  if (text.trim() === '') throw new Error(`is empty; each line is ${PAIR_LINE_SHAPE}`)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    // JSON has no NaN or Infinity: said so plainly. Otherwise where the line stops being JSON, not the parser's message, which quotes the line.
    const found = jsonSyntaxProblem(text)
    const reason = /\b(NaN|Infinity)\b/.test(text) ? 'NaN and Infinity are not JSON numbers, and every number must be finite' : found === null ? 'not JSON' : `column ${found.column}: ${found.problem}`
    throw new Error(`is not valid JSON: ${reason}; each line is ${PAIR_LINE_SHAPE}`)
  }
  if (!isObject(raw)) throw new Error(`is ${shown(raw)}, not an object; each line is ${PAIR_LINE_SHAPE}`)
  if (env !== undefined) {
    const mismatch = environmentMismatch(raw, env)
    if (mismatch !== null) throw new Error(mismatch)
  }
  // A line that names an environment is a pair of segments; every other line is the token task's.
  const segments = Object.hasOwn(raw, 'env')
  if (segments) {
    checkKeys(raw, SEGMENT_LINE_KEYS, ['a', 'b', 'label'], '', SEGMENT_PAIR_LINE_SHAPE)
    if (typeof raw.env !== 'string' || !STEP_FEATURED_ENVIRONMENTS.includes(raw.env)) throw new Error(`env is ${shown(raw.env)}; a pair of segments is of ${STEP_FEATURED_ENVIRONMENTS.join(', ')}`)
  } else checkKeys(raw, LINE_KEYS, ['a', 'b', 'label'], '')
  if (raw.label !== 'a' && raw.label !== 'b' && raw.label !== 'tie') throw new Error(`label is ${shown(raw.label)}; accepted: "a", "b" or "tie"`)
  if (Object.hasOwn(raw, 'labeller') && !LABELLERS.includes(raw.labeller as Labeller)) throw new Error(`labeller is ${shown(raw.labeller)}; accepted: ${LABELLERS.map((name) => `"${name}"`).join(' or ')}`)
  if (Object.hasOwn(raw, 'prompt')) {
    const digit = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 9
    if (!Array.isArray(raw.prompt) || raw.prompt.length !== 2 || !raw.prompt.every(digit)) throw new Error(`prompt is ${shown(raw.prompt)}; a prompt is two digits [a, b]`)
  }
  if (Object.hasOwn(raw, 'probability')) {
    const probability = finiteNumber(raw.probability, 'probability')
    if (probability < 0 || probability > 1) throw new Error(`probability is ${probability}; a probability is from 0 to 1`)
  }
  const readSideOf = segments ? readSegmentSide : readSide
  const a = readSideOf(raw.a, 'a')
  const b = readSideOf(raw.b, 'b')
  const lineNames = names ?? [...a.features.keys()]
  // Line 1's a.features sets the names; b is held to them, and on later lines both sides are.
  const held: [PairSide, string, string][] = names === null ? [[b, 'b.features', 'a.features']] : [[a, 'a.features', 'line 1'], [b, 'b.features', 'line 1']]
  for (const [side, where, other] of held) {
    const mismatch = nameMismatch(side.features, lineNames, other)
    if (mismatch !== null) throw new Error(`${where} ${mismatch}; every feature vector needs the same names`)
  }
  const values = (side: PairSide) => lineNames.map((name) => side.features.get(name) as number)
  return { pair: { a: values(a), b: values(b), goldA: a.gold, goldB: b.gold, label: raw.label }, names: lineNames }
}

/** Gathers a file's pairs line by line; the preferred side goes first, as the fits read them. */
export class PairsCollector {
  private names: readonly string[] | null = null
  private readonly preferred: number[] = []
  private readonly rejected: number[] = []
  private readonly preferredGold: number[] = []
  private readonly rejectedGold: number[] = []
  private count = 0

  /** Line `lineNumber` (1-based) of the file; throws "line N: …" naming its first problem. */
  add(text: string, lineNumber: number): void {
    if (this.count === MAX_PREFERENCE_PAIRS) throw new Error(`line ${lineNumber}: the file holds more than ${MAX_PREFERENCE_PAIRS} pairs, the most a fit takes`)
    let parsed: ReturnType<typeof parsePairLine>
    try {
      parsed = parsePairLine(text, this.names)
    } catch (error) {
      const reason = errorMessage(error)
      // "line 3 is not valid JSON", "line 3: a.gold is …"
      throw new Error(`line ${lineNumber}${reason.startsWith('is ') ? ' ' : ': '}${reason}`)
    }
    this.names = parsed.names
    const { pair } = parsed
    // A tie prefers neither side: nothing for a Bradley–Terry fit.
    if (pair.label === 'tie') return
    const [winner, loser, winnerGold, loserGold] = pair.label === 'a' ? [pair.a, pair.b, pair.goldA, pair.goldB] : [pair.b, pair.a, pair.goldB, pair.goldA]
    this.preferred.push(...winner)
    this.rejected.push(...loser)
    this.preferredGold.push(winnerGold)
    this.rejectedGold.push(loserGold)
    this.count++
  }

  /** The pairs gathered, and the names of their features; a file without a pair is refused. */
  result(): { featureNames: string[]; pairs: GoldPairs } {
    if (this.names === null) throw new Error(`holds no pairs; give one pair a line: ${PAIR_LINE_SHAPE}`)
    return {
      featureNames: [...this.names],
      pairs: {
        count: this.count,
        features: this.names.length,
        preferred: Float64Array.from(this.preferred),
        rejected: Float64Array.from(this.rejected),
        preferredGold: Float64Array.from(this.preferredGold),
        rejectedGold: Float64Array.from(this.rejectedGold),
      },
    }
  }
}
