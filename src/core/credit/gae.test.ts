import { describe, expect, it } from 'vitest'
import { gae, type GaeInputs } from './gae'

/** One copy, no episode ends unless given. */
function single(rewards: number[], values: number[], lastValue: number, extra: Partial<GaeInputs> = {}): GaeInputs {
  const zeros = rewards.map(() => 0)
  return { n: 1, rewards, values, terminated: zeros, truncated: zeros, bootstrapValues: zeros, lastValues: [lastValue], ...extra }
}

function expectClose(actual: ArrayLike<number>, expected: number[]): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, 5))
}

describe('gae', () => {
  it('with λ = 1 equals the bootstrapped Monte-Carlo return minus V', () => {
    const inputs = single([1, 2, 3], [0.5, 1, 1.5], 2)
    // G_2 = 3 + 0.9·2 = 4.8; G_1 = 2 + 0.9·4.8 = 6.32; G_0 = 1 + 0.9·6.32 = 6.688
    // A = G − V = [6.688 − 0.5, 6.32 − 1, 4.8 − 1.5] = [6.188, 5.32, 3.3]
    const { advantages, returns } = gae(inputs, { gamma: 0.9, lambda: 1 })
    expectClose(advantages, [6.188, 5.32, 3.3])
    expectClose(returns, [6.688, 6.32, 4.8])
  })

  it('with λ = 0 equals the one-step TD error', () => {
    const inputs = single([1, 2, 3], [0.5, 1, 1.5], 2)
    // δ_0 = 1 + 0.9·1 − 0.5 = 1.4; δ_1 = 2 + 0.9·1.5 − 1 = 2.35; δ_2 = 3 + 0.9·2 − 1.5 = 3.3
    const { advantages, returns } = gae(inputs, { gamma: 0.9, lambda: 0 })
    expectClose(advantages, [1.4, 2.35, 3.3])
    // returns = δ + V = [1.9, 3.35, 4.8]
    expectClose(returns, [1.9, 3.35, 4.8])
  })

  it('cuts the future at a termination', () => {
    const inputs = single([1, 1, 1], [0.2, 0.4, 0.6], 10, { terminated: [0, 1, 0] })
    // γ = 0.5, λ = 1
    // t=2: δ = 1 + 0.5·10 − 0.6 = 5.4; A_2 = 5.4
    // t=1 (terminated): δ = 1 + 0 − 0.4 = 0.6; A_1 = 0.6 (A_2 does not flow back)
    // t=0: δ = 1 + 0.5·0.4 − 0.2 = 1.0; A_0 = 1.0 + 0.5·1·0.6 = 1.3
    const { advantages, returns } = gae(inputs, { gamma: 0.5, lambda: 1 })
    expectClose(advantages, [1.3, 0.6, 5.4])
    expectClose(returns, [1.5, 1.0, 6.0])
  })

  it('bootstraps a time-limit cut from V(final observation), not from the next (reset) state', () => {
    // bootstrapValues are junk (99) where not truncated: they must not be read there.
    const inputs = single([1, 1, 1], [0.2, 0.4, 0.6], 10, { truncated: [0, 1, 0], bootstrapValues: [99, 3, 99] })
    // γ = 0.5, λ = 1
    // t=2: δ = 1 + 0.5·10 − 0.6 = 5.4; A_2 = 5.4
    // t=1 (truncated): δ = 1 + 0.5·3 − 0.4 = 2.1; A_1 = 2.1 (the next episode's A_2 does not flow back)
    // t=0: δ = 1 + 0.5·0.4 − 0.2 = 1.0; A_0 = 1.0 + 0.5·2.1 = 2.05
    const { advantages, returns } = gae(inputs, { gamma: 0.5, lambda: 1 })
    expectClose(advantages, [2.05, 2.1, 5.4])
    expectClose(returns, [2.25, 2.5, 6.0])
  })

  it('prefers bootstrapValues over lastValues when the last step is truncated', () => {
    const inputs = single([1, 1], [1, 1], 100, { truncated: [0, 1], bootstrapValues: [0, 4] })
    // γ = 0.5, λ = 0.5
    // t=1: δ = 1 + 0.5·4 − 1 = 2; A_1 = 2
    // t=0: δ = 1 + 0.5·1 − 1 = 0.5; A_0 = 0.5 + 0.25·2 = 1.0
    const { advantages } = gae(inputs, { gamma: 0.5, lambda: 0.5 })
    expectClose(advantages, [1.0, 2])
  })

  it('treats a step that is both terminated and truncated as terminated', () => {
    const inputs = single([1, 1], [1, 1], 100, { terminated: [0, 1], truncated: [0, 1], bootstrapValues: [0, 4] })
    // γ = 0.5, λ = 0.5
    // t=1: δ = 1 + 0 − 1 = 0; A_1 = 0
    // t=0: δ = 1 + 0.5·1 − 1 = 0.5; A_0 = 0.5 + 0.25·0 = 0.5
    const { advantages } = gae(inputs, { gamma: 0.5, lambda: 0.5 })
    expectClose(advantages, [0.5, 0])
  })

  it('keeps interleaved copies apart (index t·n + i)', () => {
    // γ = 0.5, λ = 0.5, n = 2, T = 2
    // copy 0: r = [1, 0], V = [0, 0], last V = 1
    //   t=1: δ = 0 + 0.5·1 − 0 = 0.5; A = 0.5
    //   t=0: δ = 1 + 0.5·0 − 0 = 1; A = 1 + 0.25·0.5 = 1.125
    // copy 1: r = [2, 2], V = [1, 1], terminated at t=0, last V = 2
    //   t=1: δ = 2 + 0.5·2 − 1 = 2; A = 2
    //   t=0: δ = 2 + 0 − 1 = 1; A = 1
    const inputs: GaeInputs = {
      n: 2,
      rewards: [1, 2, 0, 2],
      values: [0, 1, 0, 1],
      terminated: [0, 1, 0, 0],
      truncated: [0, 0, 0, 0],
      bootstrapValues: [0, 0, 0, 0],
      lastValues: [1, 2],
    }
    const { advantages, returns } = gae(inputs, { gamma: 0.5, lambda: 0.5 })
    expectClose(advantages, [1.125, 1, 0.5, 2])
    expectClose(returns, [1.125, 2, 0.5, 3])
  })

  it('writes into given buffers', () => {
    const out = { advantages: new Float32Array(3), returns: new Float32Array(3) }
    const result = gae(single([1, 2, 3], [0.5, 1, 1.5], 2), { gamma: 0.9, lambda: 0 }, out)
    expect(result.advantages).toBe(out.advantages)
    expect(result.returns).toBe(out.returns)
    expectClose(out.advantages, [1.4, 2.35, 3.3])
  })

  it('rejects inputs whose lengths do not match', () => {
    expect(() => gae(single([1, 2, 3], [0.5, 1], 2), { gamma: 0.9, lambda: 1 })).toThrow(/values has 2 entries/)
    expect(() => gae({ ...single([1, 2, 3], [0, 0, 0], 2), lastValues: [1, 2] }, { gamma: 0.9, lambda: 1 })).toThrow(/lastValues/)
  })
})
