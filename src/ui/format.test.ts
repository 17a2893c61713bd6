import { describe, expect, it } from 'vitest'
import { formatFixed } from './format'

describe('formatFixed', () => {
  it('writes the places asked for and never −0', () => {
    expect(formatFixed(-0.04, 1)).toBe('0.0')
    expect(formatFixed(-0.0004, 3)).toBe('0.000')
    expect(formatFixed(-0.25, 1)).toBe('-0.3')
    expect(formatFixed(0.019, 3)).toBe('0.019')
  })
})
