import { describe, expect, it } from 'vitest'
import { GROUP_ESTIMATORS } from '../core/credit/estimators'
import { KL_ESTIMATOR_RECORDS } from '../core/losses/klEstimators'
import { POLICY_LOSS_RECORDS } from '../core/losses/policyLosses'
import { LEARNER_FIELDS } from './learnerFields'

describe('the Learner panel reads the estimator registry', () => {
  const baseline = LEARNER_FIELDS.grpo.find((field) => field.path === 'estimator.baseline')!

  it('offers every estimator and explains each in its hint', () => {
    expect(baseline.options).toEqual(GROUP_ESTIMATORS.map((record) => record.name))
    for (const record of GROUP_ESTIMATORS) expect(baseline.hint).toContain(`${record.name}: ${record.hint}`)
  })
})

describe('the Learner panel reads the policy loss and KL estimator tables', () => {
  it('offers every policy loss and KL estimator and explains each in its hint', () => {
    const policyLoss = LEARNER_FIELDS.grpo.find((field) => field.path === 'policyLoss')!
    const kl = LEARNER_FIELDS.grpo.find((field) => field.path === 'kl')!
    expect(policyLoss.options).toEqual(POLICY_LOSS_RECORDS.map((record) => record.name))
    for (const record of POLICY_LOSS_RECORDS) expect(policyLoss.hint).toContain(`${record.name}: ${record.hint}`)
    expect(kl.options).toEqual(KL_ESTIMATOR_RECORDS.map((record) => record.name))
    for (const record of KL_ESTIMATOR_RECORDS) expect(kl.hint).toContain(`${record.name} = ${record.hint}`)
  })
})
