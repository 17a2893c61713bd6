import { describe, expect, it } from 'vitest'
import { MAX_LISTED_PROBLEMS, MAX_PROBLEM_LENGTH, summariseProblems } from './problemList'

describe('summariseProblems', () => {
  it('lists a few problems as they are', () => {
    expect(summariseProblems([])).toBe('')
    expect(summariseProblems(['seed "x"', 'env "y"'])).toBe('seed "x"; env "y"')
    const eight = Array.from({ length: MAX_LISTED_PROBLEMS }, (_, i) => `p${i}`)
    expect(summariseProblems(eight)).toBe(eight.join('; '))
  })

  it('lists at most the first N, then counts the rest', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `p${i}`)
    expect(summariseProblems(many)).toBe('p0; p1; p2; p3; p4; p5; p6; p7; and 9992 more')
    expect(summariseProblems(many, 2)).toBe('p0; p1; and 9998 more')
  })

  it('cuts a problem that quotes too much', () => {
    const summary = summariseProblems(['x'.repeat(1_000_000)])
    expect(summary).toBe(`${'x'.repeat(MAX_PROBLEM_LENGTH)}…`)
  })
})
