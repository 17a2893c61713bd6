import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema } from '../core/credit/estimatorSchema'
import { advantageHistogram } from '../core/credit/histogram'
import { rolloutAdvantages } from '../core/rollouts/rolloutAdvantages'
import { rolloutSummary } from '../core/rollouts/rolloutSummary'
import { jsonl, tableOf } from '../core/rollouts/testTables'
import { designSummary } from '../core/rollouts/designedRollouts'
import { designReport } from '../core/rollouts/designReport'
import { parseRolloutDesign } from '../core/rollouts/rolloutDesign'
import { designedViews, tableViews } from './designedViews'
import { prepareViews, rolloutViews } from './rolloutViews'

// Two steps; r and s with a null, a completion no component applies to, a group of one, a silent group.
const FILE = jsonl([
  { group: 1, step: 1, text: 'xx', rewards: { r: 1, s: 0.5 } },
  { group: 1, step: 1, text: 'x', rewards: { r: 0, s: null } },
  { group: 1, step: 1, text: 'xxxx', rewards: { r: 0.25, s: 2 } },
  { group: 2, step: 1, text: 'xxx', rewards: { r: 0, s: 2 } },
  { group: 2, step: 1, text: 'x', rewards: { r: null, s: null } },
  { group: 2, step: 1, text: 'x', rewards: { r: 3, s: 0 } },
  { group: 5, step: 1, text: 'x', rewards: { r: 3, s: 1 } },
  { group: 3, step: 2, text: 'xx', rewards: { r: 1, s: 1 } },
  { group: 3, step: 2, text: 'x', rewards: { r: 0, s: -1 } },
  { group: 4, step: 2, text: 'x', rewards: { r: 1, s: 1 } },
  { group: 4, step: 2, text: 'xxxxx', rewards: { r: 1, s: 1 } },
])

describe('rolloutViews', () => {
  const table = tableOf(FILE)
  const prepared = prepareViews(table)
  for (const fields of [{}, { scale: 'none' }, { center: 'loo', scale: 'none' }, { center: 'median', rank: true }, { center: 'batch', scale: 'batch' }, { combine: 'decoupled' }, { combine: 'decoupled', batchNormalize: true }] as const) {
    it(`gives rolloutSummary's figures exactly, and histograms of rolloutAdvantages' advantages, under ${JSON.stringify(fields)}`, () => {
      const estimator = GroupEstimatorSchema.parse(fields)
      const weights = Float64Array.of(1, -0.5)
      const { views, advantages: inputOrder } = rolloutViews(prepared, weights, estimator)
      const summary = rolloutSummary(table, weights, estimator)
      expect(views.steps.map(({ step, figures }) => ({ step, figures }))).toEqual(summary.steps)
      expect(views.whole.figures).toEqual(summary.whole)
      const { advantages } = rolloutAdvantages(table, weights, estimator)
      expect(views.whole.histogram).toEqual(advantageHistogram(advantages, 21))
      expect(inputOrder).toEqual(advantages)
      const stepOne = advantages.filter((_, i) => table.stepOf[i] === 0)
      expect(views.steps[0].histogram).toEqual(advantageHistogram(stepOne, 21, -views.whole.histogram.edges[0]))
    })
  }

  // The same file with lengths in tokens on some records: three counted completions of each step give them, the others not.
  const TOKENS = [5, 3, null, 8, 2, null, 4, 6, 1, null, 9]
  const withTokens = tableOf(jsonl(JSON.parse(`[${FILE.trim().split('\n').join(',')}]`).map((record: object, i: number) => (TOKENS[i] === null ? record : { ...record, tokens: TOKENS[i] }))))
  for (const fields of [{}, { center: 'loo', scale: 'none' }, { combine: 'decoupled' }] as const) {
    it(`gives rolloutSummary's correlation with the length in tokens exactly, under ${JSON.stringify(fields)}`, () => {
      const estimator = GroupEstimatorSchema.parse(fields)
      const weights = Float64Array.of(1, -0.5)
      const { views } = rolloutViews(prepareViews(withTokens), weights, estimator)
      const summary = rolloutSummary(withTokens, weights, estimator)
      expect(views.steps.map(({ step, figures }) => ({ step, figures }))).toEqual(summary.steps)
      expect(views.whole.figures).toEqual(summary.whole)
      // Compared as numbers, not two nulls.
      expect(views.steps[0].figures.advantageTokenCorrelation).not.toBeNull()
      expect(views.whole.figures.advantageTokenCorrelation).not.toBeNull()
    })
  }

  it('keeps each component\'s own advantages per estimator: a second set of weights gives rolloutSummary\'s figures exactly', () => {
    const estimator = GroupEstimatorSchema.parse({ combine: 'decoupled', center: 'median' })
    const fresh = prepareViews(table)
    for (const weights of [Float64Array.of(1, -0.5), Float64Array.of(0.25, 2), Float64Array.of(0, 1)]) {
      const { views } = rolloutViews(fresh, weights, estimator)
      const summary = rolloutSummary(table, weights, estimator)
      expect(views.steps.map(({ step, figures }) => ({ step, figures }))).toEqual(summary.steps)
      expect(views.whole.figures).toEqual(summary.whole)
    }
    expect(fresh.ownAdvantages.size).toBe(1)
  })

  // The same file with r named score: the file's own design (score weighs 1) is the sign changes' reference.
  const scored = tableOf(FILE.replaceAll('"r"', '"score"'))

  for (const estimator of [{}, { combine: 'decoupled' }] as const) {
    it(`under a design with transforms, gives designSummary's figures exactly and designReport's sign changes (${JSON.stringify(estimator)})`, () => {
      const cache = tableViews(scored)
      for (const components of [
        { score: { weight: 1, transforms: [{ kind: 'clip', lo: 0, hi: 1 }] }, s: { weight: -0.5, transforms: [{ kind: 'scale', factor: 3 }, { kind: 'bounded', reference: 1 }] } },
        { score: { weight: 2, transforms: [{ kind: 'clip', lo: 0, hi: 1 }] }, s: { weight: 0.25, transforms: [{ kind: 'scale', factor: 3 }, { kind: 'bounded', reference: 1 }] } },
        { score: { weight: 1 } },
      ]) {
        const parsed = parseRolloutDesign({ components, estimator })
        if (!parsed.ok) throw new Error(parsed.problems.join('; '))
        const views = designedViews(cache, parsed.design)
        const summary = designSummary(scored, parsed.design)
        if ('problem' in summary) throw new Error(summary.problem)
        expect(views.steps.map(({ step, figures }) => ({ step, figures }))).toEqual(summary.steps)
        expect(views.whole.figures).toEqual(summary.whole)
        const report = designReport(scored, parsed.design)
        if ('problem' in report || report.signChanges === null) throw new Error('no report')
        if ('problem' in views.signChanges) throw new Error(views.signChanges.problem)
        expect(views.signChanges.whole).toEqual(report.signChanges.whole)
        expect(views.signChanges.listed.map(({ completion, kind }) => [completion, kind])).toEqual(report.signChanges.first.map(({ completion, kind }) => [completion, kind]))
      }
      // The table read, and one transformed table the first two designs share.
      expect(cache.prepared.size).toBe(2)
    })
  }

  it('lists a sign change with its kept text and every component\'s value as the file gives it', () => {
    const parsed = parseRolloutDesign({ components: { s: { weight: 1 } }, estimator: { scale: 'none' } })
    if (!parsed.ok) throw new Error(parsed.problems.join('; '))
    const views = designedViews(tableViews(scored), parsed.design)
    if ('problem' in views.signChanges) throw new Error(views.signChanges.problem)
    // Own design (score): group 1 (1, 0, 0.25) gives +, −, −; group 2 (0, 3) −, +. Under s alone,
    // centred: group 1 (0.5, none: 0, 2) gives −, −, +; group 2 (2, 0) +, −: four flips in step 1.
    // Step 2's groups agree (+, − and a silent group under both).
    expect(views.signChanges.versus).toBe('own design')
    expect(views.signChanges.steps.map(({ step, counts }) => [step, counts])).toEqual([
      [1, { compared: 5, flips: 4, toZero: 0, fromZero: 0 }],
      [2, { compared: 4, flips: 0, toZero: 0, fromZero: 0 }],
    ])
    expect(views.signChanges.listed.map(({ completion, step, group, kind, text, values }) => ({ completion, step, group, kind, text, values }))).toEqual([
      { completion: 0, step: 1, group: 0, kind: 'flip', text: 'xx', values: [1, 0.5] },
      { completion: 2, step: 1, group: 0, kind: 'flip', text: 'xxxx', values: [0.25, 2] },
      { completion: 3, step: 1, group: 1, kind: 'flip', text: 'xxx', values: [0, 2] },
      { completion: 5, step: 1, group: 1, kind: 'flip', text: 'x', values: [3, 0] },
    ])
    expect(views.signChanges.listed[0].after).toBeCloseTo(0.5 - 2.5 / 3, 12)
  })

  it('says why there are no sign changes where the file has neither a logged advantage nor a score', () => {
    const parsed = parseRolloutDesign({ components: { s: { weight: 1 } } })
    if (!parsed.ok) throw new Error(parsed.problems.join('; '))
    const views = designedViews(tableViews(table), parsed.design)
    expect('problem' in views.signChanges && views.signChanges.problem).toContain('no component "score"')
  })

  it('refuses a baseline that reads more than the file holds', () => {
    expect(() => rolloutViews(prepared, Float64Array.of(1, 0), GroupEstimatorSchema.parse({ baseline: 'opo' }))).toThrow('the opo baseline reads more than a rollout file holds')
  })
})
