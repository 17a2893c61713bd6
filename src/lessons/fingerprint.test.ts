import { describe, expect, it } from 'vitest'
import { LESSONS } from './catalogue'
import { tokenFixedProver } from '../core/envs/tokenseqFixedProver'
import { runConfigOf } from '../model/design'
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

describe('designFingerprint of a run that reads a stored prover', () => {
  const variants = LESSONS.find((lesson) => lesson.id === 'process-vs-outcome')!.variants
  const fixed = variants.find((variant) => variant.design.learner.kind === 'grpo' && variant.design.learner.progress?.prover === 'fixed')!.design
  it('names the stored network too, so that a rewritten prover makes the evidence stale', () => {
    const { seed: _seed, ...trained } = runConfigOf(fixed)
    expect(designFingerprint(fixed)).toBe(fingerprintText(stableJson({ ...trained, storedProver: fingerprintText(stableJson(tokenFixedProver().network)) })))
    expect(designFingerprint(fixed)).not.toBe(fingerprintText(stableJson(trained)))
    // A run that reads no stored prover is named by its config alone, as before.
    const { seed: _other, ...outcome } = runConfigOf(variants[0].design)
    expect(designFingerprint(variants[0].design)).toBe(fingerprintText(stableJson(outcome)))
  })
})
