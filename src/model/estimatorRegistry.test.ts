import { describe, expect, it } from 'vitest'
import { GROUP_ESTIMATORS } from '../core/credit/estimators'
import { estimatorBaseline, GroupEstimatorSchema } from '../core/run/config'
import { ESTIMATOR_CHOICES, estimatorChoiceOf } from './estimatorComparison'

/** Estimators the comparison cannot offer: their batches carry rewards per token only under their own runs. */
const NOT_COMPARED: Record<string, string> = {
  process: 'a batch carries rewards per token only under the process baselines',
  process_min: 'a batch carries rewards per token only under the process baselines',
}

describe('the estimator comparison reads the registry', () => {
  it('offers every estimator, on its own under its comparison label or through a preset, or says why not', () => {
    const offered = new Set(ESTIMATOR_CHOICES.map((choice) => estimatorBaseline(choice.estimator)))
    for (const record of GROUP_ESTIMATORS) {
      if (record.name in NOT_COMPARED) {
        expect(offered.has(record.name), record.name).toBe(false)
        continue
      }
      expect(offered.has(record.name), `${record.name}: give it a comparisonLabel, a preset, or a line in NOT_COMPARED`).toBe(true)
      if (record.comparisonLabel !== null) expect(estimatorChoiceOf(GroupEstimatorSchema.parse({ baseline: record.name }))?.label).toBe(record.comparisonLabel)
    }
  })
})
