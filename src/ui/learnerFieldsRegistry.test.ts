import { describe, expect, it } from 'vitest'
import { GROUP_ESTIMATORS } from '../core/credit/estimators'
import { LEARNER_FIELDS } from './learnerFields'

describe('the Learner panel reads the estimator registry', () => {
  const baseline = LEARNER_FIELDS.grpo.find((field) => field.path === 'estimator.baseline')!

  it('offers every estimator and explains each in its hint', () => {
    expect(baseline.options).toEqual(GROUP_ESTIMATORS.map((record) => record.name))
    for (const record of GROUP_ESTIMATORS) expect(baseline.hint).toContain(`${record.name}: ${record.hint}`)
  })
})
