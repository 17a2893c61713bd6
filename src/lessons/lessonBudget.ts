import type { Design } from '../model/design'
import type { RunView } from '../model/runView'
import type { Lesson } from './types'
import { yourRunOf } from './yourRun'

/**
 * The step budget the page's run keeps to as a run of one of the lesson's variants: the steps its
 * evidence was measured at (the check's), while the run is that variant's untouched (yourRunOf);
 * null otherwise, and for a lesson without a check.
 */
export function lessonBudget(lesson: Lesson, run: RunView, current: Design): number | null {
  if (!lesson.check) return null
  return yourRunOf(lesson, run, current) === null ? null : lesson.check.steps
}

/** Whether the run should pause now: it trains a lesson's variant and its latest frame reached the budget. */
export function reachedLessonBudget(lesson: Lesson, run: RunView, current: Design): number | null {
  const budget = lessonBudget(lesson, run, current)
  return budget !== null && run.status === 'running' && run.latest !== null && run.latest.envSteps >= budget ? budget : null
}
