import { describe, expect, it } from 'vitest'
import {
  applyStatelessTransforms,
  createTransformChain,
  createTransformProcessor,
  DelayProcessor,
  NormalizeProcessor,
  redistributeEpisodes,
  TransformSchema,
  transformChainProblems,
  type Transform,
} from './transforms'

const none = (n: number) => new Uint8Array(n)

/** Run one processor over a [T × n] sequence, one step at a time; returns the outputs [T × n]. */
function runSteps(transform: Transform, rewards: number[][], terminated: number[][] = [], truncated: number[][] = []): number[][] {
  const n = rewards[0].length
  const processor = createTransformProcessor(transform, n)
  return rewards.map((row, t) => {
    const values = Float64Array.from(row)
    processor.apply(values, Uint8Array.from(terminated[t] ?? new Array(n).fill(0)), Uint8Array.from(truncated[t] ?? new Array(n).fill(0)))
    return Array.from(values)
  })
}

describe('scale, clip and bounded', () => {
  it('scale multiplies by k', () => {
    expect(runSteps({ kind: 'scale', factor: 2.5 }, [[1, -2, 0]])).toEqual([[2.5, -5, 0]])
  })

  it('clip keeps values in [lo, hi]', () => {
    expect(runSteps({ kind: 'clip', lo: -1, hi: 0.5 }, [[-3, -1, 0.25, 0.5, 7]])).toEqual([[-1, -1, 0.25, 0.5, 0.5]])
  })

  it('bounded is σ(r − r_ref) of an episode’s reward: ½ at the reference, e/(1 + e) one above it', () => {
    // Three one-step episodes (terminated at once): each pays σ(r − 2).
    const [[atReference, above, below]] = runSteps({ kind: 'bounded', reference: 2 }, [[2, 3, 1]], [[1, 1, 1]])
    expect(atReference).toBe(0.5)
    expect(above).toBeCloseTo(Math.E / (1 + Math.E), 15) // 0.7310585786300049
    expect(below).toBeCloseTo(1 / (1 + Math.E), 15) // 0.2689414213699951
    expect(above + below).toBeCloseTo(1, 15)
  })

  it('bounded pays the episode’s summed reward at its end and 0 before, so length earns nothing', () => {
    // Copy 0: rewards 0, 0, 1 (terminated): pays σ(1 − 0.5) = 0.6224593312018546 at the end only.
    // Copy 1: rewards 0.5, 0.5 then cut by the time limit at step 2 with 0: σ(1 − 0.5) at the cut.
    const rows = runSteps(
      { kind: 'bounded', reference: 0.5 },
      [
        [0, 0.5],
        [0, 0.5],
        [1, 0],
      ],
      [[0, 0], [0, 0], [1, 0]],
      [[0, 0], [0, 0], [0, 1]],
    )
    const sigmoidHalf = 1 / (1 + Math.exp(-0.5))
    expect(rows[0]).toEqual([0, 0])
    expect(rows[1]).toEqual([0, 0])
    expect(rows[2][0]).toBeCloseTo(sigmoidHalf, 15)
    expect(rows[2][1]).toBeCloseTo(sigmoidHalf, 15)
  })

  it('work on a strided n × K component buffer, touching only their column', () => {
    // 3 copies × 2 components; transform component 1 only.
    const components = Float64Array.from([1, 10, 2, 20, 3, 30])
    const chain = createTransformChain([{ kind: 'scale', factor: 2 }, { kind: 'clip', lo: 0, hi: 50 }], 3)
    chain.apply(components, none(3), none(3), 1, 2)
    expect(Array.from(components)).toEqual([1, 20, 2, 40, 3, 50])
  })
})

describe('normalize (Gymnasium NormalizeReward)', () => {
  /*
   * Hand-run of Gymnasium's formula with γ = 0.9, ε = 1e-8, one copy; rewards 1, 2, 3 (terminated),
   * then 1, 1 (truncated), 2. RunningMeanStd starts at mean 0, var 1, count 1e-4.
   *   t=0: G = 1.                 μ = 1/1.0001 = 0.99990001, σ² = (1e-4 + 1e-4·1/1.0001)/1.0001 = 1.9997e-4
   *        r' = 1/√(σ² + ε) = 70.714213…
   *   t=1: G = 0.9·1 + 2 = 2.9    n_a = 1.0001, δ = 2.9 − 0.99990001
   *   t=2: G = 0.9·0·2.9 + 3 = 3   (terminated: zeroed before the terminal reward is added)
   *   t=3: G = 0.9·3 + 1 = 3.7     (the terminal reward opens the next accumulation)
   *   t=4: G = 0.9·3.7 + 1 = 4.33  (truncated: not zeroed)
   *   t=5: G = 0.9·4.33 + 2 = 5.897
   * Each σ² by the parallel update σ² ← (σ²·n_a + 0·1 + δ²·n_a/(n_a + 1))/(n_a + 1).
   */
  it('matches a hand-run over two episodes, one copy', () => {
    const out = runSteps(
      { kind: 'normalize', gamma: 0.9, epsilon: 1e-8 },
      [[1], [2], [3], [1], [1], [2]],
      [[0], [0], [1], [0], [0], [0]],
      [[0], [0], [0], [0], [1], [0]],
    ).map((row) => row[0])
    const expected = [70.71421321062337, 2.1050357671332236, 3.260006707437597, 0.9986649277821255, 0.8930859773240681, 1.341778144835086]
    out.forEach((value, t) => expect(value).toBeCloseTo(expected[t], 10))
  })

  it('recomputes the same numbers step by step from the formula', () => {
    const gamma = 0.9
    const epsilon = 1e-8
    const rewards = [1, 2, 3, 1, 1, 2]
    const terminated = [0, 0, 1, 0, 0, 0]
    const processor = new NormalizeProcessor(1, gamma, epsilon)
    let mean = 0
    let variance = 1
    let count = 1e-4
    let G = 0
    rewards.forEach((r, t) => {
      G = G * gamma * (1 - terminated[t]) + r
      const delta = G - mean
      const total = count + 1
      mean += delta / total
      variance = (variance * count + (delta * delta * count) / total) / total
      count = total
      const values = Float64Array.of(r)
      processor.apply(values, Uint8Array.of(terminated[t]), Uint8Array.of(0))
      expect(processor.returns[0]).toBeCloseTo(G, 12)
      expect(processor.mean).toBeCloseTo(mean, 12)
      expect(processor.variance).toBeCloseTo(variance, 12)
      expect(values[0]).toBeCloseTo(r / Math.sqrt(variance + epsilon), 10)
    })
  })

  it('takes the n copies of a step as one batch (the vector wrapper)', () => {
    // Step 0: G = (1, −1): batch mean 0, batch var 1, so μ = 0 and σ² = (1·1e-4 + 1·2)/2.0001 = 1.
    const out = runSteps(
      { kind: 'normalize', gamma: 0.9, epsilon: 1e-8 },
      [[1, -1], [2, 0], [0, 4]],
      [[0, 1], [1, 0], [0, 0]],
    )
    expect(out[0][0]).toBeCloseTo(1 / Math.sqrt(1 + 1e-8), 15)
    expect(out[0][1]).toBeCloseTo(-1 / Math.sqrt(1 + 1e-8), 15)
    expect(out[1][0]).toBeCloseTo(1.5680313487087003, 10)
    expect(out[1][1]).toBe(0)
    expect(out[2][1]).toBeCloseTo(2.61444246697576, 10)
  })

  it('reset forgets the statistics and the returns', () => {
    const processor = new NormalizeProcessor(2, 0.99, 1e-8)
    processor.apply(Float64Array.of(3, 5), none(2), none(2))
    processor.reset()
    expect([processor.mean, processor.variance, processor.count]).toEqual([0, 1, 1e-4])
    expect(Array.from(processor.returns)).toEqual([0, 0])
  })
})

describe('delay', () => {
  it('pays nothing until the episode ends, then the whole episode reward on its final step', () => {
    // Copy 0: episode 1 + 2 + 3 terminated at t=2, then 4 + 5 cut at t=4. Copy 1: 0.5 every step, never ends.
    const out = runSteps(
      { kind: 'delay' },
      [[1, 0.5], [2, 0.5], [3, 0.5], [4, 0.5], [5, 0.5]],
      [[0, 0], [0, 0], [1, 0], [0, 0], [0, 0]],
      [[0, 0], [0, 0], [0, 0], [0, 0], [1, 0]],
    )
    expect(out.map((row) => row[0])).toEqual([0, 0, 6, 0, 9])
    expect(out.map((row) => row[1])).toEqual([0, 0, 0, 0, 0])
  })

  it('conserves every episode return exactly', () => {
    const rewards = [0.1, -0.7, 1e-3, 0.3, 2.25, -1.5, 0.2]
    const ends = [0, 0, 1, 0, 0, 0, 1]
    const delay = new DelayProcessor(1)
    const paid: number[] = []
    for (let t = 0; t < rewards.length; t++) {
      const values = Float64Array.of(rewards[t])
      delay.apply(values, Uint8Array.of(ends[t]), Uint8Array.of(0))
      paid.push(values[0])
    }
    // The same left-to-right float sum as the episode return.
    expect(paid[2]).toBe(0.1 + -0.7 + 1e-3)
    expect(paid[6]).toBe(0.3 + 2.25 + -1.5 + 0.2)
    expect(paid.filter((_, t) => !ends[t])).toEqual([0, 0, 0, 0, 0])
    expect(delay.held[0]).toBe(0)
  })
})

describe('redistributeEpisodes', () => {
  it('spreads each episode return evenly over its steps, per copy, conserving it exactly', () => {
    // [T × n] = [6 × 2], index t·2 + i.
    // Copy 0: episode (0, 0, 3) ends at t=2 → 1, 1, 1; episode (4, 0) ends at t=4 → 2, 2; t=5 unfinished (−1).
    // Copy 1: episode (1, 0, 0, 0, 0, 1) ends at t=5 → six times 1/3.
    const rewards = Float64Array.from([0, 1, 0, 0, 3, 0, 4, 0, 0, 0, -1, 1])
    const dones = Uint8Array.from([0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1])
    redistributeEpisodes(rewards, dones, 2)
    const column = (i: number) => [0, 1, 2, 3, 4, 5].map((t) => rewards[t * 2 + i])
    expect(column(0)).toEqual([1, 1, 1, 2, 2, -1])
    expect(column(1)).toEqual(new Array(6).fill(2 / 6))
    expect(column(0).slice(0, 3).reduce((a, b) => a + b)).toBe(3)
    expect(column(0).slice(3, 5).reduce((a, b) => a + b)).toBe(4)
  })

  it('conserves a delayed episode return (delay then redistribute = dense again)', () => {
    const rewards = Float32Array.from([0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 2])
    const dones = Uint8Array.from([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1])
    redistributeEpisodes(rewards, dones, 1)
    expect(Array.from(rewards)).toEqual([2, 2, 2, 2, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25])
  })

  it("leaves a copy's unfinished last episode alone when asked to keep it", () => {
    const rewards = Float64Array.from([2, 0, 1, 5])
    redistributeEpisodes(rewards, Uint8Array.from([0, 1, 0, 0]), 1, { unfinished: 'keep' })
    expect(Array.from(rewards)).toEqual([1, 1, 1, 5])
  })

  it('refuses buffers that do not fit n copies', () => {
    expect(() => redistributeEpisodes(new Float64Array(5), new Uint8Array(5), 2)).toThrow(/whole number of steps/)
    expect(() => redistributeEpisodes(new Float64Array(4), new Uint8Array(3), 2)).toThrow(/one per reward/)
  })
})

describe('the transform chain as data', () => {
  it('parses every kind with its defaults', () => {
    expect(TransformSchema.parse({ kind: 'normalize' })).toEqual({ kind: 'normalize', gamma: 0.99, epsilon: 1e-8 })
    expect(TransformSchema.parse({ kind: 'clip' })).toEqual({ kind: 'clip', lo: -1, hi: 1 })
    expect(TransformSchema.parse({ kind: 'bounded' })).toEqual({ kind: 'bounded', reference: 0 })
    expect(TransformSchema.parse({ kind: 'delay' })).toEqual({ kind: 'delay' })
    expect(TransformSchema.parse({ kind: 'par' })).toEqual({ kind: 'par' })
    expect(TransformSchema.safeParse({ kind: 'par', reference: 5 }).error!.issues[0].message).toBe('unknown key "reference" in a par transform; accepted: kind')
  })

  it('refuses an unknown kind, a clip with lo above hi and unknown keys, naming what is accepted', () => {
    const kind = TransformSchema.safeParse({ kind: 'square' })
    expect(kind.success).toBe(false)
    expect(kind.error!.issues[0].message).toMatch(/accepted: scale, clip, normalize, bounded, par, delay, redistribute/)
    const clip = TransformSchema.safeParse({ kind: 'clip', lo: 2, hi: 1 })
    expect(clip.error!.issues[0].message).toMatch(/lo ≤ hi/)
    expect(TransformSchema.safeParse({ kind: 'scale', factr: 2 }).error!.issues[0].message).toBe('unknown key "factr" in a scale transform; accepted: kind, factor')
    expect(TransformSchema.safeParse({ kind: 'normalize', gamma: 2 }).error!.issues[0].message).toBe('expected a number from 0 to 1')
  })

  it('applies in order: clip then scale differs from scale then clip', () => {
    const a = createTransformChain([{ kind: 'clip', lo: -1, hi: 1 }, { kind: 'scale', factor: 3 }], 1)
    const b = createTransformChain([{ kind: 'scale', factor: 3 }, { kind: 'clip', lo: -1, hi: 1 }], 1)
    const va = Float64Array.of(2)
    const vb = Float64Array.of(2)
    a.apply(va, none(1), none(1))
    b.apply(vb, none(1), none(1))
    expect([va[0], vb[0]]).toEqual([3, 1])
  })

  it('keeps redistribute out of the online processors, and only as the last transform', () => {
    const chain = createTransformChain([{ kind: 'scale', factor: 2 }, { kind: 'redistribute' }], 4)
    expect(chain.redistribute).toBe(true)
    expect(chain.processors.map((p) => p.kind)).toEqual(['scale'])
    expect(transformChainProblems([{ kind: 'redistribute' }, { kind: 'delay' }])).toHaveLength(1)
    expect(() => createTransformChain([{ kind: 'redistribute' }, { kind: 'delay' }], 1)).toThrow(/last transform/)
    expect(() => createTransformProcessor({ kind: 'redistribute' }, 1)).toThrow(/redistributeEpisodes/)
  })
})

describe('par (preference as reward, a reference per prompt)', () => {
  const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
  /** Final states of one value per copy: the reference score of the prompt the copy answered. */
  const finals = (values: number[]) => ({ state: Float64Array.from(values), size: 1 })
  const referenceIsState = (state: ArrayLike<number>, offset: number) => state[offset]

  it('pays σ(R − R_ref) at each episode’s end, R_ref read from the state that ended it, 0 before', () => {
    const processor = createTransformProcessor({ kind: 'par' }, 3, referenceIsState)
    const step = (rewards: number[], terminated: number[], truncated: number[], ended: number[]) => {
      const values = Float64Array.from(rewards)
      processor.apply(values, Uint8Array.from(terminated), Uint8Array.from(truncated), 0, 1, finals(ended))
      return Array.from(values)
    }
    // Step 0: copy 1 ends (R = 0, its prompt's R_ref = 2): σ(0 − 2); copies 0 and 2 hold 0.5 and 1.
    const first = step([0.5, 0, 1], [0, 1, 0], [0, 0, 0], [NaN, 2, NaN])
    expect(first[0]).toBe(0)
    expect(first[1]).toBeCloseTo(0.11920292202211755, 15)
    expect(first[2]).toBe(0)
    // Step 1: copy 0 ends with R = 0.5 + 1 against R_ref = 1.5: σ(0) = ½; copy 2 is cut with R = 1 + 0
    // against R_ref = −1: σ(2); copy 1's new episode holds 3.
    const second = step([1, 3, 0], [1, 0, 0], [0, 0, 1], [1.5, NaN, -1])
    expect(second[0]).toBe(0.5)
    expect(second[1]).toBe(0)
    expect(second[2]).toBeCloseTo(0.8807970779778823, 15)
    // Step 2: copy 1 ends with R = 3 against another prompt's R_ref = 4: σ(−1).
    const third = step([0, 0, 0], [0, 1, 0], [0, 0, 0], [NaN, 4, NaN])
    expect(third).toEqual([0, sigmoid(-1), 0])
    expect(third[1]).toBeCloseTo(0.2689414213699951, 15)
  })

  it('passes the reference through the chain’s transforms before par, as the reward passes', () => {
    // scale 10 → par: R = 10·0.8 = 8 against R_ref = 10·0.75 = 7.5: σ(0.5)
    const scaled = createTransformChain([{ kind: 'scale', factor: 10 }, { kind: 'par' }], 1, referenceIsState)
    const a = Float64Array.of(0.8)
    scaled.apply(a, Uint8Array.of(1), none(1), 0, 1, finals([0.75]))
    expect(a[0]).toBeCloseTo(0.6224593312018546, 15)
    // clip [0, 0.5] → scale 4 → par: R = 4·0.3 = 1.2 against R_ref = 4·min(0.9, 0.5) = 2: σ(−0.8)
    const clipped = createTransformChain([{ kind: 'clip', lo: 0, hi: 0.5 }, { kind: 'scale', factor: 4 }, { kind: 'par' }], 1, referenceIsState)
    const b = Float64Array.of(0.3)
    clipped.apply(b, Uint8Array.of(1), none(1), 0, 1, finals([0.9]))
    expect(b[0]).toBeCloseTo(0.31002551887238755, 15)
    // and a transform after par works on what par paid: par → scale 2 pays 2·σ(0) = 1
    const after = createTransformChain([{ kind: 'par' }, { kind: 'scale', factor: 2 }], 1, referenceIsState)
    const c = Float64Array.of(3)
    after.apply(c, Uint8Array.of(1), none(1), 0, 1, finals([3]))
    expect(c[0]).toBe(1)
  })

  it('applies scale and clip to one value as their processors do, and refuses a stateful transform', () => {
    expect(applyStatelessTransforms([{ kind: 'scale', factor: 3 }, { kind: 'clip', lo: -1, hi: 2 }], 0.5)).toBe(1.5)
    expect(applyStatelessTransforms([{ kind: 'clip', lo: -1, hi: 2 }, { kind: 'scale', factor: 3 }], 1)).toBe(3)
    expect(applyStatelessTransforms([], -4)).toBe(-4)
    expect(() => applyStatelessTransforms([{ kind: 'delay' }], 1)).toThrow(/delay keeps state across steps/)
  })

  it('bounds one value standing for a whole episode as bounded pays it at the episode’s end', () => {
    // σ(2 − 2) = ½; σ(ln 3 − 0) = 3/4; scale 2 then bounded at 1: σ(2·0.5 − 1) = ½
    expect(applyStatelessTransforms([{ kind: 'bounded', reference: 2 }], 2)).toBe(0.5)
    expect(applyStatelessTransforms([{ kind: 'bounded', reference: 0 }], Math.log(3))).toBeCloseTo(0.75, 15)
    expect(applyStatelessTransforms([{ kind: 'scale', factor: 2 }, { kind: 'bounded', reference: 1 }], 0.5)).toBe(0.5)
    expect(() => applyStatelessTransforms([{ kind: 'normalize', gamma: 0.99, epsilon: 1e-8 }], 1)).toThrow('normalize keeps state across steps: only scale, clip, bounded apply to a single value')
  })

  it('refuses par after a stateful transform, naming it and what may come before par', () => {
    expect(transformChainProblems([{ kind: 'normalize', gamma: 0.99, epsilon: 1e-8 }, { kind: 'par' }])).toEqual([
      "par (number 2 of 2) must not follow normalize: the reference answer's score passes through the transforms before par, and normalize keeps state across steps; accepted before par: scale, clip",
    ])
    expect(transformChainProblems([{ kind: 'scale', factor: 2 }, { kind: 'delay' }, { kind: 'par' }])[0]).toMatch(/^par \(number 3 of 3\) must not follow delay/)
    expect(transformChainProblems([{ kind: 'bounded', reference: 0 }, { kind: 'par' }])[0]).toMatch(/must not follow bounded/)
    expect(transformChainProblems([{ kind: 'par' }, { kind: 'par' }])[0]).toMatch(/par \(number 2 of 2\) must not follow par/)
    expect(transformChainProblems([{ kind: 'scale', factor: 2 }, { kind: 'clip', lo: 0, hi: 1 }, { kind: 'par' }, { kind: 'normalize', gamma: 0.9, epsilon: 1e-8 }])).toEqual([])
    expect(() => createTransformChain([{ kind: 'normalize', gamma: 0.99, epsilon: 1e-8 }, { kind: 'par' }], 1, referenceIsState)).toThrow(/must not follow normalize/)
  })

  it('needs a reference to build and the ended states to pay', () => {
    expect(() => createTransformProcessor({ kind: 'par' }, 1)).toThrow(/par needs its component’s score of the environment’s reference answer/)
    const chain = createTransformChain([{ kind: 'par' }], 1, referenceIsState)
    // No end: nothing to read, nothing asked.
    const held = Float64Array.of(1)
    chain.apply(held, none(1), none(1))
    expect(held[0]).toBe(0)
    expect(() => chain.apply(Float64Array.of(1), Uint8Array.of(1), none(1))).toThrow(/par needs the state that ended each episode/)
  })

  it('forgets what it held on reset', () => {
    const chain = createTransformChain([{ kind: 'par' }], 1, referenceIsState)
    chain.apply(Float64Array.of(5), none(1), none(1))
    chain.reset()
    const values = Float64Array.of(1)
    chain.apply(values, Uint8Array.of(1), none(1), 0, 1, finals([1]))
    expect(values[0]).toBe(0.5)
  })
})
