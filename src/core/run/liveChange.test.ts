import { describe, expect, it } from 'vitest'
import { whyRewardChangeNeedsNewRun, type RewardInForce } from './liveChange'

const components = (...names: string[]) => ({ components: names.map((name) => ({ name, description: '', defaultWeight: 1, range: [0, 1] as [number, number] })) })
const reward = (names: string[], transforms: RewardInForce['design']['transforms'] = {}): RewardInForce => ({ spec: components(...names), design: { transforms } })

describe('whether a reward change reaches the running run', () => {
  it('is live when the components stay and nothing starts or stops being redistributed', () => {
    expect(whyRewardChangeNeedsNewRun('ppo', reward(['alive']), reward(['alive'], { alive: [{ kind: 'scale', factor: 2 }] }))).toBeNull()
  })

  it('is live for an added component under a learner that takes new components', () => {
    expect(whyRewardChangeNeedsNewRun('ppo', reward(['alive']), reward(['alive', 'term1']))).toBeNull()
    expect(whyRewardChangeNeedsNewRun('qlearning', reward(['step']), reward(['step', 'term1']))).toBeNull()
  })

  it('needs a new run for an added or removed component under value iteration or independent learners', () => {
    expect(whyRewardChangeNeedsNewRun('value_iteration', reward(['step']), reward(['step', 'term1']))).toBe('value_iteration cannot take added or removed components while it runs; start a new run')
    expect(whyRewardChangeNeedsNewRun('independent', reward(['team', 'local', 'term1']), reward(['team', 'local']))).toMatch(/^independent cannot take added or removed components/)
  })

  it('needs a new run when the set of redistributed components changes, whatever the learner', () => {
    const redistributed = reward(['alive'], { alive: [{ kind: 'redistribute' }] })
    expect(whyRewardChangeNeedsNewRun('ppo', reward(['alive']), redistributed)).toMatch(/redistributed changed/)
    expect(whyRewardChangeNeedsNewRun('ppo', redistributed, reward(['alive']))).toMatch(/redistributed changed/)
    // A chain that still ends with redistribute is the same set.
    expect(whyRewardChangeNeedsNewRun('ppo', redistributed, reward(['alive'], { alive: [{ kind: 'scale', factor: 2 }, { kind: 'redistribute' }] }))).toBeNull()
  })
})
