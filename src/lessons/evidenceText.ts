import { formatCount, formatFixed } from '../model/numberFormat'
import { isBestOfNFigure, isUpdateFigure, type ClaimFigure } from './claims'
import type { FigureEvidence } from './evidenceSchema'

/*
 * The words of a lesson's evidence: its figures as the card writes them, why a figure is missing,
 * and the sentence that sets the student's own run beside the measured one. The card and its
 * charts only render them.
 */

/** A lesson figure as the run's readouts show it: returns and contributions to one decimal, a monitor's lead in whole steps, the true objective, the fractions and a monitor's firing (its share of seeds) to two. */
export function formatClaimFigure(figure: ClaimFigure, value: number): string {
  if (figure === 'monitorLead') return formatCount(Math.round(value))
  return formatFixed(value, figure === 'shapedReturn' || figure === 'contribution' ? 1 : 2)
}

/**
 * Why a figure has no value: the zero-advantage and sign-flip fractions wait for an update that
 * reports them; best-of-n's and goldPeakSqrtKl are never the page run's; a monitor's figures
 * wait for a gold that turned and a run it can measure; every other figure
 * (objective, return, contribution, length, peak, fall) waits for a finished episode.
 */
export function missingFigureText(figure: ClaimFigure): string {
  if (figure === 'monitorFired') return 'the monitor could not measure the run'
  if (figure === 'monitorLead') return 'the gold never turned, or the monitor could not measure the run'
  if (isPageless(figure)) return isBestOfNFigure(figure) ? 'read from best-of-n, not from a run' : 'read by the lesson check, not on the page'
  return isUpdateFigure(figure) ? 'no update reported it' : 'no episode finished'
}

/** The figures the page's run never reads: best-of-n's (no run at all) and goldPeakSqrtKl (the check's reading of every iteration). */
function isPageless(figure: ClaimFigure): boolean {
  return isBestOfNFigure(figure) || figure === 'goldPeakSqrtKl'
}

/** "0.90 ± 0.01" (mean ± std over the seeds), or why there is no figure. */
export function measuredText(figure: ClaimFigure, evidence: FigureEvidence): string {
  if (evidence.mean === null) return missingFigureText(figure)
  return `${formatClaimFigure(figure, evidence.mean)} ± ${formatClaimFigure(figure, evidence.std ?? 0)}`
}

/** What the sentence about the student's own run of a variant reads. */
export interface YourRunLine {
  /** The variant's label. */
  label: string
  /** The figure the claim is about. */
  figure: ClaimFigure
  /** The run's own figure now, or null while it has none (no finished episode, no update that reported it). */
  value: number | null
  /** The run's environment steps so far. */
  envSteps: number
  /** The figure measured for the variant. */
  measured: FigureEvidence
  /** The seeds and the steps per run it was measured over. */
  seeds: number
  steps: number
}

/**
 * "◆ Coin worth 10, your run: 0.12 at 12,000 steps · measured: 0.00 ± 0.00 over 5 seeds at 20,000
 * steps"; while the run has no figure, why ("no episode finished yet", "no update reported it yet").
 */
export function yourRunText({ label, figure, value, envSteps, measured, seeds, steps }: YourRunLine): string {
  const mine = value === null ? `${missingFigureText(figure)}${isPageless(figure) ? '' : ' yet'}` : formatClaimFigure(figure, value)
  return `◆ ${label}, your run: ${mine} at ${formatCount(envSteps)} steps · measured: ${measuredText(figure, measured)} over ${seeds} seeds at ${formatCount(steps)} steps`
}
