import { MetricsAccumulator, RECENT_EPISODES } from '../core/run/metrics'
import { namedVariants, type Claim, type ClaimFigure } from '../lessons/claims'
import { judgeClaim, type ClaimVerdict } from '../lessons/claimRule'
import type { Lesson } from '../lessons/types'
import { meanStd } from '../model/compare'
import { runConfigOf, type Design } from '../model/design'
import { mapConcurrently, trainInChild } from './childRuns'
import { createCliTrainer } from './cliTrainer'

/** One variant trained on one seed: its figures at the end of the budget (NaN where no episode finished). */
export type SeedFigures = Record<ClaimFigure, number>

/** Train `design` on `seed` for at least `steps` environment steps (whole iterations) and read its figures. */
export async function trainForFigures(design: Design, seed: number, steps: number): Promise<SeedFigures> {
  const trainer = await createCliTrainer(runConfigOf({ ...design, seed }))
  const metrics = new MetricsAccumulator(trainer.spec.components.length, RECENT_EPISODES)
  try {
    while (metrics.totalEnvSteps < steps) metrics.add(await trainer.iterate())
  } finally {
    trainer.dispose()
  }
  const summary = metrics.flush()
  return { objective: summary.recentObjective ?? NaN, shapedReturn: summary.recentReturn ?? NaN }
}

export interface VariantResult {
  index: number
  label: string
  seeds: number[]
  figures: Record<ClaimFigure, { values: number[]; mean: number; std: number }>
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
async function trainForFiguresInChild(design: Design, seed: number, steps: number): Promise<SeedFigures> {
  const { recentObjective, recentReturn } = await trainInChild(runConfigOf({ ...design, seed }), steps)
  return { objective: recentObjective ?? NaN, shapedReturn: recentReturn ?? NaN }
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
  const seedList = Array.from({ length: seeds }, (_, k) => firstSeed + k)
  const named = namedVariants(check)
  const tasks = named.flatMap((index) => seedList.map((seed) => ({ index, seed })))
  const train = jobs > 1 ? trainForFiguresInChild : trainForFigures
  const figuresOf = await mapConcurrently(tasks, jobs, async ({ index, seed }) => {
    const figures = await train(lesson.variants[index].design, seed, check.steps)
    progress(`${lesson.id} / ${lesson.variants[index].label}: seed ${seed} done`)
    return figures
  })
  const variants: VariantResult[] = []
  for (const index of named) {
    const { label } = lesson.variants[index]
    const runs = figuresOf.filter((_, k) => tasks[k].index === index)
    const figures = Object.fromEntries(
      (['objective', 'shapedReturn'] as const).map((figure) => {
        const values = runs.map((run) => run[figure])
        return [figure, { values, ...meanStd(values) }]
      }),
    ) as VariantResult['figures']
    variants.push({ index, label, seeds: seedList, figures })
  }
  const valuesOf = (variant: number, figure: ClaimFigure) => variants.find((v) => v.index === variant)!.figures[figure].values
  const claims = check.claims.map((claim) => ({
    claim,
    ...judgeClaim(claim.relation, valuesOf(claim.variant, claim.figure), 'variant' in claim.relation ? valuesOf(claim.relation.variant, claim.figure) : []),
  }))
  return { id: lesson.id, steps: check.steps, variants, claims, holds: claims.every((claim) => claim.holds) }
}
