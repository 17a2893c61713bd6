import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LESSONS } from '../lessons/catalogue'
import { EvidenceFileSchema } from '../lessons/evidenceSchema'
import { evidenceStaleness } from '../lessons/evidenceStaleness'
import { evidenceEntryOf, readEvidenceFile, thisMachine, writeEvidence } from './evidenceWrite'
import type { LessonCheckResult } from './lessonCheck'
import { cliAsync, expectUsageError } from './testing'

const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
const cliff = LESSONS.find((lesson) => lesson.id === 'cliff-sarsa-vs-q')!

function temporaryPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'evidence-')), 'evidence.json')
}

/** A made-up check result of `lesson` over 5 seeds, with one figure missing (no episode finished). */
function resultOf(id: string): LessonCheckResult {
  const lesson = LESSONS.find((entry) => entry.id === id)!
  const check = lesson.check!
  const seeds = Array.from({ length: check.seeds }, (_, k) => k + 1)
  const indices = [...new Set(check.claims.flatMap((claim) => [claim.variant, ...('variant' in claim.relation ? [claim.relation.variant] : [])]))].sort()
  return {
    id,
    steps: check.steps,
    variants: indices.map((index) => ({ index, label: lesson.variants[index].label, seeds, figures: { objective: { values: seeds.map((s) => s / 10), mean: 0.3, std: 0.16 }, shapedReturn: { values: [NaN, ...seeds.slice(1)], mean: NaN, std: NaN } } })),
    claims: check.claims.map((claim) => ({ claim, holds: false, margins: [], meanMargin: -1, standardError: 0.5, seedsHolding: 1, seeds: check.seeds, failure: 'the means go the other way' })),
    holds: false,
  }
}

describe('writeEvidence', () => {
  const date = new Date('2026-12-01T12:00:00Z')
  const machine = { cpu: 'Test CPU', cores: 2, node: 'v20.19.0' }

  it('writes a lesson’s entry that the staleness rule accepts, failed claims and missing figures (null) included', () => {
    const path = temporaryPath()
    writeEvidence(path, { 'coin-loop': evidenceEntryOf(coin, resultOf('coin-loop'), 1, machine, date) })
    const file = EvidenceFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
    const entry = file.lessons['coin-loop']
    expect(entry).toMatchObject({ date: '2026-12-01T12:00:00.000Z', machine, firstSeed: 1, seeds: 5, steps: coin.check!.steps, claims: coin.check!.claims })
    expect(entry.verdicts[0]).toEqual({ holds: false, meanMargin: -1, standardError: 0.5, seedsHolding: 1, seeds: 5, failure: 'the means go the other way' })
    expect(entry.variants[0].figures.shapedReturn).toEqual({ mean: null, std: null, values: [null, 2, 3, 4, 5] })
    expect(evidenceStaleness([coin], file)).toEqual([])
  })

  it('updates only the lessons it is given, keeps the others, in catalogue order, and drops entries of lessons that are gone', () => {
    const path = temporaryPath()
    writeEvidence(path, { 'cliff-sarsa-vs-q': evidenceEntryOf(cliff, resultOf('cliff-sarsa-vs-q'), 1, machine, date) })
    const gone = { ...JSON.parse(readFileSync(path, 'utf8')) }
    gone.lessons['old-lesson'] = gone.lessons['cliff-sarsa-vs-q']
    writeFileSync(path, JSON.stringify(gone))
    writeEvidence(path, { 'coin-loop': evidenceEntryOf(coin, resultOf('coin-loop'), 1, machine, new Date('2026-12-02T00:00:00Z')) })
    const file = readEvidenceFile(path)
    expect(Object.keys(file.lessons)).toEqual(['coin-loop', 'cliff-sarsa-vs-q'])
    expect(file.lessons['cliff-sarsa-vs-q'].date).toBe('2026-12-01T12:00:00.000Z')
    expect(file.lessons['coin-loop'].date).toBe('2026-12-02T00:00:00.000Z')
  })

  it('records each variant’s objective and shapedReturn and the figures the claims are about, keyed by figure id', () => {
    const claims = [
      ...coin.check!.claims,
      { text: 'The coin pays', figure: 'contribution' as const, component: 'coin', variant: 1, relation: { kind: 'atLeast' as const, value: 1 } },
      { text: 'Few zero advantages', figure: 'zeroAdvantageFraction' as const, variant: 1, relation: { kind: 'atMost' as const, value: 0.5 } },
    ]
    const lesson = { ...coin, check: { ...coin.check!, claims } }
    const base = resultOf('coin-loop')
    const extra = { 'contribution:coin': { values: [1, 2, 3, 4, NaN], mean: NaN, std: NaN }, zeroAdvantageFraction: { values: [0, 0.5, 0, 0, 0], mean: 0.1, std: 0.22 } }
    const result: LessonCheckResult = {
      ...base,
      variants: base.variants.map((variant) => ({ ...variant, figures: { ...variant.figures, ...extra } })),
      claims: [...base.claims, ...claims.slice(-2).map((claim) => ({ ...base.claims[0], claim }))],
    }
    const path = temporaryPath()
    writeEvidence(path, { 'coin-loop': evidenceEntryOf(lesson, result, 1, machine, date) }, [lesson])
    const entry = readEvidenceFile(path).lessons['coin-loop']
    expect(Object.keys(entry.variants[1].figures)).toEqual(['objective', 'shapedReturn', 'contribution:coin', 'zeroAdvantageFraction'])
    expect(entry.variants[1].figures['contribution:coin']).toEqual({ mean: null, std: null, values: [1, 2, 3, 4, null] })
    expect(entry.variants[0].figures.zeroAdvantageFraction).toEqual({ mean: 0.1, std: 0.22, values: [0, 0.5, 0, 0, 0] })
    expect(evidenceStaleness([lesson], readEvidenceFile(path))).toEqual([])
  })

  it('refuses a damaged file in one message rather than overwrite what it holds', () => {
    const path = temporaryPath()
    writeFileSync(path, '{"version": 1, "lessons": ')
    expect(() => writeEvidence(path, {})).toThrow(/^the lesson evidence file .* is not JSON .*; fix it or delete it, then run npm run lessons -- --write$/)
    writeFileSync(path, JSON.stringify({ version: 1, generatedBy: 'x', lessons: { 'coin-loop': { steps: 1 } } }))
    expect(() => writeEvidence(path, {})).toThrow(/^the lesson evidence file .* is damaged: lessons\.coin-loop\.date: .*fix it, or delete it and run npm run lessons -- --write$/)
    expect(readFileSync(path, 'utf8')).toContain('"steps":1')
  })

  it('names this machine by CPU model, cores and Node version', () => {
    const here = thisMachine()
    expect(here.cores).toBeGreaterThan(0)
    expect(here.node).toBe(process.version)
    expect(here.cpu.length).toBeGreaterThan(0)
  })
})

describe('lesson check --write', () => {
  it('writes the measured entry to the file --evidence names, and exits as the claims say', async () => {
    const path = temporaryPath()
    const { code, stderr } = await cliAsync(['lesson', 'check', 'coin-loop', '--jobs', '1', '--write', '--evidence', path])
    expect(code).toBe(0)
    expect(stderr).toContain(`coin-loop: evidence written to ${path}`)
    const file = readEvidenceFile(path)
    expect(evidenceStaleness(LESSONS.filter((lesson) => lesson.id === 'coin-loop'), file)).toEqual([])
    expect(file.lessons['coin-loop'].verdicts.every((verdict) => verdict.holds)).toBe(true)
  })

  it.each([
    [['--first-seed', '101'], /^--write records the check as declared, from seed 1; drop --first-seed 101/],
    [['--seeds', '3'], /^--write records the check as declared: coin-loop has 5 seeds; drop --seeds 3/],
    [['--first-seed', '1', '--seeds', '5', '--evidence'], /^flag --evidence needs a value$/],
  ])('refuses %j with one line (exit 2)', async (extra, message) => {
    expect(expectUsageError(await cliAsync(['lesson', 'check', 'coin-loop', '--write', ...extra]))).toMatch(message)
  })

  it('refuses --evidence without --write, and a damaged file before training anything', async () => {
    expect(expectUsageError(await cliAsync(['lesson', 'check', 'coin-loop', '--evidence', temporaryPath()]))).toMatch(/^--evidence FILE names where --write puts the evidence; give --write too$/)
    const path = temporaryPath()
    writeFileSync(path, 'nope')
    expect(expectUsageError(await cliAsync(['lesson', 'check', 'coin-loop', '--write', '--evidence', path]))).toMatch(/is not JSON/)
  })

  it('refuses a destination it could not write before training anything', async () => {
    const started = performance.now()
    expect(expectUsageError(await cliAsync(['lesson', 'check', '--write', '--evidence', '/no/such/dir/e.json']))).toBe(
      'cannot write the lesson evidence file /no/such/dir/e.json: its folder /no/such/dir does not exist; give --evidence a path in a folder that exists',
    )
    if (existsSync('/dev/zero')) expect(expectUsageError(await cliAsync(['lesson', 'check', '--write', '--evidence', '/dev/zero']))).toBe('cannot write the lesson evidence file /dev/zero: it is a character device; give --evidence the path of a regular JSON file, or of one to make')
    const folder = mkdtempSync(join(tmpdir(), 'evidence-'))
    expect(expectUsageError(await cliAsync(['lesson', 'check', '--write', '--evidence', folder]))).toContain('it is a directory')
    // Nothing was trained: the whole catalogue takes minutes.
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})
