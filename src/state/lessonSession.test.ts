import { beforeEach, describe, expect, it } from 'vitest'
import { findLesson, LESSON_IDS } from '../lessons/catalogue'
import { defaultDesign } from '../model/design'
import { designToSearch } from '../model/designLink'
import { applyVariant, closeLesson, isCurrentDesign, openLesson, restoreLessonFromUrl, useLessonSession } from './lessonSession'
import { loadDesign, usePlayground } from './store'
import { getUrlExtra } from './urlExtras'

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
    applyVariant(lesson.variants[1].design, lesson.variants[1].label)
    expect(usePlayground.getState().design.learner.kind).toBe('sarsa')
    expect(isCurrentDesign(lesson.variants[1].design)).toBe(true)
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
