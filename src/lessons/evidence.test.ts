import { describe, expect, it } from 'vitest'
import raw from './evidence.json'
import { LESSONS } from './catalogue'
import { EvidenceFileSchema, parseEvidenceFile, type EvidenceFile, type LessonEvidence } from './evidenceSchema'
import { evidenceStaleness } from './evidenceStaleness'
import { designFingerprint } from './fingerprint'
import { namedVariants } from './claims'
import type { Lesson } from './types'

describe('the generated evidence file', () => {
  it('is valid', () => {
    expect(parseEvidenceFile(raw).problem).toBeNull()
  })

  it('measures the catalogue as it is: every check has an entry of exactly that check, named designs unchanged (else: npm run lessons -- ID --write)', () => {
    // A failure here names each lesson whose claims, budget, seeds or designs changed since it was measured.
    expect(evidenceStaleness(LESSONS, EvidenceFileSchema.parse(raw))).toEqual([])
  })
})

/** An entry that measures `lesson` exactly as it is now (figures made up). */
function entryFor(lesson: Lesson): LessonEvidence {
  const check = lesson.check!
  const figure = { mean: 1, std: 0, values: Array(check.seeds).fill(1) }
  return {
    date: '2026-12-01T12:00:00.000Z',
    machine: { cpu: 'test', cores: 2, node: 'v20.19.0' },
    firstSeed: 1,
    seeds: check.seeds,
    steps: check.steps,
    claims: check.claims,
    variants: namedVariants(check).map((index) => ({ index, label: lesson.variants[index].label, fingerprint: designFingerprint(lesson.variants[index].design), seeds: [1, 2, 3, 4, 5].slice(0, check.seeds), figures: { objective: figure, shapedReturn: figure } })),
    verdicts: check.claims.map(() => ({ holds: true, meanMargin: 1, standardError: 0, seedsHolding: check.seeds, seeds: check.seeds, failure: null })),
  }
}

describe('evidenceStaleness', () => {
  const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
  const fresh = (entry: LessonEvidence = entryFor(coin)): EvidenceFile => ({ version: 1, generatedBy: 'test', lessons: { 'coin-loop': entry } })

  it('passes an entry that measures the lesson as it is', () => {
    expect(evidenceStaleness([coin], fresh())).toEqual([])
  })

  it('names a lesson with a check but no entry, and the command that measures it', () => {
    expect(evidenceStaleness([coin], { version: 1, generatedBy: 'test', lessons: {} })).toEqual(['lesson coin-loop has a check but no evidence; run npm run lessons -- coin-loop --write'])
  })

  it('names an entry whose lesson has no check, or is gone', () => {
    const unchecked = { ...coin, check: undefined }
    expect(evidenceStaleness([unchecked], fresh())[0]).toMatch(/^lesson coin-loop has evidence but no check; any npm run lessons -- --write run drops the entry/)
    expect(evidenceStaleness([], fresh())[0]).toMatch(/^lesson coin-loop has evidence but is not in the catalogue/)
  })

  it.each([
    ['the budget', (lesson: Lesson) => ({ ...lesson, check: { ...lesson.check!, steps: 30_000 } }), /budget 30000 steps, measured with 20000/],
    ['the seeds', (lesson: Lesson) => ({ ...lesson, check: { ...lesson.check!, seeds: 6 } }), /6 seeds, measured with 5/],
    ['a claim', (lesson: Lesson) => ({ ...lesson, check: { ...lesson.check!, claims: [{ ...lesson.check!.claims[0], relation: { kind: 'atLeast' as const, value: 0.6 } }, ...lesson.check!.claims.slice(1)] } }), /its claims changed/],
    ['a named variant’s design', (lesson: Lesson) => ({ ...lesson, variants: lesson.variants.map((variant, index) => (index === 1 ? { ...variant, design: { ...variant.design, weights: { ...variant.design.weights, coin: 9 } } } : variant)) }), /variant 1 \(Coin worth 10\) changed its design/],
  ])('names the lesson when %s changed without re-measuring', (_, change, difference) => {
    const problems = evidenceStaleness([change(coin)], fresh())
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^lesson coin-loop: the evidence is stale \(/)
    expect(problems[0]).toMatch(difference)
    expect(problems[0]).toMatch(/run npm run lessons -- coin-loop --write$/)
  })

  it('does not care which seed a variant’s design names: the check sets the seed', () => {
    const reseeded = { ...coin, variants: coin.variants.map((variant) => ({ ...variant, design: { ...variant.design, seed: 42 } })) }
    expect(evidenceStaleness([reseeded], fresh())).toEqual([])
  })

  it('names evidence measured from another first seed', () => {
    expect(evidenceStaleness([coin], fresh({ ...entryFor(coin), firstSeed: 101 }))[0]).toMatch(/measured from seed 101, not 1/)
  })
})

describe('parseEvidenceFile', () => {
  it.each([
    ['not an object', 'nope', /^the lesson evidence file is damaged: the file: /],
    ['a wrong version', { version: 2, generatedBy: '', lessons: {} }, /^the lesson evidence file is damaged: version: /],
    ['a figure that is not a number', { version: 1, generatedBy: '', lessons: { 'coin-loop': { ...entryFor(LESSONS.find((lesson) => lesson.id === 'coin-loop')!), steps: 'many' } } }, /^the lesson evidence file is damaged: lessons\.coin-loop\.steps: /],
    ['a verdict missing', { version: 1, generatedBy: '', lessons: { 'coin-loop': { ...entryFor(LESSONS.find((lesson) => lesson.id === 'coin-loop')!), verdicts: [] } } }, /lessons\.coin-loop\.verdicts: needs one verdict per claim/],
  ])('gives one message for %s, saying how to regenerate', (_, input, message) => {
    const { problem } = parseEvidenceFile(input)
    expect(problem).toMatch(message)
    expect(problem).toMatch(/; fix it, or delete it and run npm run lessons -- --write$/)
    expect(problem).not.toContain('\n')
  })
})

describe('the figures an entry records', () => {
  const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
  const contribution = { text: 'The coin pays the coin run', figure: 'contribution' as const, component: 'coin', variant: 1, relation: { kind: 'atLeast' as const, value: 1 } }
  const zeros = { text: 'Few zero advantages', figure: 'zeroAdvantageFraction' as const, variant: 0, relation: { kind: 'atMost' as const, value: 0.5 } }
  const lesson: Lesson = { ...coin, check: { ...coin.check!, claims: [...coin.check!.claims, contribution, zeros] } }
  const figure = { mean: 1, std: 0, values: [1, 1, 1, 1, 1] }
  /** The entry with each variant's figures replaced by `figures(index)`. */
  const entryWith = (figures: (index: number) => Record<string, typeof figure>): LessonEvidence => {
    const entry = entryFor(lesson)
    return { ...entry, variants: entry.variants.map((variant) => ({ ...variant, figures: figures(variant.index) as LessonEvidence['variants'][number]['figures'] })) }
  }
  const fileOf = (entry: LessonEvidence) => ({ version: 1, generatedBy: 'test', lessons: { 'coin-loop': entry } })

  it('keys them by figure id, and takes the figures each claim is about beside objective and shapedReturn', () => {
    const entry = entryWith((index) => ({ objective: figure, shapedReturn: figure, ...(index === 1 ? { 'contribution:coin': figure } : {}), ...(index === 0 ? { zeroAdvantageFraction: figure } : {}) }))
    const { evidence, problem } = parseEvidenceFile(fileOf(entry))
    expect(problem).toBeNull()
    expect(Object.keys(evidence!.lessons['coin-loop'].variants[1].figures)).toEqual(['objective', 'shapedReturn', 'contribution:coin'])
  })

  it('takes the peak figures where a claim is about them', () => {
    const peaks = { text: 'The coin run fell from its best', figure: 'objectiveFallFromPeak' as const, variant: 1, relation: { kind: 'atLeast' as const, value: 0 } }
    const withPeaks: Lesson = { ...coin, check: { ...coin.check!, claims: [...coin.check!.claims, peaks] } }
    const entry = entryFor(withPeaks)
    const measured = { ...entry, variants: entry.variants.map((variant) => ({ ...variant, figures: { ...variant.figures, peakObjective: figure, objectiveFallFromPeak: figure } })) }
    const { evidence, problem } = parseEvidenceFile({ version: 1, generatedBy: 'test', lessons: { 'coin-loop': measured } })
    expect(problem).toBeNull()
    expect(evidence!.lessons['coin-loop'].variants[1].figures.objectiveFallFromPeak).toEqual(figure)
  })

  it.each([
    ['a claim’s figure missing for the variant it is about', () => ({ objective: figure, shapedReturn: figure, zeroAdvantageFraction: figure }), /^the lesson evidence file is damaged: lessons\.coin-loop\.variants\.1\.figures: has no "contribution:coin", the figure claims\[4\] is about; fix it/],
    ['objective missing', () => ({ shapedReturn: figure, 'contribution:coin': figure, zeroAdvantageFraction: figure }), /^the lesson evidence file is damaged: lessons\.coin-loop\.variants\.0\.figures\.objective: every variant records objective and shapedReturn( \(and \d+ more\))?; fix it/],
    ['a figure id that is none', () => ({ objective: figure, shapedReturn: figure, 'contribution:coin': figure, zeroAdvantageFraction: figure, advantage: figure }), /lessons\.coin-loop\.variants\.0\.figures\.advantage: expected a figure id: objective, shapedReturn, zeroAdvantageFraction, signFlipFraction, episodeLength, peakObjective, objectiveFallFromPeak, goldPeakSqrtKl, bestOfNGoldFall, bestOfNProxyRise, bestOfNPeakSqrtKl, contribution:<component>, monitorFired:<monitor> or monitorLead:<monitor>/],
  ])('refuses %s in one line', (_, figures, message) => {
    const { problem } = parseEvidenceFile(fileOf(entryWith(figures)))
    expect(problem).toMatch(message)
    expect(problem).not.toContain('\n')
  })
})
