import { describe, expect, it } from 'vitest'
import { creditColour } from './colours'

describe('creditColour', () => {
  it('is gold above 0 and red below, with alpha |A| / reach, and none at 0', () => {
    expect(creditColour(0.5, 2)).toBe('rgba(255, 209, 102, 0.25)')
    expect(creditColour(-1.5, 2)).toBe('rgba(239, 71, 111, 0.75)')
    expect(creditColour(2, 2)).toBe('rgba(255, 209, 102, 1.00)')
    expect(creditColour(0, 2)).toBe('transparent')
  })

  it('is opaque at most, for a credit beyond the reach', () => {
    expect(creditColour(-3, 2)).toBe('rgba(239, 71, 111, 1.00)')
  })
})
