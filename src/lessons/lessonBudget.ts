import type { Design } from '../model/design'
import type { RunView } from '../model/runView'
import type { Lesson } from './types'
import { variantOfRun } from './yourRun'

/**
 * The step budget the page's run keeps to as a run of one of the lesson's variants: the steps its
 * evidence was measured at (the check's), while the run is that variant's untouched (variantOfRun),
 * from its start on; null otherwise, and for a lesson without a check. The worker pauses the run
 * there itself (worker/session.ts).
 */
export function lessonBudget(lesson: Lesson, run: Pick<RunView, 'design' | 'marks'>, current: Design): number | null {
  if (!lesson.check) return null
  return variantOfRun(lesson, run, current) === null ? null : lesson.check.steps
}
