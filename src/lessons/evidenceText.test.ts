import { describe, expect, it } from 'vitest'
import { CLAIM_FIGURES } from './claims'
import { formatClaimFigure, measuredText, missingFigureText, yourRunText, type YourRunLine } from './evidenceText'

const MEASURED = { mean: 0.9, std: 0.01, values: [0.89, 0.91] }
const line = (changes: Partial<YourRunLine>): YourRunLine => ({ label: 'Goal only (coin 0)', figure: 'objective', value: 0.5, envSteps: 20_480, measured: MEASURED, seeds: 5, steps: 20_000, ...changes })

describe('the sentence about the student’s own run', () => {
  it('sets the run’s figure at its steps beside the one measured over the seeds', () => {
    expect(yourRunText(line({}))).toBe('◆ Goal only (coin 0), your run: 0.50 at 20,480 steps · measured: 0.90 ± 0.01 over 5 seeds at 20,000 steps')
  })

  it('says why the run has no figure yet: no finished episode, or for the zero-advantage fraction no update that reported it', () => {
    expect(yourRunText(line({ value: null }))).toBe('◆ Goal only (coin 0), your run: no episode finished yet at 20,480 steps · measured: 0.90 ± 0.01 over 5 seeds at 20,000 steps')
    expect(yourRunText(line({ figure: 'zeroAdvantageFraction', value: null, envSteps: 512 }))).toBe(
      '◆ Goal only (coin 0), your run: no update reported it yet at 512 steps · measured: 0.90 ± 0.01 over 5 seeds at 20,000 steps',
    )
  })

  it('writes every kind of claim figure as the readouts do: returns and contributions to one decimal, the others to two', () => {
    const texts = Object.fromEntries(CLAIM_FIGURES.map((figure) => [figure, yourRunText(line({ figure, value: 12.25, measured: { mean: -3.5, std: 0.25, values: [-3.5] } }))]))
    expect(texts).toEqual({
      objective: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      shapedReturn: '◆ Goal only (coin 0), your run: 12.3 at 20,480 steps · measured: -3.5 ± 0.3 over 5 seeds at 20,000 steps',
      contribution: '◆ Goal only (coin 0), your run: 12.3 at 20,480 steps · measured: -3.5 ± 0.3 over 5 seeds at 20,000 steps',
      zeroAdvantageFraction: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      signFlipFraction: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      episodeLength: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      peakObjective: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      objectiveFallFromPeak: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      goldPeakSqrtKl: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      bestOfNGoldFall: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      bestOfNProxyRise: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      bestOfNPeakSqrtKl: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      // A monitor's firing is a share of seeds, two places; its lead whole steps: 12.25 → 12, −3.5 → −3 (Math.round), 0.25 → 0.
      monitorFired: '◆ Goal only (coin 0), your run: 12.25 at 20,480 steps · measured: -3.50 ± 0.25 over 5 seeds at 20,000 steps',
      monitorLead: '◆ Goal only (coin 0), your run: 12 at 20,480 steps · measured: -3 ± 0 over 5 seeds at 20,000 steps',
    })
  })

  it('says that the page’s run never has a best-of-n figure or goldPeakSqrtKl, without "yet"', () => {
    expect(yourRunText(line({ figure: 'bestOfNGoldFall', value: null }))).toBe('◆ Goal only (coin 0), your run: read from best-of-n, not from a run at 20,480 steps · measured: 0.90 ± 0.01 over 5 seeds at 20,000 steps')
    expect(missingFigureText('goldPeakSqrtKl')).toBe('read by the lesson check, not on the page')
  })

  it('says why the measured figure is missing with the same words the chart uses, without "yet"', () => {
    const none = { mean: null, std: null, values: [null] }
    expect(measuredText('zeroAdvantageFraction', none)).toBe('no update reported it')
    expect(measuredText('monitorLead', none)).toBe('the gold never turned, or the monitor could not measure the run')
    expect(measuredText('monitorFired', none)).toBe('the monitor could not measure the run')
    expect(measuredText('objective', none)).toBe('no episode finished')
    expect(yourRunText(line({ figure: 'zeroAdvantageFraction', value: null, measured: none }))).toBe(
      '◆ Goal only (coin 0), your run: no update reported it yet at 20,480 steps · measured: no update reported it over 5 seeds at 20,000 steps',
    )
    // One rule for every kind: the zero-advantage fraction waits for an update, every other figure for an episode.
    expect(CLAIM_FIGURES.filter((figure) => missingFigureText(figure) === 'no update reported it')).toEqual(['zeroAdvantageFraction', 'signFlipFraction'])
  })
})

describe('formatClaimFigure', () => {
  it('rounds returns and contributions to one decimal, the rest to two, never "-0.0"', () => {
    expect([formatClaimFigure('shapedReturn', 12.345), formatClaimFigure('contribution', 12.345), formatClaimFigure('objective', 0.456), formatClaimFigure('zeroAdvantageFraction', 0.456)]).toEqual(['12.3', '12.3', '0.46', '0.46'])
    expect(formatClaimFigure('shapedReturn', -0.01)).toBe('0.0')
  })
})
