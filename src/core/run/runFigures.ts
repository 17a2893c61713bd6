import type { MetricsSummary } from './metrics'

/*
 * What a run reports when it ends at its step budget: the figures of `train`'s done line, as a
 * sweep records them. The command line's sweep and the page's workers build them here alike, so a
 * run trained in either gives the same record.
 */

export interface FinishedRunFigures {
  /** The mean objective of the last 20 finished episodes; null when none finished (or the run stopped itself). */
  objective: number | null
  /** The mean shaped return of the same episodes. */
  shapedReturn: number | null
  /** Each component's Σ_t w_k·c_k,t over the same episodes, by name. */
  contributions: Record<string, number> | null
  /** The mean zero-advantage fraction of the last 20 iterations; null when the learner reports none. */
  zeroAdvantageFraction: number | null
  /** The mean sign-flip fraction of the last 20 iterations that reported it; null when the learner reports none (it is measured by GRPO on the bandit). */
  signFlipFraction: number | null
  /** The mean length of the same last 20 episodes (steps; tokens on the token task); null when none finished. */
  episodeLength: number | null
  steps: number
  /** From the trainer built to the last iteration, to the millisecond. */
  seconds: number
  /** The diagnosis of a run that stopped itself (a NaN or infinite reward or loss). */
  paused?: string
}

/** Milliseconds → seconds to the millisecond, as train's wallSeconds. */
export function runSeconds(milliseconds: number): number {
  return Math.round(milliseconds) / 1000
}

/** The figures of a run that reached its budget, from the metrics' last summary; `componentNames` in the summary's order. */
export function finishedRunFigures(summary: MetricsSummary, componentNames: readonly string[], seconds: number): FinishedRunFigures {
  const contributions = summary.recentContributions
  return {
    objective: summary.recentObjective,
    shapedReturn: summary.recentReturn,
    contributions: contributions === null ? null : Object.fromEntries(componentNames.map((name, k) => [name, contributions[k]])),
    zeroAdvantageFraction: summary.recentZeroAdvantageFraction,
    signFlipFraction: summary.recentSignFlipFraction,
    episodeLength: summary.recentLength,
    steps: summary.envSteps,
    seconds,
  }
}

/** The figures of a run whose iteration `iteration` (from 1) threw: none, and the diagnosis, as train prints it. */
export function pausedRunFigures(iteration: number, steps: number, seconds: number, reason: string): FinishedRunFigures {
  const paused = `run paused at iteration ${iteration} (after ${steps} env steps): ${reason}`
  return { objective: null, shapedReturn: null, contributions: null, zeroAdvantageFraction: null, signFlipFraction: null, episodeLength: null, steps, seconds, paused }
}
