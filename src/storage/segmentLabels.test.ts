import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../core/envs/registry'
import { pairLine } from '../core/preferences/pairsFile'
import { segmentPairRecord } from '../core/preferences/segmentPairRecord'
import { segmentPreferencePairs } from '../core/preferences/segmentPairs'
import { CARTPOLE_STEP_FEATURE_NAMES } from '../core/preferences/stepFeatures'
import { END, THINK } from '../core/envs/tokenseq'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { labelsToGoldPairs, labelsToJsonl, readLabelsJsonl, readLabelsJsonlInChunks } from './labelFile'
import { parseSavedLabel, type SavedLabelRecord } from './savedLabel'

/* Kept labels of segment pairs: read back held to their environment's features, beside the token task's, and as the pairs file both ways. */

const pairs = [...segmentPreferencePairs({ environment: resolveEnvironment('cartpole'), seed: 2, count: 3, segmentSteps: 5, temperature: 1 })]
const names = CARTPOLE_STEP_FEATURE_NAMES
const lines = pairs.map((pair) => `${pairLine(segmentPairRecord('cartpole', names, pair.a, pair.b, pair.label, pair.probability))}\n`).join('')
const segmentRecord = (): SavedLabelRecord => {
  const { label: _label, ...pair } = segmentPairRecord('cartpole', names, pairs[0].a, pairs[0].b, 'a')
  return { version: 1, createdAt: 5, source: 'user', choice: 'b', pair }
}
const { label: _label, ...tokenPair } = tokenPairRecord({ prompt: [1, 2], tokens: [THINK, 3, END], maxLength: 8 }, { prompt: [1, 2], tokens: [4, END], maxLength: 8 }, 'a')

describe('labels of segment pairs', () => {
  it('read back whole, and a token pair still reads back as before', () => {
    const record = { id: 3, ...segmentRecord() }
    expect(parseSavedLabel(structuredClone(record))).toEqual({ ok: true, label: record })
    const token = { id: 4, version: 1, createdAt: 1, source: 'user', choice: 'a', pair: tokenPair }
    expect(parseSavedLabel(structuredClone(token))).toEqual({ ok: true, label: token })
  })

  it.each([
    ['features of another environment', (pair: Record<string, unknown>) => (pair.env = 'gridworld'), /^pair: its features are steps, abs_x, .*; a pair of gridworld's segments has steps, goal_distance, in_hazard or steps, goal_distance, in_hazard, has_key$/],
    ['an environment without segments', (pair: Record<string, unknown>) => (pair.env = 'mountaincar'), /^pair: env is "mountaincar"; a pair of segments is of cartpole/],
    ['states and actions that disagree', (pair: Record<string, unknown>) => ((pair.a as { actions: number[] }).actions.push(0)), /^pair: a has \d+ states and \d+ actions/],
  ])('name %s as damaged', (_, change, problem) => {
    const record = { id: 3, ...segmentRecord() }
    change(record.pair as unknown as Record<string, unknown>)
    const parsed = parseSavedLabel(record)
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.problem).toMatch(problem)
  })

  it('import then export gives the file back, byte for byte, and the fit reads only the labels of the names asked for', () => {
    const read = readLabelsJsonl(lines, 100, names)
    if (!read.ok) throw new Error(read.problem)
    const kept: SavedLabelRecord[] = read.pairs.map(({ pair, choice, source }) => ({ version: 1, createdAt: 1, source, choice, pair }))
    expect(labelsToJsonl(kept).text).toBe(lines)
    const withToken = [...kept, { version: 1 as const, createdAt: 1, source: 'user' as const, choice: 'a' as const, pair: tokenPair }]
    const fit = labelsToGoldPairs(withToken, names)!
    expect(fit.featureNames).toEqual(names)
    expect(fit.pairs.count).toBe(3)
    const winner = pairs[0].label === 'a' ? pairs[0].a : pairs[0].b
    expect(Array.from(fit.pairs.preferred.subarray(0, names.length))).toEqual(Array.from(winner.features))
    // The token task's fit, as before, leaves the segments out.
    expect(labelsToGoldPairs(withToken)!.pairs.count).toBe(1)
    expect(labelsToGoldPairs(withToken)!.featureNames).toEqual(TOKEN_FEATURE_NAMES)
  })

  it('import on CartPole refuses a file of the token task’s pairs, naming the line', () => {
    const token = `${pairLine({ ...tokenPair, label: 'a' })}\n`
    expect(readLabelsJsonl(token, 100, names)).toEqual({ ok: false, problem: 'line 1: a.features has the feature "format", which line 1 lacks; every feature vector needs the same names' })
  })

  it('import names the environment the pairs are of and the one the page is on', () => {
    const token = `${pairLine({ ...tokenPair, label: 'a' })}\n`
    expect(readLabelsJsonl(lines, 100, TOKEN_FEATURE_NAMES, 'tokenseq')).toEqual({ ok: false, problem: "line 1 is a pair of cartpole's segments, but this page is on tokenseq: it takes pairs of tokenseq's completions only; open cartpole to import them" })
    expect(readLabelsJsonl(token, 100, names, 'cartpole')).toEqual({ ok: false, problem: "line 1 is a pair of tokenseq's completions, but this page is on cartpole: it takes pairs of cartpole's segments only; open tokenseq to import them" })
    expect(readLabelsJsonl(lines, 100, names, 'gridworld')).toMatchObject({ ok: false, problem: expect.stringMatching(/^line 1 is a pair of cartpole's segments, but this page is on gridworld/) })
    expect(readLabelsJsonl(lines, 100, names, 'cartpole')).toMatchObject({ ok: true })
  })
})

describe('a pairs file read in chunks', () => {
  const tokenLine = (k: number) => pairLine({ ...tokenPair, a: { ...tokenPair.a, gold: k }, label: k % 2 === 0 ? 'a' : 'b' })

  it('gives exactly what the one-shot reader gives, and says how far it got', async () => {
    const text = `${Array.from({ length: 5000 }, (_, k) => tokenLine(k)).join('\n')}\n`
    const progress: [number, number][] = []
    const chunked = await readLabelsJsonlInChunks(text, 100_000, TOKEN_FEATURE_NAMES, 'tokenseq', (read, total) => progress.push([read, total]))
    expect(chunked).toEqual(readLabelsJsonl(text, 100_000, TOKEN_FEATURE_NAMES, 'tokenseq'))
    expect(chunked.ok && chunked.pairs.length).toBe(5000)
    expect(progress.length).toBeGreaterThanOrEqual(3)
    expect(progress.every(([, total]) => total === 5000)).toBe(true)
    expect(progress.map(([read]) => read)).toEqual([...progress.map(([read]) => read)].sort((a, b) => a - b))
    expect(progress[progress.length - 1]).toEqual([5000, 5000])
  })

  it.each([
    ['a bad line past the first chunk', (lines: string[]) => (lines[4321] = '{"a": 1}')],
    ['more pairs than the room left', () => {}],
    ['a pair of another environment', (lines: string[]) => (lines[2500] = pairLine(segmentPairRecord('cartpole', names, pairs[0].a, pairs[0].b, 'a')))],
  ])('gives the one-shot reader’s first problem for %s', async (_, spoil) => {
    const fileLines = Array.from({ length: 5000 }, (_, k) => tokenLine(k))
    spoil(fileLines)
    const text = fileLines.join('\r\n')
    const room = 4500
    const chunked = await readLabelsJsonlInChunks(text, room, TOKEN_FEATURE_NAMES, 'tokenseq')
    expect(chunked.ok).toBe(false)
    expect(chunked).toEqual(readLabelsJsonl(text, room, TOKEN_FEATURE_NAMES, 'tokenseq'))
  })
})

