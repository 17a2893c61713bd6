import { perDesign } from '../model/perDesign'
import type { MetricsFrame } from '../core/run/frame'
import type { Design } from '../model/design'
import type { RecentFigures } from './claimFigures'
import type { RunView } from '../model/runView'
import { designFingerprint } from './fingerprint'
import type { Lesson } from './types'

/** The student's own run of a lesson's variant: its figures now, as the page's "last 20" readouts show them. */
export interface YourRun {
  /** The variant it trains (index into the lesson's variants). */
  variant: number
  envSteps: number
  objective: number | null
  shapedReturn: number | null
}

/**
 * The lesson's variant the page's run trains (its index): the run started from that variant's
 * design (on any seed: the evidence is over seeds), the page's design is still that one, and nothing
 * changed live in between (no marks). Null when there is no such run.
 */
export function variantOfRun(lesson: Lesson, run: Pick<RunView, 'design' | 'marks'>, current: Design): number | null {
  if (run.design === null || run.marks.length > 0) return null
  const fingerprint = fingerprintOf(run.design)
  if (fingerprintOf(current) !== fingerprint) return null
  const variant = lesson.variants.findIndex((entry) => fingerprintOf(entry.design) === fingerprint)
  return variant < 0 ? null : variant
}

/** The page's run as a run of one of the lesson's variants (variantOfRun), with its figures now. Null when there is no such run or no frame yet. */
export function yourRunOf(lesson: Lesson, run: RunView, current: Design): YourRun | null {
  if (run.latest === null) return null
  const variant = variantOfRun(lesson, run, current)
  if (variant === null) return null
  return { variant, envSteps: run.latest.envSteps, objective: run.latest.recentObjective, shapedReturn: run.latest.recentReturn }
}

/**
 * The recent figures of the page's latest frame, by name as the check reads a run's: the worker's
 * frames carry the same windows as `train`'s done line (the last 20 episodes, the last 20 updates).
 */
export function recentFiguresOfFrame(frame: MetricsFrame): RecentFigures {
  const contributions = frame.recentContributions
  return {
    recentObjective: frame.recentObjective,
    recentReturn: frame.recentReturn,
    recentContributions: contributions === null ? null : Object.fromEntries(frame.componentNames.map((name, k) => [name, contributions[k]])),
    recentZeroAdvantageFraction: frame.recentZeroAdvantageFraction,
    recentSignFlipFraction: frame.recentSignFlipFraction,
    recentLength: frame.recentLength,
    peakObjective: frame.peakObjective,
  }
}

/** Each design's fingerprint, worked out once, not on every frame. */
const fingerprintOf = perDesign(designFingerprint)
