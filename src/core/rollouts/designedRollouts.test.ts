import { describe, expect, it } from 'vitest'
import { designAdvantages, designedTable, designSummary } from './designedRollouts'
import { parseRolloutDesign, type RolloutDesign } from './rolloutDesign'
import { jsonl, tableOf } from './testTables'

function design(value: unknown): RolloutDesign {
  const parsed = parseRolloutDesign(value)
  if (!parsed.ok) throw new Error(parsed.problems.join('; '))
  return parsed.design
}

function expectClose(actual: ArrayLike<number>, expected: number[]): void {
  expect(actual.length).toBe(expected.length)
  expected.forEach((value, i) => (Number.isNaN(value) ? expect(actual[i]).toBeNaN() : expect(actual[i]).toBeCloseTo(value, 12)))
}

// One step, one group: (r, s) = (2, 1), (0, null), (1, 3).
const TABLE = tableOf(
  jsonl([
    { group: 'a', step: 1, text: 'xx', rewards: { r: 2, s: 1 } },
    { group: 'a', step: 1, text: 'x', rewards: { r: 0, s: null } },
    { group: 'a', step: 1, text: 'xxx', rewards: { r: 1, s: 3 } },
  ]),
)
const SCALE_NONE = { center: 'mean', scale: 'none' }

describe('designedTable', () => {
  it('passes each component through its transforms before it is weighed, and leaves a null a null', () => {
    const designed = designedTable(TABLE, design({ components: { r: { transforms: [{ kind: 'clip', lo: 0, hi: 1 }] }, s: { weight: 2, transforms: [{ kind: 'scale', factor: 0.5 }] } } }))
    if ('problem' in designed) throw new Error(designed.problem)
    // r' = clip(r, 0, 1) = (1, 0, 1); s' = s/2 = (0.5, null, 1.5)
    expectClose(designed.table.values[0], [1, 0, 1])
    expectClose(designed.table.values[1], [0.5, NaN, 1.5])
    expect(Array.from(designed.weights)).toEqual([1, 2])
    // The table read is untouched.
    expectClose(TABLE.values[0], [2, 0, 1])
  })

  it('bounds a completion’s score at a constant reference', () => {
    const designed = designedTable(TABLE, design({ components: { r: { transforms: [{ kind: 'bounded', reference: 1 }] } } }))
    if ('problem' in designed) throw new Error(designed.problem)
    // σ(2 − 1), σ(0 − 1), σ(1 − 1)
    expectClose(designed.table.values[0], [1 / (1 + Math.exp(-1)), 1 / (1 + Math.exp(1)), 0.5])
    // s has no transform: its column is the table's own.
    expect(designed.table.values[1]).toBe(TABLE.values[1])
    expect(Array.from(designed.weights)).toEqual([1, 0])
  })

  it('names a component the file lacks, and a transform that overflows', () => {
    expect(designedTable(TABLE, design({ components: { format: {} } }))).toEqual({ problem: 'the input has no component "format"; its components: "r", "s"' })
    expect(designedTable(TABLE, design({}))).toEqual({ problem: 'weights default to score=1, but the input has no component "score"; its components: "r", "s"' })
    expect(designedTable(TABLE, design({ components: { s: { transforms: [{ kind: 'scale', factor: 1e308 }] } } }))).toEqual({
      problem: 'the transforms of "s" turn 3 (line 3) into Infinity; give transforms whose values stay finite',
    })
  })
})

describe('designAdvantages and designSummary', () => {
  it('give the advantages of the transformed rewards', () => {
    const transformed = designAdvantages(TABLE, design({ components: { r: { transforms: [{ kind: 'clip', lo: 0, hi: 1 }] }, s: { weight: 2, transforms: [{ kind: 'scale', factor: 0.5 }] } }, estimator: SCALE_NONE }))
    if ('problem' in transformed) throw new Error(transformed.problem)
    // R = r' + 2·s' = (1 + 1, 0, 1 + 3) = (2, 0, 4), mean 2 → A = (0, −2, 2)
    expectClose(transformed.rewards, [2, 0, 4])
    expectClose(transformed.advantages, [0, -2, 2])
    const plain = designAdvantages(TABLE, design({ components: { r: {}, s: { weight: 2 } }, estimator: SCALE_NONE }))
    if ('problem' in plain) throw new Error(plain.problem)
    // R = (2 + 2, 0, 1 + 6) = (4, 0, 7), mean 11/3
    expectClose(plain.advantages, [1 / 3, -11 / 3, 10 / 3])
  })

  it('judges a transformed component alone under decoupled', () => {
    const result = designAdvantages(TABLE, design({ components: { r: { transforms: [{ kind: 'clip', lo: 0, hi: 1 }] }, s: { transforms: [{ kind: 'scale', factor: 0.5 }] } }, estimator: { ...SCALE_NONE, combine: 'decoupled' } }))
    if ('problem' in result) throw new Error(result.problem)
    // r' = (1, 0, 1), mean 2/3 → (1/3, −2/3, 1/3); s' = (0.5, –, 1.5) over the two it applies to, mean 1 → (−0.5, –, 0.5)
    expectClose(result.advantages, [1 / 3 - 0.5, -2 / 3, 1 / 3 + 0.5])
  })

  it('summarises the transformed values', () => {
    const summary = designSummary(TABLE, design({ components: { r: { transforms: [{ kind: 'clip', lo: 0, hi: 1 }] }, s: { weight: 2, transforms: [{ kind: 'scale', factor: 0.5 }] } }, estimator: SCALE_NONE }))
    if ('problem' in summary) throw new Error(summary.problem)
    // Means of r' = (1, 0, 1) and of s' = (0.5, 1.5) where s applies; A = (0, −2, 2), one zero.
    expect(summary.whole.components.map((component) => component.mean)).toEqual([2 / 3, 1])
    expect(summary.whole.zeroAdvantageShare).toBe(1 / 3)
    expect(designSummary(TABLE, design({ components: { t: {} } }))).toEqual({ problem: 'the input has no component "t"; its components: "r", "s"' })
  })
})
