import { describe, expect, it } from 'vitest'
import { formatFigure } from './numberFormat'

describe('formatFigure', () => {
  it('prints a figure too small to matter as under 1e-9, not as 4.11e-280', () => {
    expect(formatFigure(4.11e-280)).toBe('< 1e-9')
    expect(formatFigure(-4.11e-280)).toBe('> -1e-9')
    expect(formatFigure(9.9e-10)).toBe('< 1e-9')
  })

  it('keeps small figures that matter in exponent form, ordinary ones to four decimals, zero as zero', () => {
    expect(formatFigure(3.2e-5)).toBe('3.20e-5')
    expect(formatFigure(1e-9)).toBe('1.00e-9')
    expect(formatFigure(0.25)).toBe('0.2500')
    expect(formatFigure(0)).toBe('0.0000')
    expect(formatFigure(123456)).toBe('1.23e+5')
    expect(formatFigure(Number.NaN)).toBe('NaN')
  })
})
