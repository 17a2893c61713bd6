import { describe, expect, it } from 'vitest'
import { truncate } from '../core/truncate'
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
    const summary = summariseProblems(['x '.repeat(500_000)])
    expect(summary).toBe(`${'x '.repeat(MAX_PROBLEM_LENGTH / 2)}…`)
  })

  it('quotes at most 40 characters of a value, cuts a long word, and writes control bytes as escapes', () => {
    const quoted = summariseProblems([`axes[0] "w.hazard=${'b,'.repeat(5000)}": not a number`])
    expect(quoted).toBe(`axes[0] "${truncate(`w.hazard=${'b,'.repeat(5000)}`)}": not a number`)
    const word = summariseProblems([`config.mix.weights.${'k'.repeat(10_000)}: no such component`])
    expect(word.length).toBeLessThan(120)
    expect(summariseProblems(['name "a\nb"'])).toBe('name "a\\x0ab"')
  })

  it('a problem list of any size stays short (5000 problems quoting 10 KB each)', () => {
    const problems = Array.from({ length: 5000 }, (_, i) => `config.mix.weights.k${i}${'x'.repeat(10_000)}: has no component "k${i}${'x'.repeat(10_000)}"; accepted: step, goal`)
    const summary = summariseProblems(problems)
    expect(summary.split('; and ')[1]).toBe(`${5000 - MAX_LISTED_PROBLEMS} more`)
    expect(summary.length).toBeLessThan(MAX_LISTED_PROBLEMS * 200)
  })
})
