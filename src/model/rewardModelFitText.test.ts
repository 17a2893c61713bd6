import { describe, expect, it } from 'vitest'
import { fitAccuracyText, useAsRewardText } from './rewardModelFitText'

const figures = (accuracy: number, goldAccuracy: number | null, goldPairs: number) => ({ loss: 0.5, accuracy, goldAccuracy, goldPairs })

describe('fitAccuracyText', () => {
  it('gives no percentage of a single pair, and says one pair in the singular', () => {
    const text = fitAccuracyText(figures(1, 0, 1), 8)
    expect(text).toBe('8 of 8 pairs ordered as labelled, 0 of 1 pair of different gold ordered as the gold')
    expect(text).not.toMatch(/%|1 pairs/)
  })

  it('gives percentages from 20 pairs on', () => {
    expect(fitAccuracyText(figures(0.875, 0.75, 20), 40)).toBe('87.5% of 40 pairs ordered as labelled, 75.0% of 20 pairs of different gold ordered as the gold')
  })

  it('says when no pair has a different gold, and when none is held out', () => {
    expect(fitAccuracyText(figures(0.5, null, 0), 2)).toBe('1 of 2 pairs ordered as labelled; no pair of different gold to judge it against the gold')
    expect(fitAccuracyText(null, 0)).toBe('none held out')
  })
})

describe('useAsRewardText', () => {
  it('says what Use as reward did: the component, its weight, and a refit', () => {
    expect(useAsRewardText({ name: 'rm', weight: 1, replaced: false, refit: null })).toBe('Reward model added as component rm, weight 1.')
    expect(useAsRewardText({ name: 'rm', weight: 0.5, replaced: true, refit: { every: 1, pairs: 500 } })).toBe('Reward model replaced component rm, weight 0.5, refitted every 1 update on 500 fresh pairs.')
  })
})
