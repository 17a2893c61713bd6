import { create } from 'zustand'
import { findLesson, LESSON_IDS } from '../../lessons/catalogue'
import { NO_EXTRAS, truncate, type Design } from '../../model/design'
import { designToSearch } from '../../model/designLink'
import { perDesign } from '../../model/perDesign'
import { loadDesign, usePlayground } from '../run/store'
import { isRunActive } from '../../model/runView'
import { changeReward, changeWeight, pauseRun, resetRun, resumeRun, startRun } from '../run/trainingClient'
import { reachedLessonBudget } from '../../lessons/lessonBudget'
import type { BudgetStop } from '../../model/runStatusText'
import { initialUrlExtra, setUrlExtra } from '../link/urlExtras'
import { noteLinkProblems } from '../link/linkNotice'
import { LINK } from '../../model/linkKeys'

/** The URL key that keeps the open lesson beside the design. */
export const LESSON_KEY = LINK.lesson

interface LessonSession {
  /** The lesson whose card is shown, or null. */
  lessonId: string | null
  /** Whether the list of lessons is open. */
  pickerOpen: boolean
  /** The run the page paused at the lesson's budget (its id) and that budget; null when none. */
  budgetStop: (BudgetStop & { runId: string }) | null
  /** The run the student chose to keep training past the budget: it is not paused again. */
  keptTraining: string | null
}

export const useLessonSession = create<LessonSession>()(() => ({ lessonId: null, pickerOpen: false, budgetStop: null, keptTraining: null }))

/**
 * A lesson's variant keeps to the budget its evidence was measured at: the first frame at or past
 * it pauses the run (lessonBudget.ts), so the card compares like with like; Keep training goes on.
 */
usePlayground.subscribe((state, previous) => {
  const { lessonId, budgetStop, keptTraining } = useLessonSession.getState()
  // Resumed by any means (Keep training, or the Resume button): it trains on past the budget.
  if (budgetStop !== null && budgetStop.runId === state.run.runId && state.run.status === 'running' && previous.run.status !== 'running') {
    useLessonSession.setState({ budgetStop: null, keptTraining: budgetStop.runId })
    return
  }
  if (state.run.latest === previous.run.latest) return
  const lesson = lessonId === null ? undefined : findLesson(lessonId)
  const runId = state.run.runId
  if (!lesson || runId === null || keptTraining === runId || budgetStop?.runId === runId) return
  const budget = reachedLessonBudget(lesson, state.run, state.design)
  if (budget === null) return
  useLessonSession.setState({ budgetStop: { runId, budget } })
  pauseRun()
})

/** The budget stop of the page's run, if the page paused it at the lesson's budget. */
export function budgetStopOf(stop: LessonSession['budgetStop'], runId: string | null): BudgetStop | null {
  return stop !== null && stop.runId === runId ? stop : null
}

/** Go on training a run paused at the lesson's budget; it is not paused at the budget again. */
export function keepTraining(): void {
  const { budgetStop } = useLessonSession.getState()
  if (budgetStop === null) return
  useLessonSession.setState({ budgetStop: null, keptTraining: budgetStop.runId })
  resumeRun()
}

/** Open or close the list of lessons. */
export function setLessonPickerOpen(open: boolean): void {
  useLessonSession.setState({ pickerOpen: open })
}

/**
 * Open a lesson: stop the current run, load the lesson's design as a link would, show its card and
 * keep it in the URL. Returns false (and changes nothing) for an unknown id.
 */
export function openLesson(id: string): boolean {
  const lesson = findLesson(id)
  if (!lesson) return false
  openDesign(lesson.design)
  useLessonSession.setState({ lessonId: id, pickerOpen: false })
  setUrlExtra(LESSON_KEY, id)
  return true
}

/** Close the lesson card; the design stays as it is. */
export function closeLesson(): void {
  useLessonSession.setState({ lessonId: null })
  setUrlExtra(LESSON_KEY, null)
}

/**
 * Load a variant from scratch: the run stops, its curves clear and the variant's design is loaded
 * whole; when a run was training, the variant starts training at once, so variants are compared
 * from the same start (their figures then match the lesson's evidence, which trains each from
 * scratch).
 */
export function applyVariant(design: Design): void {
  const wasActive = isRunActive(usePlayground.getState().run.status)
  openDesign(design)
  if (wasActive) startRun()
}

/**
 * Whether a variant can reach the running run live: a run is active and the variant differs from
 * the page's design only in its reward (weights, terms, shaping, bonuses, transforms).
 */
export function canApplyLive(design: Design): boolean {
  const { design: current, run } = usePlayground.getState()
  return isRunActive(run.status) && setupKey(current) === setupKey(design) && !isCurrentDesign(design)
}

/**
 * Apply a variant to the running run, as moving the sliders would: the reward changes from the
 * next rollout and the change is marked on the chart. Does nothing when canApplyLive is false.
 */
export function applyVariantLive(design: Design, label: string): void {
  if (!canApplyLive(design)) return
  const current = usePlayground.getState().design
  if (JSON.stringify(current.reward) !== JSON.stringify(design.reward)) changeReward(design.reward, `lesson variant: ${label}`)
  const after = usePlayground.getState().design
  for (const [name, weight] of Object.entries(design.weights)) if (after.weights[name] !== weight) changeWeight(name, weight)
}

/** Whether the design on the page is this one (a variant's button shows it as pressed). */
export function isCurrentDesign(design: Design): boolean {
  return searchOf(usePlayground.getState().design) === searchOf(design)
}

/** A design's link text, worked out once per design: the card's buttons compare links on every render. */
const searchOf = perDesign(designToSearch)

/**
 * Reopen the lesson the page was opened with (`?lesson=<id>`). The design in the link wins, so a
 * shared link reopens exactly what was shared; a link that names only the lesson opens the lesson's
 * own design. An unknown id is named in the page's notice with the accepted ids, and nothing else
 * happens.
 */
export function restoreLessonFromUrl(search?: string): void {
  const id = initialUrlExtra(LESSON_KEY, search)
  if (id === null) return
  const lesson = findLesson(id)
  if (!lesson) {
    noteLinkProblems([`lesson "${truncate(id)}", which does not exist (accepted: ${LESSON_IDS.join(', ')})`])
    return
  }
  if (initialUrlExtra(LINK.env, search) === null) loadDesign(lesson.design)
  useLessonSession.setState({ lessonId: id })
  setUrlExtra(LESSON_KEY, id)
}

/** Stop whatever runs and load a whole design, as opening a link does. */
function openDesign(design: Design): void {
  resetRun()
  loadDesign(design)
}

/** Everything but the reward: environment, parameters, learner and seed. */
function setupKey(design: Design): string {
  return designToSearch({ ...design, weights: {}, reward: NO_EXTRAS })
}
