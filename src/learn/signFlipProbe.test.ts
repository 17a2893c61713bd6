import { describe, expect, it } from 'vitest'
import { bandit } from '../core/envs/bandit'
import { tokenseq } from '../core/envs/tokenseq'
import type { Completions } from './grpoRollout'
import { keptPrompts, measureSignFlips, signFlipsMeasurable, type SignFlipBatch } from './signFlipProbe'

/** One-step completions: one token each, chosen in `obs` (one value per completion), paying `components` (K per completion). */
function oneStepCompletions(obs: number[], actions: number[], components: number[]): Completions {
  const count = obs.length
  return {
    count,
    lengths: new Int32Array(count).fill(1),
    starts: Int32Array.from({ length: count }, (_, i) => i),
    tokens: count,
    obs: Float32Array.from(obs),
    actions: Int32Array.from(actions),
    logProbs: new Float32Array(count),
    components: Float64Array.from(components),
    tokenComponents: new Float64Array(0),
    objective: new Float64Array(count),
    truncated: new Uint8Array(count),
  }
}

describe('measureSignFlips', () => {
  // 3 arms with means 0.2, 0.5, 0.8 in context 0; two groups of two copies, group 0 in context 0, group 1 in context 1.
  const env = bandit.create(4, { k: 3, means: '0.2;0.5;0.8', contexts: 2 })
  for (const i of [2, 3]) env.setState(i, [3, 1, 0, -1, 0, 0.2, 0.5, 0.8])
  const prompts = env.state.slice()
  // π_old: (0.5, 0.25, 0.25) at context 0, (0.2, 0.3, 0.5) at context 1, as logits log π.
  const policies: Record<number, number[]> = { 0: [0.5, 0.25, 0.25], 1: [0.2, 0.3, 0.5] }
  const asked: number[][] = []
  const policyLogits = async (obs: Float32Array, rows: number) => {
    asked.push(Array.from(obs.subarray(0, rows)))
    return Float32Array.from(Array.from(obs.subarray(0, rows)).flatMap((context) => policies[context].map(Math.log)))
  }
  // V (payout weighted 1): group 0, context 0: 0.5·0.2 + 0.25·0.5 + 0.25·0.8 = 0.425;
  // group 1, context 1 (μ = 0.5, 0.8, 0.2 for arms 0, 1, 2): 0.2·0.5 + 0.3·0.8 + 0.5·0.2 = 0.44.
  // Payouts 0.4, 0.45 (A = +1, −1: both against r − V = −0.025, +0.025: 2 flips); 0.5, 0.4 (A = +1, −1: with r − V = 0.06, −0.04).
  const batch = (overrides: Partial<SignFlipBatch> = {}): SignFlipBatch => ({
    prompts,
    completions: oneStepCompletions([0, 0, 1, 1], [0, 1, 2, 0], [0.4, 0, 0, 0.45, 0, 0, 0.5, 0, 0, 0.4, 0, 0]),
    advantages: Float64Array.of(1, -1, 1, -1),
    weights: Float64Array.of(1, 0, 0),
    groupSize: 2,
    policyLogits,
    ...overrides,
  })

  it('compares each completion with its prompt’s V under the sampling policy, asking the policy once per group', async () => {
    asked.length = 0
    expect(await measureSignFlips(env, batch())).toBeCloseTo(2 / 4, 15)
    expect(asked).toEqual([[0, 1]])
    // Leaving a flip out of the count: 1 of 3.
    expect(await measureSignFlips(env, batch({ excluded: [1, 0, 0, 0] }))).toBeCloseTo(1 / 3, 15)
  })

  it('weighs each component by the mix: the lure moves V and the rewards alike', async () => {
    // w = (1, 0, 0.1): V0 = 0.425 + 0.1·0.5 = 0.475, V1 = 0.44 + 0.1·0.2 = 0.46; rewards 0.5 (arm 0: lure), 0.45, 0.5, 0.5 (arm 0: lure)
    // r − V: +0.025 (A = +1), −0.025 (A = −1), +0.04 (A = +1), +0.04 (A = −1: a flip)
    const completions = oneStepCompletions([0, 0, 1, 1], [0, 1, 2, 0], [0.4, 0, 1, 0.45, 0, 0, 0.5, 0, 0, 0.4, 0, 1])
    expect(await measureSignFlips(env, batch({ completions, weights: Float64Array.of(1, 0, 0.1) }))).toBeCloseTo(1 / 4, 15)
  })

  it('is null where V is not known exactly: the KL in the reward, completions longer than one step, a weighted column that is not the environment’s own', async () => {
    expect(await measureSignFlips(env, batch({ klPenalty: new Float64Array(4) }))).toBeNull()
    expect(await measureSignFlips(env, batch({ completions: { ...batch().completions, tokens: 5 } }))).toBeNull()
    const wrapped = Object.assign(Object.create(env) as typeof env, { ownComponents: Uint8Array.of(1, 1, 0) })
    expect(await measureSignFlips(wrapped, batch({ weights: Float64Array.of(1, 0, 0.1) }))).toBeNull()
    // the same column at weight 0 takes no part in the reward
    expect(await measureSignFlips(wrapped, batch())).toBeCloseTo(2 / 4, 15)
  })

  it('takes the kept groups’ prompts from the rounds they were drawn in', () => {
    // Two rounds of two groups of two copies, one value per copy: round r's copy i holds 10·r + i.
    const rounds = [Float64Array.of(0, 1, 2, 3), Float64Array.of(10, 11, 12, 13)]
    expect(Array.from(keptPrompts(rounds, [{ round: 1, group: 0 }, { round: 0, group: 1 }, { round: 1, group: 1 }], 2, 1))).toEqual([10, 11, 2, 3, 12, 13])
    expect(() => keptPrompts(rounds, [{ round: 2, group: 0 }], 2, 1)).toThrow('kept group 0 of round 2 has no prompt states: 2 rounds were kept')
  })

  it('is offered only where the definition knows its components’ expectations', () => {
    expect(signFlipsMeasurable(env)).toBe(true)
    expect(signFlipsMeasurable(tokenseq.create(4, { group_size: 4 }))).toBe(false)
  })
})
