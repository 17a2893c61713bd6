import { describe, expect, it } from 'vitest'
import { KL_ESTIMATOR_RECORDS } from '../core/losses/klEstimators'
import { POLICY_LOSS_RECORDS } from '../core/losses/policyLosses'
import { lossCommand } from './loss-command'
import { HELP } from './usage'

const INPUT = JSON.stringify({ logProbs: [[-1, -0.5]], oldLogProbs: [[-1.2, -0.5]], refLogProbs: [[-1, -1]], advantages: [1] })

describe('the loss command reads the policy loss and KL estimator tables', () => {
  it('takes every policy loss and KL estimator, and its usage names and explains each', () => {
    for (const loss of POLICY_LOSS_RECORDS) {
      for (const kl of KL_ESTIMATOR_RECORDS) expect(JSON.parse(lossCommand(['--policy-loss', loss.name, '--kl', kl.name], () => INPUT)).loss, `${loss.name} ${kl.name}`).toEqual(expect.any(Number))
      expect(HELP).toMatch(new RegExp(`\\n {8}${loss.name} +\\S`))
    }
    expect(HELP).toContain(`--policy-loss ${POLICY_LOSS_RECORDS.map((record) => record.name).join('|')} `)
    expect(HELP).toContain(`[--kl none|${KL_ESTIMATOR_RECORDS.map((record) => record.name).join('|')}]`)
    for (const kl of KL_ESTIMATOR_RECORDS) expect(HELP).toContain(`("${kl.verlName}")`)
  })
})
