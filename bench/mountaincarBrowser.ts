import type { Browser } from 'playwright'
import { LESSONS } from '../src/lessons/catalogue'
import { designToSearch } from '../src/model/designLink'
import { specOf, type Design } from '../src/model/design'
import { SEEDS } from './ppoNode'
import { emptyResult, type SectionResult } from './results'
import { median, progress, withSpread } from './stats'
import { trainInPage, type BrowserRun, type TrainGoal } from './trainInPage'

const LESSON_ID = 'sparse-vs-shaped'
const VARIANT_LABEL = 'Potential-based (energy)'
/** Trained: the car reaches the flag in at most this many steps, averaged over the last 20 episodes. */
export const STEPS_TO_GOAL = 150
const RECENT_EPISODES = 20
export const FIGURE = 'ppo_mountaincar_shaped_seconds_to_150_browser'

/** The sparse-vs-shaped lesson's energy-shaping design: the one its claims say reaches the flag. */
export function shapedMountainCarDesign(): Design {
  const lesson = LESSONS.find((candidate) => candidate.id === LESSON_ID)
  if (lesson === undefined) throw new Error(`no lesson "${LESSON_ID}" in src/lessons/catalogue.ts (found ${LESSONS.map((l) => l.id).join(', ')})`)
  const variant = lesson.variants.find((candidate) => candidate.label === VARIANT_LABEL)
  if (variant === undefined) throw new Error(`lesson "${LESSON_ID}" has no variant "${VARIANT_LABEL}" (found ${lesson.variants.map((v) => `"${v.label}"`).join(', ')})`)
  return variant.design
}

/** The app's link for that design with `seed`, written by the app's own link encoder. */
export function shapedMountainCarQuery(seed: number): URLSearchParams {
  return new URLSearchParams(designToSearch({ ...shapedMountainCarDesign(), seed }))
}

/**
 * `ppo_mountaincar_shaped_seconds_to_150_browser`: MountainCar with the lesson's potential-based
 * (energy) shaping, trained in the built app on its default backend, timed by the app's own Time
 * figure until "steps to goal (last 20)" is at most 150. Median over seeds; a seed that does not
 * get there within the cap counts as slower than any that did.
 */
export async function benchMountainCarShaped(browser: Browser, url: string, quick: boolean): Promise<SectionResult> {
  const result = emptyResult()
  const capSeconds = quick ? 60 : 120
  const seeds = quick ? SEEDS.slice(0, 1) : SEEDS
  const design = shapedMountainCarDesign()
  // The status bar names the true objective after the environment: "steps to goal (last 20)".
  const goal: TrainGoal = { figure: `${specOf(design).objective.name} (last 20)`, threshold: STEPS_TO_GOAL, atMost: true, minEpisodes: RECENT_EPISODES }
  const runs: BrowserRun[] = []
  for (const seed of seeds) {
    const run = await trainInPage(browser, url, shapedMountainCarQuery(seed), { backendRequested: 'default', seed }, goal, capSeconds)
    runs.push(run)
    progress(
      `browser MountainCar shaped (${run.backendUsed}) seed ${seed}: ` +
        (run.seconds === null ? `not reached (${run.stop}; last ${JSON.stringify(run.last)})` : `steps to goal ≤ ${STEPS_TO_GOAL} after ${run.seconds} s, ${run.steps} steps`),
    )
  }
  Object.assign(result.figures, withSpread(FIGURE, runs.map((run) => run.seconds)))
  result.figures.ppo_mountaincar_shaped_steps_to_150_browser = median(runs.map((run) => run.steps))
  result.runs.ppo_mountaincar_shaped_browser = runs
  const used = [...new Set(runs.map((run) => run.backendUsed))].join(', ')
  const missed = runs.filter((run) => run.seconds === null)
  result.notes[FIGURE] =
    `lesson ${LESSON_ID}, "${VARIANT_LABEL}" (its link, from the app's link encoder), default backend (the app used ${used}), ` +
    `${runs.length === 1 ? `seed ${runs[0].seed}` : `median of seeds ${seeds.join(', ')} (_min, _max: the fastest and slowest)`}: the app's Time when "${goal.figure}" first read ≤ ${STEPS_TO_GOAL} with at least ${RECENT_EPISODES} episodes finished; cap ${capSeconds} s; target ≤ 30 s` +
    ('totalSteps' in design.learner ? `; the lesson's learning rate anneals to 0 at ${design.learner.totalSteps.toLocaleString('en-US')} steps, so a run that gets there after that does so with a policy that no longer learns` : '') +
    (missed.length > 0 ? `; ${missed.map((run) => `seed ${run.seed} not reached: ${run.stop}`).join('; ')}` : '')
  return result
}
