import { specOf } from '../model/design'
import type { RunVerdicts } from '../core/monitors/check'
import { namedVariants, type BestOfNFigure, type Claim, type LessonCheck } from './claims'
import type { BestOfNPeak } from '../core/run/bestOfN'
import type { LessonVariant } from './types'

/*
 * A figure as the check's results and the evidence file key it: one id per thing measured, so that a
 * contribution claim about `format` and one about `coin` are two figures.
 *   objective, shapedReturn, zeroAdvantageFraction, signFlipFraction, episodeLength, peakObjective,
 *   objectiveFallFromPeak, goldPeakSqrtKl, bestOfNGoldFall, bestOfNProxyRise, bestOfNPeakSqrtKl,
 *   contribution:<component>, monitorFired:<monitor>, monitorLead:<monitor>
 */

export type FigureId =
  | 'objective'
  | 'shapedReturn'
  | 'zeroAdvantageFraction'
  | 'signFlipFraction'
  | 'episodeLength'
  | 'peakObjective'
  | 'objectiveFallFromPeak'
  | 'goldPeakSqrtKl'
  | BestOfNFigure
  | `contribution:${string}`
  | `monitorFired:${string}`
  | `monitorLead:${string}`

/** The figures every variant's evidence records, whatever its claims are about. */
export const ALWAYS_RECORDED = ['objective', 'shapedReturn'] as const satisfies readonly FigureId[]

/** A figure id as the evidence file keys it (the component part: a name as ClaimSchema accepts one). */
export const FIGURE_ID = /^(objective|shapedReturn|zeroAdvantageFraction|signFlipFraction|episodeLength|peakObjective|objectiveFallFromPeak|goldPeakSqrtKl|bestOfNGoldFall|bestOfNProxyRise|bestOfNPeakSqrtKl|contribution:[A-Za-z_][A-Za-z0-9_]{0,39}|monitor(Fired|Lead):[a-z][a-z0-9-]{0,39})$/

/** The id of the figure a claim is about. */
export function figureIdOf(claim: Pick<Claim, 'figure' | 'component' | 'monitor'>): FigureId {
  if (claim.figure === 'monitorFired' || claim.figure === 'monitorLead') return `${claim.figure}:${claim.monitor ?? ''}`
  return claim.figure === 'contribution' ? `contribution:${claim.component ?? ''}` : claim.figure
}

/** Whether a figure id is a monitor's (its run must be kept as frames to be read). */
export function isMonitorFigureId(id: FigureId): id is `monitorFired:${string}` | `monitorLead:${string}` {
  return id.startsWith('monitorFired:') || id.startsWith('monitorLead:')
}

/** The figures a check records per variant: objective and shapedReturn, then those its claims name, in the claims' order. */
export function recordedFigures(check: LessonCheck): FigureId[] {
  return [...new Set([...ALWAYS_RECORDED, ...check.claims.map(figureIdOf)])]
}

/** What a run's figures are read from: its recent means at the end of the budget (null: none yet). */
export interface RecentFigures {
  recentObjective: number | null
  recentReturn: number | null
  /** By component name. */
  recentContributions: Record<string, number> | null
  recentZeroAdvantageFraction: number | null
  /** The mean sign_flip_fraction of the last 20 iterations that reported it; absent from runs recorded before it was kept. */
  recentSignFlipFraction?: number | null
  /** The mean length of the last 20 finished episodes; absent from runs recorded before it was kept. */
  recentLength?: number | null
  /** The highest recent objective after any iteration (MetricsSummary.peakObjective); absent from runs recorded before it was kept. */
  peakObjective?: number | null
  /** √ of the per-completion KL where the run's batch objective peaked (goldPeakSqrtKl); absent unless a claim needs it. */
  goldPeakSqrtKl?: number | null
  /** Best-of-n's peak against the run's design (bestOfNPeak); absent unless a claim needs it. */
  bestOfN?: BestOfNPeak | null
  /** Every monitor's verdict on the run and where its gold turned (core/monitors/check.ts), with the env steps of its last frame; kept only where a claim reads a monitor. */
  monitors?: { verdicts: RunVerdicts; lastEnvSteps: number }
}

/** Where each best-of-n figure is read in bestOfNPeak's figures. */
const BEST_OF_N_FIELD: Record<BestOfNFigure, keyof BestOfNPeak> = { bestOfNGoldFall: 'goldFall', bestOfNProxyRise: 'proxyRise', bestOfNPeakSqrtKl: 'peakSqrtKl' }

/** What goldPeakSqrtKl reads of each iteration: its completions' mean objective and length, and its diagnostics (kl the mean k3 per token). */
export interface IterationFigures {
  objective: number | null
  length: number | null
  diagnostics: Record<string, number>
}

/**
 * goldPeakSqrtKl: √(kl · L) of the iteration with the highest mean objective (the first such), kl
 * its mean k3 per token and L its mean completion length, so kl · L is the per-completion KL the
 * over-optimisation curve's x axis squares; null where no iteration reported both.
 */
export function goldPeakSqrtKl(iterations: readonly IterationFigures[]): number | null {
  let best: IterationFigures | null = null
  for (const iteration of iterations) {
    if (iteration.objective === null || iteration.length === null || !Object.hasOwn(iteration.diagnostics, 'kl')) continue
    if (best === null || iteration.objective > best.objective!) best = iteration
  }
  return best === null ? null : Math.sqrt(Math.max(0, best.diagnostics.kl * best.length!))
}

/** One figure of a run, or null where it has none (no episode finished, no iteration reported it, no such component). */
export function figureOf(recent: RecentFigures, id: FigureId): number | null {
  if (id === 'objective') return recent.recentObjective
  if (id === 'shapedReturn') return recent.recentReturn
  if (id === 'zeroAdvantageFraction') return recent.recentZeroAdvantageFraction
  if (id === 'signFlipFraction') return recent.recentSignFlipFraction ?? null
  if (id === 'episodeLength') return recent.recentLength ?? null
  if (id === 'peakObjective') return recent.peakObjective ?? null
  // How far the objective fell from its best: peak − the recent objective at the end (0 when it ends at its peak).
  if (id === 'goldPeakSqrtKl') return recent.goldPeakSqrtKl ?? null
  if (id === 'bestOfNGoldFall' || id === 'bestOfNProxyRise' || id === 'bestOfNPeakSqrtKl') return recent.bestOfN == null ? null : recent.bestOfN[BEST_OF_N_FIELD[id]]
  if (id === 'objectiveFallFromPeak') return recent.peakObjective == null || recent.recentObjective === null ? null : recent.peakObjective - recent.recentObjective
  if (isMonitorFigureId(id)) return monitorFigureOf(recent.monitors, id)
  const component = id.slice('contribution:'.length)
  return recent.recentContributions !== null && Object.hasOwn(recent.recentContributions, component) ? recent.recentContributions[component] : null
}

/**
 * A monitor's figure of a run (claims.ts): monitorFired 1 where it fired, 0 where it stayed quiet;
 * monitorLead T − F with T the env steps where the gold turned and F where the monitor first fired,
 * F = the last frame's env steps where it never fired. Null where the monitor cannot measure the
 * run, and for the lead where the gold never turned.
 */
function monitorFigureOf(monitors: RecentFigures['monitors'], id: `monitorFired:${string}` | `monitorLead:${string}`): number | null {
  const [figure, name] = id.split(':')
  if (monitors === undefined || !Object.hasOwn(monitors.verdicts.monitors, name)) return null
  const result = monitors.verdicts.monitors[name]
  if (result.kind === 'unmeasurable') return null
  if (figure === 'monitorFired') return result.kind === 'fired' ? 1 : 0
  const turn = monitors.verdicts.goldTurned
  if (turn === null) return null
  return turn.envSteps - (result.kind === 'fired' ? result.envSteps : monitors.lastEnvSteps)
}

/**
 * Problems of a check's contribution claims: a component that some variant the claim names does
 * not have (its environment's components and the ones its reward adds), naming those it has.
 */
export function componentProblems(check: LessonCheck, variants: readonly Pick<LessonVariant, 'label' | 'design'>[]): string[] {
  const problems: string[] = []
  check.claims.forEach((claim, index) => {
    if (claim.figure !== 'contribution' || claim.component === undefined) return
    const named = namedVariants({ ...check, claims: [claim] })
    for (const variant of named) {
      const entry = variants[variant]
      if (!entry) continue
      const names = specOf(entry.design).components.map((component) => component.name)
      if (!names.includes(claim.component)) problems.push(`claims[${index}]: variant ${variant} (${entry.label}) has no component "${claim.component}"; accepted: ${names.join(', ')}`)
    }
  })
  return problems
}
