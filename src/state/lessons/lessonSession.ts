import { create } from 'zustand'
import { findLesson, LESSON_IDS } from '../../lessons/catalogue'
import { NO_EXTRAS, truncate, type Design } from '../../model/design'
import { designToSearch } from '../../model/designLink'
import { perDesign } from '../../model/perDesign'
import { loadDesign, usePlayground } from '../run/store'
import { isRunActive } from '../../model/runView'
import { changeReward, changeWeight, resetRun, resumeRun, setRunBudget, setRunBudgetRule, startRun } from '../run/trainingClient'
import { lessonBudget } from '../../lessons/lessonBudget'
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
  /** The run the student chose to keep training past the budget: it is not paused again. */
  keptTraining: string | null
}

export const useLessonSession = create<LessonSession>()(() => ({ lessonId: null, pickerOpen: false, keptTraining: null }))

/** The open lesson, if any. */
function openedLesson() {
  const { lessonId } = useLessonSession.getState()
  return lessonId === null ? undefined : findLesson(lessonId)
}

/**
 * A lesson's variant keeps to the budget its evidence was measured at, so the card compares like
 * with like: a run started from one of the open lesson's variants is told the budget with its start,
 * and the worker pauses it there itself (before an iteration that would start at or past it).
 */
export function startBudget(design: Design): number | null {
  const lesson = openedLesson()
  return lesson ? lessonBudget(lesson, { design, marks: [] }, design) : null
}
setRunBudgetRule(startBudget)

/**
 * The budget the page's run keeps to now: the lesson's while the run is its variant's, untouched
 * (lessonBudget.ts), unless the student chose to keep training it; none otherwise (a live change, a
 * changed design, the lesson closed). The worker is told whenever it changes.
 */
function keepRunToBudget(): void {
  const { run, design } = usePlayground.getState()
  const lesson = openedLesson()
  if (run.runId === null) return
  const kept = useLessonSession.getState().keptTraining === run.runId
  setRunBudget(lesson && !kept ? lessonBudget(lesson, run, design) : null)
}

usePlayground.subscribe((state, previous) => {
  // Resumed where it paused at its budget, by any means (Keep training, or the Resume button): it trains on past the budget.
  if (previous.run.budgetPause !== null && previous.run.status === 'paused' && state.run.status === 'running' && state.run.runId === previous.run.runId && state.run.runId !== null) {
    useLessonSession.setState({ keptTraining: state.run.runId })
  }
  if (state.run !== previous.run || state.design !== previous.design) keepRunToBudget()
})
useLessonSession.subscribe((state, previous) => {
  if (state.lessonId !== previous.lessonId || state.keptTraining !== previous.keptTraining) keepRunToBudget()
})

/** Go on training a run paused at the lesson's budget; it is not paused at the budget again. */
export function keepTraining(): void {
  const { run } = usePlayground.getState()
  if (run.runId === null || run.budgetPause === null) return
  useLessonSession.setState({ keptTraining: run.runId })
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
