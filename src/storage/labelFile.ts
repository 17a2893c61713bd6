import { errorMessage } from '../core/errorMessage'
import { MAX_PAIR_LINE_LENGTH, MAX_PREFERENCE_PAIRS } from '../core/preferences/limits'
import { pairLine, parsePairLine, type PairRecord } from '../core/preferences/pairsFile'
import type { GoldPairs } from '../core/preferences/goldPairs'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { labelLine, sourceOfLabeller, type LabelChoice, type LabelSource, type SavedLabelRecord, type UnlabelledPair } from './savedLabel'
import { yieldToPage } from './yieldToPage'

/*
 * The labels as the command line's pairs file (JSONL, pairsFile.ts), both ways, and as the pairs a
 * fit reads. Export writes every label with pairLine, the very line `preferences` writes, with a
 * tie as "label": "tie" and who labelled it as "labeller" (a fit skips ties and ignores the
 * labeller), so export then import keeps every label, ties and "by hand" included. Import reads every line through the file's own check
 * (parsePairLine, held to the token task's features, so a model fitted on them fits the page's
 * design), refuses the whole file at its first bad line, and keeps each line's pair with its
 * features in the task's order. On an environment of trajectory segments the same holds with its
 * segments' feature names (stepFeatures.ts) in place of the token task's, and a line keeps its env,
 * states and actions; a fit reads only the labels whose features are those names.
 */

/** The JSONL text of the labels, one line each, in order, and how many of them are ties (kept: a fit skips them). */
export function labelsToJsonl(labels: readonly (Pick<SavedLabelRecord, 'pair' | 'choice'> & Partial<Pick<SavedLabelRecord, 'source'>>)[]): { text: string; ties: number } {
  let text = ''
  let ties = 0
  for (const label of labels) {
    if (label.choice === 'tie') ties++
    text += `${pairLine(labelLine(label))}\n`
  }
  return { text, ties }
}

/** A label as a file's line gives it: its pair, the choice, and who made it. */
export interface ReadLabel {
  pair: UnlabelledPair
  choice: LabelChoice
  source: LabelSource
}

export type ReadLabelsFile = { ok: true; pairs: ReadLabel[] } | { ok: false; problem: string }

/** A pairs file's text read whole, or its first problem (with the line); `room` is how many more pairs the page may keep, `env` the page's environment. */
export function readLabelsJsonl(text: string, room = MAX_PREFERENCE_PAIRS, featureNames: readonly string[] = TOKEN_FEATURE_NAMES, env?: string): ReadLabelsFile {
  const lines = fileLines(text)
  const pairs: ReadLabel[] = []
  for (let i = 0; i < lines.length; i++) {
    const problem = readLine(lines, i, pairs, room, featureNames, env)
    if (problem !== null) return { ok: false, problem }
  }
  return finished(pairs)
}

/** Lines read before the page gets a turn, at most (or CHUNK_MS, whichever comes first). */
const CHUNK_LINES = 2000
/** The most milliseconds of reading before the page gets a turn. */
const CHUNK_MS = 20

/**
 * readLabelsJsonl, in chunks: the page gets a turn (to draw, to answer input) every 2,000 lines
 * or 20 ms, and `onProgress` hears how many lines of how many are read, so 100,000 pairs never
 * block the page at once. The same pairs, or the same first problem, as readLabelsJsonl.
 */
export async function readLabelsJsonlInChunks(text: string, room = MAX_PREFERENCE_PAIRS, featureNames: readonly string[] = TOKEN_FEATURE_NAMES, env?: string, onProgress?: (read: number, total: number) => void): Promise<ReadLabelsFile> {
  const lines = fileLines(text)
  const pairs: ReadLabel[] = []
  let chunkStart = performance.now()
  for (let i = 0; i < lines.length; i++) {
    const problem = readLine(lines, i, pairs, room, featureNames, env)
    if (problem !== null) return { ok: false, problem }
    if ((i + 1) % CHUNK_LINES === 0 || performance.now() - chunkStart > CHUNK_MS) {
      onProgress?.(i + 1, lines.length)
      await yieldToPage()
      chunkStart = performance.now()
    }
  }
  onProgress?.(lines.length, lines.length)
  return finished(pairs)
}

function fileLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** Read line i into `pairs`, or its problem. */
function readLine(lines: readonly string[], i: number, pairs: ReadLabel[], room: number, featureNames: readonly string[], env: string | undefined): string | null {
  // A file written on Windows ends its lines with \r\n.
  const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i]
  const where = `line ${i + 1}`
  if (line.length > MAX_PAIR_LINE_LENGTH) return `${where} is longer than ${MAX_PAIR_LINE_LENGTH} characters, the longest a pair's line may be`
  if (pairs.length === room) {
    return `${where}: the file holds more pairs than the ${room} the page can still keep (at most ${MAX_PREFERENCE_PAIRS} labelled pairs in all); give a smaller file`
  }
  try {
    parsePairLine(line, featureNames, env)
  } catch (error) {
    const reason = errorMessage(error)
    return `${where}${reason.startsWith('is ') ? ' ' : ': '}${reason}`
  }
  const record = JSON.parse(line) as PairRecord
  pairs.push({ pair: canonicalPair(record, featureNames), choice: record.label, source: sourceOfLabeller(record.labeller) })
  return null
}

function finished(pairs: ReadLabel[]): ReadLabelsFile {
  if (pairs.length === 0) return { ok: false, problem: 'the file holds no pairs; give one pair a line, as reward-playground preferences writes them' }
  return { ok: true, pairs }
}

/** A checked line's pair with only the file's keys, its features in the order of `names`. */
function canonicalPair(record: PairRecord, names: readonly string[]): UnlabelledPair {
  const side = ({ tokens, states, actions, features, gold }: PairRecord['a']) => ({
    ...(tokens === undefined ? {} : { tokens }),
    ...(states === undefined ? {} : { states }),
    ...(actions === undefined ? {} : { actions }),
    features: Object.fromEntries(names.map((name) => [name, features[name]])),
    gold,
  })
  return {
    ...(record.prompt === undefined ? {} : { prompt: record.prompt }),
    ...(record.env === undefined ? {} : { env: record.env }),
    a: side(record.a),
    b: side(record.b),
    ...(record.probability === undefined ? {} : { probability: record.probability }),
  }
}

/** The decided labels as a fit reads them (the preferred side first, as PairsCollector gathers a file), or null when there are none. */
export function labelsToGoldPairs(labels: readonly Pick<SavedLabelRecord, 'pair' | 'choice'>[], featureNames: readonly string[] = TOKEN_FEATURE_NAMES): { featureNames: string[]; pairs: GoldPairs } | null {
  const decided = labels.filter((label) => label.choice !== 'tie' && hasFeatures(label.pair, featureNames))
  if (decided.length === 0) return null
  const features = featureNames.length
  const preferred = new Float64Array(decided.length * features)
  const rejected = new Float64Array(decided.length * features)
  const preferredGold = new Float64Array(decided.length)
  const rejectedGold = new Float64Array(decided.length)
  decided.forEach(({ pair, choice }, i) => {
    const [winner, loser] = choice === 'a' ? [pair.a, pair.b] : [pair.b, pair.a]
    featureNames.forEach((name, k) => {
      preferred[i * features + k] = winner.features[name]
      rejected[i * features + k] = loser.features[name]
    })
    preferredGold[i] = winner.gold
    rejectedGold[i] = loser.gold
  })
  return { featureNames: [...featureNames], pairs: { count: decided.length, features, preferred, rejected, preferredGold, rejectedGold } }
}

/** Whether a kept pair's features are exactly `names` (a label of another environment's pairs is not). */
export function hasFeatures(pair: UnlabelledPair, names: readonly string[]): boolean {
  const keys = Object.keys(pair.a.features)
  return keys.length === names.length && names.every((name) => Object.hasOwn(pair.a.features, name))
}
