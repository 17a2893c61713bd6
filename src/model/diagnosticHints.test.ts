import { describe, expect, it } from 'vitest'
import { diagnosticHint } from './diagnosticHints'

describe('diagnosticHint', () => {
  it('explains the sign-flip and zero-advantage fractions, and nothing else', () => {
    expect(diagnosticHint('sign_flip_fraction')).toMatch(/^The share of the latest update’s completions whose advantage has the wrong sign/)
    expect(diagnosticHint('zero_advantage_fraction')).toMatch(/exactly zero/)
    expect(diagnosticHint('policy_loss')).toBeNull()
    expect(diagnosticHint('constructor')).toBeNull()
  })
})
