import { MetricsAccumulator, RECENT_EPISODES } from '../core/run/metrics'
import { checkProblems, namedVariants, type Claim } from '../lessons/claims'
import { componentProblems, figureIdOf, figureOf, isMonitorFigureId, recordedFigures, type FigureId, type RecentFigures } from '../lessons/claimFigures'
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
      metrics.add(await trainer.iterate())
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

/** A run's recent figures with every monitor's verdict on its frames, by the rule `monitor check` and the Monitors panel use (each monitor and the gold's turn with their defaults). */
async function trainForMonitoredFigures(design: Design, seed: number, steps: number, inChild: boolean): Promise<RecentFigures> {
  const { recent, frames } = await trainForFramedFigures(design, seed, steps, inChild)
  const verdicts = checkMonitors([{ frames, higherIsBetter: specOf(design).objective.higherIsBetter }], MONITORS, GOLD_TURN_DEFAULTS).runs[0]
  return { ...recent, monitors: { verdicts, lastEnvSteps: frames.at(-1)?.envSteps ?? 0 } }
}

/** The figures `ids` of a run's recent figures; NaN where it has none. */
export function seedFiguresOf(recent: RecentFigures, ids: readonly FigureId[]): SeedFigures {
  return Object.fromEntries(ids.map((id) => [id, figureOf(recent, id) ?? NaN]))
}

/** Train `design` on `seed` and read the figures `ids` (objective and shapedReturn unless told). */
export async function trainForFigures(design: Design, seed: number, steps: number, ids: readonly FigureId[] = ['objective', 'shapedReturn']): Promise<SeedFigures> {
  return seedFiguresOf(await trainForRecentFigures(design, seed, steps), ids)
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

/** Train `design` on `seed` in a process of its own (the same run, bit for bit, as trainForFigures). */
async function trainForFiguresInChild(design: Design, seed: number, steps: number, ids: readonly FigureId[]): Promise<SeedFigures> {
  return seedFiguresOf(await trainInChild(runConfigOf({ ...design, seed }), steps), ids)
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
  // Only a check whose claims read a monitor keeps its runs' frames: the runs are the same either way.
  const monitored = ids.some(isMonitorFigureId)
  const train = monitored ? async (design: Design, seed: number) => seedFiguresOf(await trainForMonitoredFigures(design, seed, check.steps, jobs > 1), ids) : (design: Design, seed: number) => (jobs > 1 ? trainForFiguresInChild : trainForFigures)(design, seed, check.steps, ids)
  const figuresOf = await mapConcurrently(tasks, jobs, async ({ index, seed }) => {
    const figures = await train(lesson.variants[index].design, seed)
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
  if (claim.figure === 'monitorFired') return `${claim.monitor} could not measure the run`
  if (claim.figure === 'monitorLead') return `the gold never turned, or ${claim.monitor} could not measure the run`
  return 'no episode finished within the budget'
}
