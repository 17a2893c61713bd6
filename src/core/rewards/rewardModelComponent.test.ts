import { describe, expect, it } from 'vitest'
import { END, THINK, tokenseq } from '../envs/tokenseq'
import { getEnv } from '../envs/registry'
import { allocateStepBuffers } from '../envs/types'
import type { EnsembleAggregation } from '../preferences/ensemble'
import { scoreRewardModel, type RewardModel } from '../preferences/rewardModel'
import { TOKEN_FEATURE_NAMES, tokenFeatures } from '../preferences/tokenFeatures'
import { Rng } from '../rng'
import { RewardDesignSchema } from './designSchema'
import { RewardedEnv } from './rewardedEnv'

const L = 4
const F = TOKEN_FEATURE_NAMES.length
/** The reward model's column: after the task's own components. */
const RM = tokenseq.spec.components.length
const design = (value: unknown) => RewardDesignSchema.parse(value)

/** Three linear members that disagree: format, length and the digit counts weigh differently in each. */
const ensemble: RewardModel = {
  kind: 'linear',
  featureNames: [...TOKEN_FEATURE_NAMES],
  members: [
    { weights: Array.from({ length: F }, (_, k) => (k === 0 ? 2 : k === 3 ? -0.25 : 0.1 * k)) },
    { weights: Array.from({ length: F }, (_, k) => (k === 0 ? 1 : k === 3 ? 0.5 : -0.05 * k)) },
    { weights: Array.from({ length: F }, (_, k) => (k === 2 ? 3 : 0.3 / (k + 1))) },
  ],
}

/** One MLP member: features standardised, a 15 × 2 tanh layer, a linear output. */
const mlp: RewardModel = {
  kind: 'mlp',
  featureNames: [...TOKEN_FEATURE_NAMES],
  activation: 'tanh',
  members: [
    {
      inputMean: Array.from({ length: F }, (_, k) => 0.1 * k),
      inputScale: Array.from({ length: F }, (_, k) => 1 + k),
      layers: [
        { weights: Array.from({ length: F }, (_, k) => [0.2 * k - 1, k % 2 === 0 ? 0.5 : -0.5]), bias: [0.1, -0.2] },
        { weights: [[1.5], [-0.75]], bias: [0.3] },
      ],
    },
  ],
}

/** A tokenseq copy's state: max_length, a, b, t, the tokens written so far, no previous completion. */
function copyState(a: number, b: number, tokens: number[]): number[] {
  const pad = (values: number[]) => [...values, ...new Array(L - values.length).fill(-1)]
  return [L, a, b, tokens.length, ...pad(tokens), -1, -1, ...pad([])]
}

/** Copies 0–2 one token before their end or in the middle of a completion, and the token each writes next. */
const copies = [
  // "think 7 end" for 3 + 4: ends with end
  { a: 3, b: 4, written: [THINK, 7], next: END },
  // "1 8 8 8" for 9 + 9: cut at max_length without end
  { a: 9, b: 9, written: [1, 8, 8], next: 8 },
  // "5" for 0 + 0: one token in, not ended
  { a: 0, b: 0, written: [], next: 5 },
  // "end" for 2 + 6 at once: ends on its first token
  { a: 2, b: 6, written: [], next: END },
]

function stepped(model: RewardModel, entry: Record<string, unknown> = {}) {
  const env = new RewardedEnv(tokenseq.create(copies.length, { max_length: L, group_size: 1 }), design({ rewardModels: [{ model, ...entry }] }))
  const out = allocateStepBuffers(env.spec, copies.length)
  copies.forEach((copy, i) => env.setState(i, copyState(copy.a, copy.b, copy.written)))
  const actions = Int32Array.from(copies, (copy) => copy.next)
  env.step(actions, out, new Rng(1), false)
  return { env, out, actions, K: env.spec.components.length }
}

/** What the model scores the completion copy i wrote, from tokenFeatures directly. */
function expected(model: RewardModel, i: number, aggregation: EnsembleAggregation): number {
  const { a, b, written, next } = copies[i]
  return scoreRewardModel(model, tokenFeatures({ prompt: [a, b], tokens: [...written, next], maxLength: L }), 1, aggregation)[0]
}

describe('a reward model as the component rm', () => {
  it('is one more component, rm by default, weighed 1 by default', () => {
    const { env } = stepped(ensemble)
    expect(env.spec.components.map((c) => c.name)).toEqual(['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits', 'rm'])
    expect(env.spec.components[RM].defaultWeight).toBe(1)
    expect(env.spec.components[RM].description).toContain('linear, mean of 3 members')
    const named = new RewardedEnv(tokenseq.create(1, {}), design({ rewardModels: [{ name: 'judge', model: mlp }] }))
    expect(named.spec.components.map((c) => c.name)).toEqual(['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits', 'judge'])
  })

  it.each([
    ['mean', { aggregate: 'mean' }, { kind: 'mean' }],
    ['min', { aggregate: 'min' }, { kind: 'min' }],
    ['mean − 0.5·std', { aggregate: 'mean_minus_std', lambda: 0.5 }, { kind: 'meanMinusStd', lambda: 0.5 }],
  ] as const)('pays, where a step ends a completion, exactly scoreRewardModel of its tokenFeatures (%s), and 0 elsewhere', (_, entry, aggregation) => {
    const { out, K } = stepped(ensemble, entry)
    // Copies 0, 1 and 3 ended (end, max_length, end at once); copy 2 wrote one token.
    expect(Array.from(out.terminated)).toEqual([1, 1, 0, 1])
    for (const i of [0, 1, 3]) expect(out.components[i * K + RM]).toBe(expected(ensemble, i, aggregation))
    expect(out.components[2 * K + RM]).toBe(0)
    // The members disagree, so the aggregates differ: the test would not pass with the wrong one.
    expect(new Set([0, 1, 3].map((i) => expected(ensemble, i, aggregation))).size).toBe(3)
  })

  it('scores an MLP member the same way', () => {
    const { out, K } = stepped(mlp)
    for (const i of [0, 1, 3]) expect(out.components[i * K + RM]).toBe(expected(mlp, i, { kind: 'mean' }))
  })

  it('the aggregates are the ones named: min below mean, mean − λ·std between min and mean for λ = 0.5 here', () => {
    const at = (entry: Record<string, unknown>) => stepped(ensemble, entry).out.components[RM]
    const mean = at({ aggregate: 'mean' })
    const least = at({ aggregate: 'min' })
    const penalised = at({ aggregate: 'mean_minus_std', lambda: 0.5 })
    expect(least).toBeLessThan(penalised)
    expect(penalised).toBeLessThan(mean)
  })

  it('pays nothing more on the steps a finished completion only reports its end again (autoReset off)', () => {
    const { env, out, actions, K } = stepped(ensemble)
    env.step(actions, out, new Rng(2), false)
    expect(Array.from(out.terminated)).toEqual([1, 1, 0, 1])
    for (let i = 0; i < copies.length; i++) expect(out.components[i * K + RM]).toBe(0)
    // The environment's own components agree: nothing is paid twice.
    expect(out.components[0 * K + 2]).toBe(0)
  })

  it('scores the completion that ended, not the fresh one autoReset starts in its place', () => {
    const env = new RewardedEnv(tokenseq.create(1, { max_length: L }), design({ rewardModels: [{ model: ensemble }] }))
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, copyState(3, 4, [THINK, 7]))
    env.step(Int32Array.of(END), out, new Rng(3), true)
    // The state holds a new, empty completion; the final state the one judged.
    expect(env.state[3]).toBe(0)
    expect(out.components[RM]).toBe(expected(ensemble, 0, { kind: 'mean' }))
  })

  it('sums to the model’s score over a whole completion, as a group learner counts it', () => {
    const env = new RewardedEnv(tokenseq.create(1, { max_length: L }), design({ rewardModels: [{ model: ensemble }] }))
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, copyState(1, 2, []))
    let sum = 0
    for (const token of [THINK, 3, END]) {
      env.step(Int32Array.of(token), out, new Rng(4), false)
      sum += out.components[RM]
    }
    expect(sum).toBe(scoreRewardModel(ensemble, tokenFeatures({ prompt: [1, 2], tokens: [THINK, 3, END], maxLength: L }), 1, { kind: 'mean' })[0])
  })

  it('takes a transform chain like any component', () => {
    const { out, K } = stepped(ensemble, {})
    const scaled = new RewardedEnv(tokenseq.create(copies.length, { max_length: L, group_size: 1 }), design({ rewardModels: [{ model: ensemble }], transforms: { rm: [{ kind: 'scale', factor: 2 }] } }))
    const scaledOut = allocateStepBuffers(scaled.spec, copies.length)
    copies.forEach((copy, i) => scaled.setState(i, copyState(copy.a, copy.b, copy.written)))
    scaled.step(Int32Array.from(copies, (copy) => copy.next), scaledOut, new Rng(1), false)
    expect(scaledOut.components[RM]).toBe(2 * out.components[RM])
    expect(scaledOut.components[K + RM]).toBe(2 * out.components[K + RM])
  })

  it('pauses with a diagnosis when the score overflows', () => {
    const huge: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: Array.from({ length: F }, () => 1e308) }] }
    expect(() => stepped(huge)).toThrow(/^reward model rm: its score of a completion is NaN, which no reward can be; refit the model/)
  })

  it('is refused on an environment that declares no features', () => {
    expect(() => new RewardedEnv(getEnv('mountaincar').create(1, {}), design({ rewardModels: [{ model: ensemble }] }))).toThrow(/rewardModels\[0\]: .* mountaincar does not declare; accepted environments: tokenseq/)
  })
})
