import { getEnv } from '../core/envs/registry'
import type { MonitorFrame } from '../core/monitors/frames'
import type { Lesson } from '../lessons/types'
import type { Design } from '../model/design'
import { mapConcurrently } from './childRuns'
import { trainForFramedFigures } from './lessonCheck'

/*
 * The runs `monitor check` scores: every variant of the lessons on each seed, trained by the lesson
 * checker's own runner (lessonCheck.ts here, `train` in a child process with --jobs), each kept as
 * its frames rather than its last figures.
 */

export interface MonitoredRun {
  lesson: string
  variant: number
  label: string
  seed: number
  higherIsBetter: boolean
  frames: MonitorFrame[]
}

/** Train `design` on `seed` for `steps` env steps, here or in a child process, and cut its iterations into FRAMES_PER_RUN frames. */
export async function trainForFrames(design: Design, seed: number, steps: number, inChild: boolean): Promise<MonitorFrame[]> {
  return (await trainForFramedFigures(design, seed, steps, inChild)).frames
}

/**
 * Every variant of every lesson on seeds firstSeed … firstSeed + seeds − 1, each for its lesson's
 * check budget, `jobs` at a time (each in a process of its own when jobs > 1). `progress` hears of
 * each finished run.
 */
export async function trainMonitoredRuns(lessons: readonly Lesson[], seeds: number, firstSeed: number, jobs: number, progress: (line: string) => void = () => {}): Promise<MonitoredRun[]> {
  const tasks = lessons.flatMap((lesson) => {
    const steps = lesson.check?.steps
    if (steps === undefined) throw new Error(`lesson ${lesson.id} has no check, so no budget to train for`)
    return lesson.variants.flatMap((variant, index) => Array.from({ length: seeds }, (_, k) => ({ lesson, steps, index, variant, seed: firstSeed + k })))
  })
  return mapConcurrently(tasks, jobs, async ({ lesson, steps, index, variant, seed }) => {
    const frames = await trainForFrames(variant.design, seed, steps, jobs > 1)
    progress(`${lesson.id} / ${variant.label}: seed ${seed} done`)
    return { lesson: lesson.id, variant: index, label: variant.label, seed, higherIsBetter: getEnv(variant.design.envId).spec.objective.higherIsBetter, frames }
  })
}
