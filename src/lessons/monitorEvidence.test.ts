import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { monitorSetupFingerprint } from '../core/monitors/setupFingerprint'
import raw from './monitorEvidence.json'
import { LESSONS } from './catalogue'
import { designFingerprint } from './fingerprint'
import { parseMonitorEvidence, type MonitorEvidence } from './monitorEvidenceSchema'
import { monitorEvidenceStaleness } from './monitorEvidenceStaleness'
import { monitorTableMarkdown, tableInText } from './monitorTable'
import { MADE_UP } from './testMonitorEvidence'
import type { Lesson } from './types'

describe('the monitors’ measured table', () => {
  const { evidence, problem } = parseMonitorEvidence(raw)

  it('is valid', () => {
    expect(problem).toBeNull()
  })

  it('measures the lessons and the monitors as they are (else: run the command each line names)', () => {
    expect(monitorEvidenceStaleness(LESSONS, evidence!)).toEqual([])
  })

  it('is the table README.md shows (else: npm run -s cli -- monitor table --write)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(tableInText(readme)).toEqual({ table: monitorTableMarkdown(evidence!) })
  })
})

describe('monitorEvidenceStaleness', () => {
  const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
  const setup = monitorSetupFingerprint()
  /** The made-up file as a measurement of coin-loop as it is now, with today's setup. */
  const fresh: MonitorEvidence = { ...MADE_UP, setupFingerprint: setup, lessons: [{ id: 'coin-loop', steps: coin.check!.steps, variants: coin.variants.map((variant, index) => ({ index, label: variant.label, fingerprint: designFingerprint(variant.design) })) }] }
  const command = 'run npm run -s cli -- monitor check coin-loop --seeds 2 --write'

  it('passes a file that measures the lesson and the monitors as they are', () => {
    expect(monitorEvidenceStaleness([coin], fresh)).toEqual([])
  })

  it('names a change to the monitors’ setup', () => {
    expect(monitorEvidenceStaleness([coin], fresh, '0000000000000000')).toEqual([`the monitors' measured table is stale: the monitors' setup changed (their options, which monitors there are, the gold's window or margin, or the frames per run): fingerprint 0000000000000000, measured with ${setup}; ${command}`])
  })

  it.each([
    ['the budget', (lesson: Lesson) => ({ ...lesson, check: { ...lesson.check!, steps: 30_000 } }), 'lesson coin-loop: budget 30000 steps, measured with 20000'],
    ['a variant’s design', (lesson: Lesson) => ({ ...lesson, variants: lesson.variants.map((variant, index) => (index === 1 ? { ...variant, design: { ...variant.design, weights: { ...variant.design.weights, coin: 9 } } } : variant)) }), 'lesson coin-loop: variant 1 (Coin worth 10) changed its design'],
    ['the variants', (lesson: Lesson) => ({ ...lesson, variants: lesson.variants.slice(0, 2) }), 'lesson coin-loop: 2 variants, measured 3'],
    ['the check', (lesson: Lesson) => ({ ...lesson, check: undefined }), 'lesson coin-loop has no check any more, so no budget to train for'],
  ])('names the lesson when %s changed, and what to run', (_, change, difference) => {
    expect(monitorEvidenceStaleness([change(coin)], fresh)).toEqual([`the monitors' measured table is stale: ${difference}; ${command}`])
  })

  it('names a lesson that is gone', () => {
    expect(monitorEvidenceStaleness([], fresh)).toEqual([`the monitors' measured table is stale: lesson coin-loop is not in the catalogue any more; ${command}`])
  })

  it('does not care which seed a design names: the check sets the seed', () => {
    const reseeded = { ...coin, variants: coin.variants.map((variant) => ({ ...variant, design: { ...variant.design, seed: 42 } })) }
    expect(monitorEvidenceStaleness([reseeded], fresh)).toEqual([])
  })
})

describe('parseMonitorEvidence', () => {
  it.each([
    ['not an object', 'nope', /^the monitors' measured table is damaged: the file: /],
    ['runs that are not seeds × variants', { ...MADE_UP, runs: 7 }, /: runs: must be the seeds times the variants measured/],
    ['outcomes that do not add up', { ...MADE_UP, scores: [{ ...MADE_UP.scores[0], quiet: 2 }] }, /: scores\.0: its outcomes must add up to its runs/],
    ['a lead without a hit', { ...MADE_UP, scores: [{ ...MADE_UP.scores[1], lead: { median: 1, min: 1, max: 1 } }] }, /: scores\.0\.lead: has a lead exactly when it has hits/],
    ['a monitor scored over fewer runs', { ...MADE_UP, scores: [{ ...MADE_UP.scores[1], runs: 5, unmeasurable: 5 }] }, /: scores: every monitor must be scored over every run/],
    ['a fingerprint that is not one', { ...MADE_UP, setupFingerprint: 'xyz' }, /: setupFingerprint: must be 16 hex digits/],
  ])('gives one line for %s, saying how to regenerate', (_, input, message) => {
    const { problem } = parseMonitorEvidence(input)
    expect(problem).toMatch(message)
    expect(problem).toMatch(/; fix it, or delete it and run npm run -s cli -- monitor check --write$/)
    expect(problem).not.toContain('\n')
  })

  it('takes the made-up file', () => {
    expect(parseMonitorEvidence(MADE_UP).problem).toBeNull()
  })
})
