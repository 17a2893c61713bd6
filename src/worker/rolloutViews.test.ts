import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema } from '../core/credit/estimatorSchema'
import { advantageHistogram } from '../core/credit/histogram'
import { rolloutAdvantages } from '../core/rollouts/rolloutAdvantages'
import { rolloutSummary } from '../core/rollouts/rolloutSummary'
import { jsonl, tableOf } from '../core/rollouts/testTables'
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
      const views = rolloutViews(prepared, weights, estimator)
      const summary = rolloutSummary(table, weights, estimator)
      expect(views.steps.map(({ step, figures }) => ({ step, figures }))).toEqual(summary.steps)
      expect(views.whole.figures).toEqual(summary.whole)
      const { advantages } = rolloutAdvantages(table, weights, estimator)
      expect(views.whole.histogram).toEqual(advantageHistogram(advantages, 21))
      const stepOne = advantages.filter((_, i) => table.stepOf[i] === 0)
      expect(views.steps[0].histogram).toEqual(advantageHistogram(stepOne, 21, -views.whole.histogram.edges[0]))
    })
  }

  it('refuses a baseline that reads more than the file holds', () => {
    expect(() => rolloutViews(prepared, Float64Array.of(1, 0), GroupEstimatorSchema.parse({ baseline: 'opo' }))).toThrow('the opo baseline reads more than a rollout file holds')
  })
})
