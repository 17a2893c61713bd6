import { describe, expect, it } from 'vitest'
import { END, THINK, tokenseq } from '../envs/tokenseq'
import { allocateStepBuffers } from '../envs/types'
import type { RewardModel } from '../preferences/rewardModel'
import { TOKEN_FEATURE_NAMES } from '../preferences/tokenFeatures'
import { Rng } from '../rng'
import { RewardDesignSchema } from './designSchema'
import { EnsembleSpread } from './ensembleSpread'
import { RewardedEnv } from './rewardedEnv'

const L = 4
const F = TOKEN_FEATURE_NAMES.length
const THINK_COUNT = TOKEN_FEATURE_NAMES.indexOf('count_think')
const EIGHT_COUNT = TOKEN_FEATURE_NAMES.indexOf('count_8')

/** A linear member weighing the features named, 0 elsewhere. */
const member = (weights: Record<number, number>) => ({ weights: Array.from({ length: F }, (_, k) => weights[k] ?? 0) })
/** Two members: one scores every completion 0, the other 2 per think token plus 1 per 8. */
const pair: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [member({}), member({ [THINK_COUNT]: 2, [EIGHT_COUNT]: 1 })] }
const single: RewardModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [member({ [THINK_COUNT]: 2 })] }

/** A tokenseq copy's state: max_length, a, b, t, the tokens written so far, no previous completion. */
function copyState(a: number, b: number, tokens: number[]): number[] {
  const pad = (values: number[]) => [...values, ...new Array(L - values.length).fill(-1)]
  return [L, a, b, tokens.length, ...pad(tokens), -1, -1, ...pad([])]
}

/** "think 7 end" ends, "1 8 8 8" is cut at max_length, "5" goes on, "end" ends at once. */
const copies = [
  { a: 3, b: 4, written: [THINK, 7], next: END },
  { a: 9, b: 9, written: [1, 8, 8], next: 8 },
  { a: 0, b: 0, written: [], next: 5 },
  { a: 2, b: 6, written: [], next: END },
]

/** An environment paying `design`, stepped once from the copies above. */
function stepped(design: unknown) {
  const env = new RewardedEnv(tokenseq.create(copies.length, { max_length: L, group_size: 1 }), RewardDesignSchema.parse(design))
  const out = allocateStepBuffers(env.spec, copies.length)
  copies.forEach((copy, i) => env.setState(i, copyState(copy.a, copy.b, copy.written)))
  env.step(Int32Array.from(copies, (copy) => copy.next), out, new Rng(1), false)
  return { env, out, K: env.spec.components.length }
}

describe('EnsembleSpread', () => {
  it('averages the members’ population std of each item, and starts afresh after a take', () => {
    const spread = new EnsembleSpread()
    // Item 0 scored (1, 3): mean 2, std √((1 + 1)/2) = 1; item 1 (0, 4): std 2 (Bessel's would be 2√2)
    spread.addMembers([Float64Array.of(1, 0), Float64Array.of(3, 4)])
    // Item 2 (5, 5): std 0
    spread.addMembers([Float64Array.of(5), Float64Array.of(5)])
    expect(spread.take()).toBe((1 + 2 + 0) / 3)
    expect(spread.take()).toBeNull()
  })

  it('records nothing for one member', () => {
    const spread = new EnsembleSpread()
    spread.addMembers([Float64Array.of(1, 7)])
    expect(spread.take()).toBeNull()
  })

  it('leaves a non-finite score out of the mean', () => {
    const spread = new EnsembleSpread()
    spread.addMembers([Float64Array.of(0, Infinity), Float64Array.of(2, 0)])
    expect(spread.take()).toBe(1)
  })
})

describe('a rewarded environment’s ensemble std', () => {
  it('is the mean over the completions the ensemble scored of their members’ std', () => {
    const { env, out, K } = stepped({ rewardModels: [{ model: pair }] })
    // Scored: "think 7 end" (0, 2): std 1; "1 8 8 8" (0, 3): std 1.5; "end" (0, 0): std 0. "5" goes on, unscored.
    expect(env.takeEnsembleStd()).toBe((1 + 1.5 + 0) / 3)
    // The reward is the members' mean as ever: 1, 1.5, 0 and 0 for the copy that goes on.
    const rm = env.spec.components.length - 1
    expect(Array.from(copies, (_, i) => out.components[i * K + rm])).toEqual([1, 1.5, 0, 0])
    expect(env.takeEnsembleStd()).toBeNull()
  })

  it('pools two ensembles’ items, whatever each pays (min here)', () => {
    const { env } = stepped({ rewardModels: [{ model: pair }, { name: 'judge', model: pair, aggregate: 'min' }] })
    expect(env.takeEnsembleStd()).toBe((1 + 1.5 + 0 + 1 + 1.5 + 0) / 6)
  })

  it('is null for a single model, or no model', () => {
    expect(stepped({ rewardModels: [{ model: single }] }).env.takeEnsembleStd()).toBeNull()
    expect(stepped({ terms: [{ name: 'bonus', expression: '1' }] }).env.takeEnsembleStd()).toBeNull()
    expect(stepped({}).env.takeEnsembleStd()).toBeNull()
  })
})
