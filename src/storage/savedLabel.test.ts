import { describe, expect, it } from 'vitest'
import { END, THINK } from '../core/envs/tokenseq'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
import { parseSavedLabel } from './savedLabel'

const { label: _label, ...pair } = tokenPairRecord({ prompt: [1, 2], tokens: [THINK, 3, END], maxLength: 8 }, { prompt: [1, 2], tokens: [4, END], maxLength: 8 }, 'a')
const record = { id: 7, version: 1, createdAt: 1000, source: 'user', choice: 'tie', pair }

describe('a kept label read back', () => {
  it('reads a whole record as it was written', () => {
    expect(parseSavedLabel(structuredClone(record))).toEqual({ ok: true, label: record })
  })

  it.each([
    ['another version', { ...record, version: 2 }, /^version: /],
    ['a choice the panel never makes', { ...record, choice: 'both' }, /^choice: /],
    ['a date past what the page can show', { ...record, createdAt: 1e16 }, /^createdAt: /],
    ['a gold score that is not a number', { ...record, pair: { ...pair, a: { ...pair.a, gold: NaN } } }, /^pair: a\.gold is "NaN", not a finite number/],
    ['a side without the token task’s features', { ...record, pair: { ...pair, b: { ...pair.b, features: { length: 2 } } } }, /^pair: b\.features lacks the feature "format"/],
    ['a label inside the pair', { ...record, pair: { ...pair, label: 'b' } }, /^pair: holds a label of its own/],
    ['no pair at all', { ...record, pair: undefined }, /^pair: /],
  ])('names %s as damaged', (_, value, problem) => {
    const parsed = parseSavedLabel(value)
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.problem).toMatch(problem)
  })

  it.each([
    ['an unknown key of 10 KB', { ...record, pair: { ...pair, [`k\n${'k'.repeat(10_240)}`]: 1 } }],
    ['an env of 10 KB', { ...record, pair: { ...pair, env: `e\u0000${'e'.repeat(10_240)}` } }],
    ['a feature name with control bytes', { ...record, pair: { ...pair, a: { ...pair.a, features: { ...pair.a.features, [`f\n${'f'.repeat(60)}`]: 1 } } } }],
    ['thousands of problems', { id: -1, version: 9, createdAt: 'x', source: 'x'.repeat(10_240), choice: null, pair: 'x'.repeat(10_240) }],
  ])('names a record with %s briefly, on one line', (_, value) => {
    const parsed = parseSavedLabel(value)
    expect(parsed.ok).toBe(false)
    const problem = parsed.ok ? '' : parsed.problem
    expect(problem.length).toBeLessThan(700)
    expect(problem).not.toMatch(/[\u0000-\u001f]/)
  })
})

