import { describe, expect, it } from 'vitest'
import { LESSONS } from './catalogue'
import { designFingerprint, fingerprintText, stableJson } from './fingerprint'

describe('stableJson', () => {
  it('serialises equal values alike whatever the key order, and drops undefined keys as JSON does', () => {
    expect(stableJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(stableJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }))
    expect(stableJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}')
  })
})

describe('designFingerprint', () => {
  const [goalOnly, coin] = LESSONS.find((lesson) => lesson.id === 'coin-loop')!.variants
  it('is 16 hex digits, the same for the same run on any seed, different for a different design', () => {
    expect(designFingerprint(goalOnly.design)).toMatch(/^[0-9a-f]{16}$/)
    expect(designFingerprint({ ...goalOnly.design, seed: 77 })).toBe(designFingerprint(goalOnly.design))
    expect(designFingerprint(coin.design)).not.toBe(designFingerprint(goalOnly.design))
    expect(fingerprintText('a')).not.toBe(fingerprintText('b'))
  })
})
