import { describe, expect, it } from 'vitest'
import { END, THINK } from '../core/envs/tokenseq'
import { PairsCollector } from '../core/preferences/pairsFile'
import { TOKEN_FEATURE_NAMES, tokenFeatures, tokenGold, type TokenCompletion } from '../core/preferences/tokenFeatures'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
import { labelsToGoldPairs, labelsToJsonl, readLabelsJsonl } from './labelFile'
import type { LabelChoice, SavedLabelRecord } from './savedLabel'

const right: TokenCompletion = { prompt: [3, 4], tokens: [THINK, 7, END], maxLength: 8 }
const wrong: TokenCompletion = { prompt: [3, 4], tokens: [1, 2, END], maxLength: 8 }
const long: TokenCompletion = { prompt: [3, 4], tokens: [THINK, THINK, THINK, 7, 7, 7, 7, 7], maxLength: 8 }

/** The line `preferences` writes for a pair (preferences-command.ts): its keys, in its order. */
function cliLine(a: TokenCompletion, b: TokenCompletion, probability: number | undefined, label: 'a' | 'b' | 'tie'): string {
  const side = (c: TokenCompletion) => ({ tokens: [...c.tokens], features: Object.fromEntries(TOKEN_FEATURE_NAMES.map((name, k) => [name, tokenFeatures(c)[k]])), gold: tokenGold(c) })
  return JSON.stringify({ prompt: [a.prompt[0], a.prompt[1]], a: side(a), b: side(b), probability, label })
}

function label(a: TokenCompletion, b: TokenCompletion, choice: LabelChoice, probability?: number): SavedLabelRecord {
  const { label: _label, ...pair } = tokenPairRecord(a, b, 'a', probability)
  return { version: 1, createdAt: 1, source: probability === undefined ? 'user' : 'simulated', choice, pair }
}

describe('the labels as the command line’s pairs file', () => {
  it('export writes each pair as preferences writes it, then who labelled it; a tie as "label": "tie", counted', () => {
    const labels = [label(right, wrong, 'a', 0.9), label(wrong, long, 'tie'), label(long, right, 'b')]
    const { text, ties } = labelsToJsonl(labels)
    expect(ties).toBe(1)
    const labelled = (line: string, labeller: string) => `${line.slice(0, -1)},"labeller":"${labeller}"}`
    expect(text).toBe(`${labelled(cliLine(right, wrong, 0.9, 'a'), 'simulated')}\n${labelled(cliLine(wrong, long, undefined, 'tie'), 'person')}\n${labelled(cliLine(long, right, undefined, 'b'), 'person')}\n`)
  })

  it('export then import keeps every label: the ties, and which were labelled by hand', () => {
    const labels = [label(right, wrong, 'a', 0.9), label(wrong, long, 'tie'), label(long, right, 'b'), { ...label(right, long, 'a'), source: 'imported' as const }]
    const read = readLabelsJsonl(labelsToJsonl(labels).text)
    if (!read.ok) throw new Error(read.problem)
    expect(read.pairs).toEqual(labels.map(({ pair, choice, source }) => ({ pair, choice, source })))
    expect(read.pairs.filter((entry) => entry.source === 'user')).toHaveLength(2)
    expect(read.pairs.filter((entry) => entry.choice === 'tie')).toHaveLength(1)
  })

  it('the command line’s fit reads a page’s file, skipping its ties', () => {
    const collector = new PairsCollector()
    labelsToJsonl([label(right, wrong, 'a', 0.9), label(wrong, long, 'tie'), label(long, right, 'b')])
      .text.trim()
      .split('\n')
      .forEach((line, i) => collector.add(line, i + 1))
    expect(collector.result().pairs.count).toBe(2)
  })

  it('import then export gives the file back, byte for byte', () => {
    const text = `${cliLine(right, wrong, 0.25, 'b')}\n${cliLine(long, wrong, 0.5, 'a')}\n`
    const read = readLabelsJsonl(text)
    if (!read.ok) throw new Error(read.problem)
    expect(labelsToJsonl(read.pairs.map(({ pair, choice }) => ({ pair, choice }))).text).toBe(text)
  })

  it('the fit reads the labels as the command line reads the exported file', () => {
    const labels = [label(right, wrong, 'a', 0.9), label(wrong, long, 'tie'), label(long, right, 'b')]
    const collector = new PairsCollector()
    labelsToJsonl(labels)
      .text.trim()
      .split('\n')
      .forEach((line, i) => collector.add(line, i + 1))
    expect(labelsToGoldPairs(labels)).toEqual(collector.result())
    expect(labelsToGoldPairs([label(right, wrong, 'tie')])).toBeNull()
  })

  it('import refuses a bad file whole, naming its first bad line and what is accepted', () => {
    const good = cliLine(right, wrong, 0.5, 'a')
    expect(readLabelsJsonl(`${good}\n{"a": 1\n`)).toEqual({ ok: false, problem: expect.stringMatching(/^line 2 is not valid JSON: .*; each line is \{"prompt"/) })
    const otherFeatures = JSON.stringify({ a: { features: { x: 1 }, gold: 1 }, b: { features: { x: 0 }, gold: 0 }, label: 'a' })
    expect(readLabelsJsonl(otherFeatures)).toEqual({ ok: false, problem: expect.stringMatching(/^line 1: a\.features has the feature "x", which line 1 lacks/) })
    expect(readLabelsJsonl(good.replace('"gold":1', '"gold":NaN'))).toEqual({ ok: false, problem: expect.stringContaining('NaN and Infinity are not JSON numbers') })
    expect(readLabelsJsonl('')).toEqual({ ok: false, problem: expect.stringContaining('holds no pairs') })
    expect(readLabelsJsonl(`${good}\n${good}\n${good}\n`, 2)).toEqual({ ok: false, problem: expect.stringMatching(/^line 3: the file holds more pairs than the 2 the page can still keep \(at most 100000 labelled pairs in all\)/) })
  })
})
