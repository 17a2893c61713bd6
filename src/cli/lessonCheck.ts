import { MetricsAccumulator, RECENT_EPISODES } from '../core/run/metrics'
import { BEST_OF_N_CHECK, checkProblems, isBestOfNFigure, namedVariants, type Claim } from '../lessons/claims'
import { componentProblems, figureIdOf, figureOf, goldPeakSqrtKl, isMonitorFigureId, recordedFigures, type FigureId, type RecentFigures } from '../lessons/claimFigures'
import { bestOfNCurve, bestOfNPeak, powersOfTwoUpTo, type BestOfNPeak } from '../core/run/bestOfN'
import { judgeClaim, type ClaimVerdict } from '../lessons/claimRule'
import type { Lesson } from '../lessons/types'
import { meanStd } from '../model/compare'
import { runConfigOf, specOf, type Design } from '../model/design'
import { mapConcurrently, trainInChild } from './childRuns'
import { ScheduledMix } from '../core/run/scheduledMix'
import { createCliTrainer } from './cliTrainer'
import { FRAMES_PER_RUN, iterationFrameOf, mergeFrames, type MonitorFrame } from '../core/monitors/frames'
import { checkMonitors } from '../core/monitors/check'
import { GOLD_TURN_DEFAULTS } from '../core/monitors/goldTurned'
import { MONITORS } from '../core/monitors/registry'
import { frameOfLine } from './intervalFrame'

/** One variant trained on one seed: the figures a check records, by id, at the end of the budget (NaN where the run has none). */
export type SeedFigures = Partial<Record<FigureId, number>>

/**
 * Train `design` on `seed` for at least `steps` environment steps (whole iterations) and read its
 * recent figures, as `train`'s done line gives them. With `onIteration`, each iteration's frame
 * (its own episodes and diagnostics, as `train --every 1` prints them) is handed over as it ends.
 */
export async function trainForRecentFigures(design: Design, seed: number, steps: number, onIteration?: (frame: MonitorFrame) => void): Promise<RecentFigures> {
  const config = runConfigOf({ ...design, seed })
  const trainer = await createCliTrainer(config)
  const scheduled = ScheduledMix.of(config)
  const names = trainer.spec.components.map((component) => component.name)
  const metrics = new MetricsAccumulator(names.length, RECENT_EPISODES)
  try {
    while (metrics.totalEnvSteps < steps) {
      scheduled.applyBefore(trainer, metrics.totalEnvSteps)
      const report = await trainer.iterate()
      metrics.add(report)
      scheduled.after(report.episodes, names)
      // A flush resets only the frame's sums: the recent figures read below are the same with or without it.
      if (onIteration) onIteration(iterationFrameOf(metrics.flush(), names))
    }
  } finally {
    trainer.dispose()
  }
  const summary = metrics.flush()
  const contributions = summary.recentContributions
  return {
    recentReturn: summary.recentReturn,
    recentObjective: summary.recentObjective,
    recentContributions: contributions === null ? null : Object.fromEntries(names.map((name, k) => [name, contributions[k]])),
    recentZeroAdvantageFraction: summary.recentZeroAdvantageFraction,
    recentSignFlipFraction: summary.recentSignFlipFraction,
    recentLength: summary.recentLength,
    peakObjective: summary.peakObjective,
  }
}

/**
 * Train `design` on `seed`, here or in a child process, keeping its recent figures and its
 * iterations cut into FRAMES_PER_RUN frames (mergeFrames), the frames `monitor check` scores.
 */
export async function trainForFramedFigures(design: Design, seed: number, steps: number, inChild: boolean): Promise<{ recent: RecentFigures; frames: MonitorFrame[] }> {
  const iterations: MonitorFrame[] = []
  const recent = inChild ? await trainInChild(runConfigOf({ ...design, seed }), steps, (line) => iterations.push(frameOfLine(line))) : await trainForRecentFigures(design, seed, steps, (frame) => iterations.push(frame))
  return { recent, frames: mergeFrames(iterations, steps / FRAMES_PER_RUN) }
}

/** Every monitor's verdict on a run's frames, by the rule `monitor check` and the Monitors panel use (each monitor and the gold's turn with their defaults). */
function monitorsOf(design: Design, frames: MonitorFrame[]): NonNullable<RecentFigures['monitors']> {
  const verdicts = checkMonitors([{ frames, higherIsBetter: specOf(design).objective.higherIsBetter }], MONITORS, GOLD_TURN_DEFAULTS).runs[0]
  return { verdicts, lastEnvSteps: frames.at(-1)?.envSteps ?? 0 }
}

/** The figures `ids` of a run's recent figures; NaN where it has none. */
export function seedFiguresOf(recent: RecentFigures, ids: readonly FigureId[]): SeedFigures {
  return Object.fromEntries(ids.map((id) => [id, figureOf(recent, id) ?? NaN]))
}

export interface VariantResult {
  index: number
  label: string
  seeds: number[]
  /** By figure id: objective, shapedReturn and every other figure the lesson's claims are about (recordedFigures). */
  figures: Partial<Record<FigureId, { values: number[]; mean: number; std: number }>>
}

export interface ClaimResult extends ClaimVerdict {
  claim: Claim
}

export interface LessonCheckResult {
  id: string
  steps: number
  variants: VariantResult[]
  claims: ClaimResult[]
  holds: boolean
}

/**
 * Train `design` on `seed` (`inChild`: in a process of its own, the same run bit for bit) and read
 * the figures `ids`. goldPeakSqrtKl reads every iteration, so a run that needs it trains here; the
 * monitors' figures read the run cut into frames as `monitor check` does; the best-of-n figures are read from best-of-n against the design on the same seed.
 */
async function measureFigures(design: Design, seed: number, steps: number, ids: readonly FigureId[], inChild: boolean): Promise<SeedFigures> {
  const needsIterations = ids.includes('goldPeakSqrtKl')
  // Only a check whose claims read a monitor keeps its runs' frames: the runs are the same either way.
  const monitored = ids.some(isMonitorFigureId)
  let recent: RecentFigures
  if (needsIterations) {
    const iterations: MonitorFrame[] = []
    recent = await trainForRecentFigures(design, seed, steps, (frame) => iterations.push(frame))
    recent = { ...recent, goldPeakSqrtKl: goldPeakSqrtKl(iterations) }
    if (monitored) recent = { ...recent, monitors: monitorsOf(design, mergeFrames(iterations, steps / FRAMES_PER_RUN)) }
  } else if (monitored) {
    const framed = await trainForFramedFigures(design, seed, steps, inChild)
    recent = { ...framed.recent, monitors: monitorsOf(design, framed.frames) }
  } else {
    recent = inChild ? await trainInChild(runConfigOf({ ...design, seed }), steps) : await trainForRecentFigures(design, seed, steps)
  }
  if (ids.some(isBestOfNFigure)) recent = { ...recent, bestOfN: await bestOfNPeakOf(design, seed) }
  return seedFiguresOf(recent, ids)
}

/** Best-of-n against `design` on `seed` with the check's prompts and ns (BEST_OF_N_CHECK). */
export async function bestOfNPeakOf(design: Design, seed: number): Promise<BestOfNPeak> {
  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { drawBestOfN } = await import('../learn/bestOfNDraws')
  const draws = await drawBestOfN(runConfigOf({ ...design, seed }), BEST_OF_N_CHECK.prompts, BEST_OF_N_CHECK.largestN)
  return bestOfNPeak(bestOfNCurve(draws.proxy, draws.gold, BEST_OF_N_CHECK.largestN, powersOfTwoUpTo(BEST_OF_N_CHECK.largestN)))
}

/**
 * Train every variant a lesson's claims name on seeds firstSeed … firstSeed + seeds − 1 for the
 * check's budget, then judge each claim by the claim rule (claimRule.ts). With jobs > 1 the runs
 * go to that many child processes at once (one per core); with 1 they run here, one after another.
 * `progress` hears of each finished run.
 */
export async function checkLesson(lesson: Lesson, seeds: number, firstSeed: number, jobs = 1, progress: (line: string) => void = () => {}): Promise<LessonCheckResult> {
  const check = lesson.check
  if (!check) throw new Error(`lesson ${lesson.id} has no claims yet`)
  const problems = [...checkProblems(check, lesson.variants.length), ...componentProblems(check, lesson.variants)]
  if (problems.length > 0) throw new Error(`lesson ${lesson.id}: ${problems.join('; ')}`)
  const ids = recordedFigures(check)
  const seedList = Array.from({ length: seeds }, (_, k) => firstSeed + k)
  const named = namedVariants(check)
  const tasks = named.flatMap((index) => seedList.map((seed) => ({ index, seed })))
  const figuresOf = await mapConcurrently(tasks, jobs, async ({ index, seed }) => {
    const figures = await measureFigures(lesson.variants[index].design, seed, check.steps, ids, jobs > 1)
    progress(`${lesson.id} / ${lesson.variants[index].label}: seed ${seed} done`)
    return figures
  })
  const variants: VariantResult[] = []
  for (const index of named) {
    const { label } = lesson.variants[index]
    const runs = figuresOf.filter((_, k) => tasks[k].index === index)
    const figures = Object.fromEntries(
      ids.map((id) => {
        const values = runs.map((run) => run[id] ?? NaN)
        return [id, { values, ...meanStd(values) }]
      }),
    ) as VariantResult['figures']
    variants.push({ index, label, seeds: seedList, figures })
  }
  const valuesOf = (variant: number, id: FigureId) => variants.find((v) => v.index === variant)!.figures[id]!.values
  const claims = check.claims.map((claim) => {
    const id = figureIdOf(claim)
    return { claim, ...judgeClaim(claim.relation, valuesOf(claim.variant, id), 'variant' in claim.relation ? valuesOf(claim.relation.variant, id) : [], missingReason(claim)) }
  })
  return { id: lesson.id, steps: check.steps, variants, claims, holds: claims.every((claim) => claim.holds) }
}

/** Why a run can lack a claim's figure, for the claim rule's message. */
function missingReason(claim: Claim): string {
  if (claim.figure === 'zeroAdvantageFraction') return 'the learner reported no zero-advantage fraction'
  // GRPO measures it only where the prompts' expected rewards are known exactly (the bandit, the environment's own components).
  if (claim.figure === 'signFlipFraction') return 'the learner reported no sign-flip fraction'
  if (claim.figure === 'goldPeakSqrtKl') return 'no iteration reported both an objective and the kl diagnostic'
  if (claim.figure === 'monitorFired') return `${claim.monitor} could not measure the run`
  if (claim.figure === 'monitorLead') return `the gold never turned, or ${claim.monitor} could not measure the run`
  return 'no episode finished within the budget'
}
