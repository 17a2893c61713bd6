import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema, type GroupEstimator } from '../credit/estimatorSchema'
import { rolloutAdvantages } from './rolloutAdvantages'
import { rolloutWeights } from './rolloutWeights'
import { jsonl, tableOf } from './testTables'

const EPS = 1e-4

function estimator(overrides: Partial<GroupEstimator> = {}): GroupEstimator {
  return GroupEstimatorSchema.parse(overrides)
}

function expectClose(actual: ArrayLike<number>, expected: number[]): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, i) => (Number.isNaN(value) ? expect(actual[i]).toBeNaN() : expect(actual[i]).toBeCloseTo(value, 12)))
}

// Step 1: group a (r, s) = (1, 0), (0, 1), (1, 1); group b (0, 0), (0, 0). Step 2: one group.
const FILE = jsonl([
  { group: 'a', step: 1, rewards: { r: 1, s: 0 } },
  { group: 'b', step: 1, rewards: { r: 0, s: 0 } },
  { group: 'a', step: 1, rewards: { r: 0, s: 1 } },
  { group: 'a', step: 1, rewards: { r: 1, s: 1 } },
  { group: 'b', step: 1, rewards: { r: 0, s: 0 } },
  { group: 'a', step: 2, rewards: { r: 3, s: 0 } },
  { group: 'a', step: 2, rewards: { r: 1, s: 0 } },
])

describe('rolloutAdvantages', () => {
  const table = tableOf(FILE)
  const weights = [1, 0.5]

  it('gives every completion the group estimator’s advantage of its weighted reward, in file order', () => {
    const { rewards, advantages } = rolloutAdvantages(table, weights, estimator())
    // Step 1, group a: R = (1, 0.5, 1.5), mean 1, std 0.5 → (0, −0.5, 0.5)/(0.5 + eps); group b: all 0.
    // Step 2: R = (3, 1), mean 2, std √2 → (1, −1)/(√2 + eps).
    expectClose(rewards, [1, 0, 0.5, 1.5, 0, 3, 1])
    const s = 0.5 + EPS
    expectClose(advantages, [0, 0, -0.5 / s, 0.5 / s, 0, 1 / (Math.SQRT2 + EPS), -1 / (Math.SQRT2 + EPS)])
  })

  it('takes the batch’s mean and std over each step, not over the file', () => {
    // Step 1's R = (1, 0, 0.5, 1.5, 0): mean 0.6, Bessel variance (0.16 + 0.36 + 0.01 + 0.81 + 0.36)/4 = 0.425.
    const { advantages } = rolloutAdvantages(table, weights, estimator({ center: 'batch', scale: 'batch' }))
    const s = Math.sqrt(0.425) + EPS
    // Step 2's R = (3, 1): mean 2, std √2.
    expectClose(advantages, [0.4 / s, -0.6 / s, -0.1 / s, 0.9 / s, -0.6 / s, 1 / (Math.SQRT2 + EPS), -1 / (Math.SQRT2 + EPS)])
  })

  it('leaves a null out of the sum, and judges a decoupled component where it applies', () => {
    const partial = tableOf(jsonl([
      { group: 'g', rewards: { r: 1, s: 1 } },
      { group: 'g', rewards: { r: 0, s: null } },
      { group: 'g', rewards: { r: 1, s: 0 } },
    ]))
    // sum: R = (1 + 2, 0, 1 + 0) = (3, 0, 1), mean 4/3, scale none → (5/3, −4/3, −1/3)
    const summed = rolloutAdvantages(partial, [1, 2], estimator({ scale: 'none' }))
    expectClose(summed.rewards, [3, 0, 1])
    expectClose(summed.advantages, [5 / 3, -4 / 3, -1 / 3])
    // decoupled: a^(r) = (1/3, −2/3, 1/3) over all three, a^(s) = (1/2, —, −1/2) over the two it applies to
    // → a^(r) + 2·a^(s) = (4/3, −2/3, −2/3); the reward shown is still R
    const decoupled = rolloutAdvantages(partial, [1, 2], estimator({ scale: 'none', combine: 'decoupled' }))
    expectClose(decoupled.rewards, [3, 0, 1])
    expectClose(decoupled.advantages, [4 / 3, -2 / 3, -2 / 3])
  })

  it('gives NaN to a completion that does not count', () => {
    const left = tableOf(jsonl([{ group: 'g', rewards: { r: 1 } }, { group: 'g', rewards: { r: null } }, { group: 'g', rewards: { r: 0 } }, { group: 'h', rewards: { r: 5 } }]))
    const { rewards, advantages } = rolloutAdvantages(left, [1], estimator({ scale: 'none' }))
    expectClose(rewards, [1, NaN, 0, NaN])
    expectClose(advantages, [0.5, NaN, -0.5, NaN])
  })

  it('refuses a baseline that reads more than the file holds', () => {
    expect(() => rolloutAdvantages(table, weights, estimator({ baseline: 'remax' }))).toThrow(/the remax baseline reads more than a rollout file holds/)
  })
})

describe('rolloutWeights', () => {
  it('weighs the named components, the others 0, and score 1 when none is named', () => {
    expect(Array.from((rolloutWeights(['score', 'acc'], null) as { weights: Float64Array }).weights)).toEqual([1, 0])
    expect(Array.from((rolloutWeights(['score', 'acc'], new Map([['acc', 2]])) as { weights: Float64Array }).weights)).toEqual([0, 2])
  })

  it('names the input’s components when a weight names another, or when there is no score to default to', () => {
    expect(rolloutWeights(['score', 'acc'], new Map([['format', 1]]))).toEqual({ problem: 'the input has no component "format"; its components: "score", "acc"' })
    expect(rolloutWeights(['correctness', 'format'], null)).toEqual({ problem: 'weights default to score=1, but the input has no component "score"; its components: "correctness", "format"' })
  })
})
