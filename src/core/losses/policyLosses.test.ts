import { describe, expect, it } from 'vitest'
import { KL_ESTIMATOR_RECORDS } from './klEstimators'
import { policyLoss } from './policyLoss'
import { POLICY_LOSS_RECORDS } from './policyLosses'

describe('the policy loss and KL estimator tables', () => {
  const inputs = { logProbs: [[-1, -0.5], [-2]], oldLogProbs: [[-1.5, -0.5], [-1]], refLogProbs: [[-1, -1], [-2]], advantages: [[1, 1], [-1]] }

  it('name each once, with a label and a one-line hint', () => {
    for (const table of [POLICY_LOSS_RECORDS, KL_ESTIMATOR_RECORDS]) {
      const names = table.map((record) => record.name)
      expect(new Set(names).size).toBe(names.length)
      for (const record of table) expect(record.hint, record.name).toMatch(/^[^\n]+$/)
    }
    for (const record of POLICY_LOSS_RECORDS) expect(record.label.length).toBeGreaterThan(0)
  })

  it('every policy loss and KL estimator is computable by the reference loss; only the clipped ones ever clip', () => {
    for (const loss of POLICY_LOSS_RECORDS) {
      for (const kl of KL_ESTIMATOR_RECORDS) {
        const result = policyLoss(inputs, { policyLoss: loss.name, clip: { low: 0.2, high: 0.2 }, dualClip: null, aggregation: 'token-mean', maxLength: null, kl: kl.name, beta: 0.1 })
        expect(Number.isFinite(result.loss), `${loss.name} ${kl.name}`).toBe(true)
        if (!loss.clipped) expect(result.clipFraction).toBe(0)
      }
    }
  })
})
