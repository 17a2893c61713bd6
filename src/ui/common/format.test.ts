import { describe, expect, it } from 'vitest'
import { claimFigureName, formatChange, formatClaimFigure, formatFixed, formatSteps } from './format'

describe('formatFixed', () => {
  it('writes the places asked for and never −0', () => {
    expect(formatFixed(-0.04, 1)).toBe('0.0')
    expect(formatFixed(-0.0004, 3)).toBe('0.000')
    expect(formatFixed(-0.25, 1)).toBe('-0.3')
    expect(formatFixed(0.019, 3)).toBe('0.019')
  })
})

describe('a claim’s figure on the card', () => {
  it('is named as a student reads it', () => {
    expect(claimFigureName({ figure: 'objective' }, 'Path efficiency')).toBe('Path efficiency (last 20)')
    expect(claimFigureName({ figure: 'shapedReturn' }, 'Path efficiency')).toBe('Return (last 20)')
    expect(claimFigureName({ figure: 'contribution', component: 'format' }, 'Accuracy')).toBe('format’s contribution (last 20)')
    expect(claimFigureName({ figure: 'zeroAdvantageFraction' }, 'Accuracy')).toBe('Zero-advantage fraction (last 20 updates)')
    expect(claimFigureName({ figure: 'signFlipFraction' }, 'Regret')).toBe('Sign-flip fraction (last 20 updates)')
    expect(claimFigureName({ figure: 'peakObjective' }, 'correct')).toBe('Peak correct (last 20, best over the run)')
    expect(claimFigureName({ figure: 'objectiveFallFromPeak' }, 'correct')).toBe('correct’s fall from its peak (last 20)')
    expect(claimFigureName({ figure: 'goldPeakSqrtKl' }, 'correct')).toBe('√KL where correct peaked (per answer)')
    expect(claimFigureName({ figure: 'bestOfNGoldFall' }, 'correct')).toBe('Best-of-n: correct’s fall from its peak to n = 1024')
    expect(claimFigureName({ figure: 'bestOfNPeakSqrtKl' }, 'correct')).toBe('Best-of-n: √KL where correct peaked')
  })

  it('shows returns and contributions to one decimal, the objective and the zero-advantage fraction to two', () => {
    expect([formatClaimFigure('shapedReturn', 12.345), formatClaimFigure('contribution', 12.345), formatClaimFigure('objective', 0.456), formatClaimFigure('zeroAdvantageFraction', 0.456), formatClaimFigure('signFlipFraction', 0.125)]).toEqual(['12.3', '12.3', '0.46', '0.46', '0.13'])
  })
})

describe('formatChange', () => {
  it('quotes a change with two decimals, or two significant digits when smaller, never "0.00"', () => {
    expect(formatChange(1.234)).toBe('1.23')
    expect(formatChange(0.01)).toBe('0.01')
    expect(formatChange(0.0042)).toBe('0.0042')
    expect(formatChange(-0.00012)).toBe('-0.00012')
    expect(formatChange(0)).toBe('0.00')
  })
})

describe('formatSteps', () => {
  it('keeps neighbouring axis ticks apart: up to three significant digits, trailing zeros dropped', () => {
    expect([600, 800, 1000, 1200, 1400, 1600].map(formatSteps)).toEqual(['600', '800', '1k', '1.2k', '1.4k', '1.6k'])
    expect([1250, 12_500, 125_000, 999_499, 999_500, 1_250_000, 12_500_000, 150_000_000].map(formatSteps)).toEqual(['1.25k', '12.5k', '125k', '999k', '1M', '1.25M', '12.5M', '150M'])
  })
})
