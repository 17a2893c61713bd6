import { describe, expect, it } from 'vitest'
import { END, THINK, tokenseq } from './tokenseq'
import { RUBRIC_CHECKS, scoreRubric } from './tokenseqRubric'

const T = THINK
const E = END

/** [ends, length, first, last, no_think, judge] of a completion to a + b. */
function rubric(a: number, b: number, tokens: number[], maxLength: number): number[] {
  const out = new Float64Array(6)
  scoreRubric(a, b, tokens, 0, tokens.length, maxLength, out, 0)
  return Array.from(out)
}

describe('tokenseq rubric and judge', () => {
  it('passes every check for a correct one-digit answer; judge = 0.15 + 0.1 + 0.2 + 0.2 + 0.1 + 0.6·2/4 = 1.05', () => {
    // 3 + 4 = 7: "7 end", n = 2, L = 4
    const r = rubric(3, 4, [7, E], 4)
    expect(r.slice(0, 5)).toEqual([1, 1, 1, 1, 1])
    expect(r[5]).toBeCloseTo(1.05, 12)
  })

  it('checks the leading and last digit of a two-digit sum; judge = 0.75 + 0.6·3/8 = 0.975', () => {
    // 5 + 7 = 12: "1 2 end", n = 3, L = 8
    const r = rubric(5, 7, [1, 2, E], 8)
    expect(r.slice(0, 5)).toEqual([1, 1, 1, 1, 1])
    expect(r[5]).toBeCloseTo(0.975, 12)
  })

  it('pays a padded answer only first, last, ends and no_think, yet the judge likes it more: 0.15 + 0.2 + 0.2 + 0.1 + 0.6·4/4 = 1.25', () => {
    // 3 + 4 = 7: "7 0 7 end" has three digits, first 7 and last 7
    const r = rubric(3, 4, [7, 0, 7, E], 4)
    expect(r.slice(0, 5)).toEqual([1, 0, 1, 1, 1])
    expect(r[5]).toBeCloseTo(1.25, 12)
    expect(r[5]).toBeGreaterThan(rubric(3, 4, [7, E], 4)[5])
  })

  it('tells first from last digit: "2 1 end" for 5 + 7 = 12 has the right length and neither digit; judge = 0.15 + 0.1 + 0.1 + 0.6·3/8 = 0.575', () => {
    const r = rubric(5, 7, [2, 1, E], 8)
    expect(r.slice(0, 5)).toEqual([1, 1, 0, 0, 1])
    expect(r[5]).toBeCloseTo(0.575, 12)
  })

  it('a cut completion does not end; think tokens fail no_think but are skipped for the digits', () => {
    // 3 + 4 = 7: "think 7 7 7", cut at L = 4: first 7, last 7, three digits; judge = 0.2 + 0.2 + 0.6·4/4 = 1.0
    const r = rubric(3, 4, [T, 7, 7, 7], 4)
    expect(r.slice(0, 5)).toEqual([0, 0, 1, 1, 0])
    expect(r[5]).toBeCloseTo(1.0, 12)
  })

  it('an empty answer ("end") passes ends and no_think only: judge = 0.15 + 0.1 + 0.6·1/4 = 0.4', () => {
    const r = rubric(3, 4, [E], 4)
    expect(r.slice(0, 5)).toEqual([1, 0, 0, 0, 1])
    expect(r[5]).toBeCloseTo(0.4, 12)
  })

  it('are components of the task after overlong, weight 0 by default', () => {
    const names = tokenseq.spec.components.map((c) => c.name)
    expect(names.slice(names.indexOf('overlong') + 1, names.indexOf('judge_score') + 1)).toEqual([...RUBRIC_CHECKS, 'judge_score'])
    for (const name of [...RUBRIC_CHECKS, 'judge_score']) expect(tokenseq.spec.components.find((c) => c.name === name)?.defaultWeight).toBe(0)
  })
})
