import { beforeEach, describe, expect, it } from 'vitest'
import { findLesson, LESSON_IDS } from '../../lessons/catalogue'
import { defaultDesign } from '../../model/design'
import { EMPTY_RUN } from '../../model/runView'
import { designToSearch } from '../../model/designLink'
import { applyVariant, applyVariantLive, canApplyLive, closeLesson, isCurrentDesign, keepTraining, openLesson, restoreLessonFromUrl, startBudget, useLessonSession } from './lessonSession'
import { loadDesign, usePlayground } from '../run/store'
import { getUrlExtra } from '../link/urlExtras'

beforeEach(() => {
  closeLesson()
  loadDesign(defaultDesign())
  usePlayground.getState().setNotice(null)
})

describe('lesson session', () => {
  it('opens a lesson: its design, its card, its id in the URL; closing keeps the design', () => {
    expect(openLesson('coin-loop')).toBe(true)
    const lesson = findLesson('coin-loop')!
    expect(usePlayground.getState().design).toEqual(lesson.design)
    expect(useLessonSession.getState().lessonId).toBe('coin-loop')
    expect(getUrlExtra('lesson')).toBe('coin-loop')
    closeLesson()
    expect(getUrlExtra('lesson')).toBeNull()
    expect(usePlayground.getState().design).toEqual(lesson.design)
  })

  it('refuses an unknown id and changes nothing', () => {
    expect(openLesson('no-such-lesson')).toBe(false)
    expect(usePlayground.getState().design).toEqual(defaultDesign())
    expect(useLessonSession.getState().lessonId).toBeNull()
  })

  it('loads a variant whole when no run is active, and marks it as the current design', () => {
    const lesson = findLesson('cliff-sarsa-vs-q')!
    openLesson(lesson.id)
    expect(isCurrentDesign(lesson.variants[1].design)).toBe(false)
    applyVariant(lesson.variants[1].design)
    expect(usePlayground.getState().design.learner.kind).toBe('sarsa')
    expect(isCurrentDesign(lesson.variants[1].design)).toBe(true)
  })

  it('starts a variant from scratch while a run trains: curves cleared, its design loaded, a fresh run starting', () => {
    const lesson = findLesson('coin-loop')!
    openLesson(lesson.id)
    usePlayground.setState({ run: { ...EMPTY_RUN, runId: 'run-old', status: 'running', series: [{ envSteps: 100 } as never] } })
    applyVariant(lesson.variants[1].design)
    const { run, design } = usePlayground.getState()
    expect(design).toEqual(lesson.variants[1].design)
    expect(run.status).toBe('starting')
    expect(run.runId).not.toBe('run-old')
    expect(run.series).toEqual([])
    expect(run.marks).toEqual([])
  })

  it('applies a reward-only variant live only on request, and only while a run trains', () => {
    const lesson = findLesson('coin-loop')!
    openLesson(lesson.id)
    const coin = lesson.variants[1]
    // stopped: nothing to apply to
    expect(canApplyLive(coin.design)).toBe(false)
    usePlayground.setState({ run: { ...EMPTY_RUN, runId: 'run-1', status: 'running' } })
    expect(canApplyLive(coin.design)).toBe(true)
    // the variant already on the page is not offered
    expect(canApplyLive(lesson.variants[0].design)).toBe(false)
    applyVariantLive(coin.design, coin.label)
    const { run, design } = usePlayground.getState()
    expect(run.runId).toBe('run-1')
    expect(design.weights.coin).toBe(10)
    expect(isCurrentDesign(coin.design)).toBe(true)
    // a variant with another learner cannot reach the run live
    const cliff = findLesson('cliff-sarsa-vs-q')!
    openLesson(cliff.id)
    usePlayground.setState({ run: { ...EMPTY_RUN, runId: 'run-2', status: 'running' } })
    expect(canApplyLive(cliff.variants[1].design)).toBe(false)
  })

  it('starts a variant’s run with the lesson’s budget, and no other run: another design, or the lesson closed', () => {
    const lesson = findLesson('coin-loop')!
    openLesson(lesson.id)
    expect(startBudget(lesson.variants[1].design)).toBe(lesson.check!.steps)
    expect(startBudget({ ...lesson.variants[1].design, seed: 7 })).toBe(lesson.check!.steps)
    expect(startBudget({ ...lesson.variants[1].design, weights: { ...lesson.variants[1].design.weights, coin: 3 } })).toBeNull()
    closeLesson()
    expect(startBudget(lesson.variants[1].design)).toBeNull()
  })

  it('keeps training a run paused at its budget: the run is marked kept, so its budget is not set again', () => {
    const lesson = findLesson('coin-loop')!
    openLesson(lesson.id)
    usePlayground.setState({ run: { ...EMPTY_RUN, runId: 'run-9', status: 'paused', design: lesson.design, budgetPause: lesson.check!.steps } })
    keepTraining()
    expect(useLessonSession.getState().keptTraining).toBe('run-9')
    // Resumed by the Resume button instead: the worker says it resumed, and the run is kept too.
    usePlayground.setState({ run: { ...EMPTY_RUN, runId: 'run-10', status: 'paused', design: lesson.design, budgetPause: lesson.check!.steps } })
    usePlayground.getState().runEvent({ status: 'running', diagnosis: null, budgetPause: null })
    expect(useLessonSession.getState().keptTraining).toBe('run-10')
  })

  it('restores a lesson link: the lesson alone opens its design, a link with a design keeps it', () => {
    restoreLessonFromUrl('?lesson=free-riding')
    expect(useLessonSession.getState().lessonId).toBe('free-riding')
    expect(usePlayground.getState().design).toEqual(findLesson('free-riding')!.design)

    loadDesign(defaultDesign('cliffwalking'))
    restoreLessonFromUrl(`${designToSearch(defaultDesign('cliffwalking'))}&lesson=coin-loop`)
    expect(useLessonSession.getState().lessonId).toBe('coin-loop')
    expect(usePlayground.getState().design.envId).toBe('cliffwalking')
  })

  it('names an unknown lesson of a link and every accepted id, beside any earlier notice', () => {
    usePlayground.getState().setNotice('The link had settings that were ignored: seed "x".')
    restoreLessonFromUrl('?lesson=<b>bold</b>')
    const notice = usePlayground.getState().notice!
    expect(notice).toContain('seed "x"')
    expect(notice).toContain('lesson "<b>bold</b>", which does not exist')
    expect(notice).toContain(`accepted: ${LESSON_IDS.join(', ')}`)
    expect(useLessonSession.getState().lessonId).toBeNull()
  })
})
