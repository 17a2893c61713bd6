import { describe, expect, it } from 'vitest'
import { classroomFromText, classroomToText, controlVisible, CONTROLS, loadClassroom, sliderControl, useClassroom } from './classroom'
import { getUrlExtra } from './urlExtras'

const CARTPOLE = ['alive', 'upright', 'centred', 'calm', 'effort', 'failure']

describe('classroom mode in a link', () => {
  it('round-trips the visible controls and the presenter layout', () => {
    const chosen = ['curveTabs', 'run', 'env', sliderControl('failure'), sliderControl('alive')]
    const text = classroomToText(chosen)
    expect(text).toBe('env.run.curveTabs.w-alive.w-failure')
    expect(new URLSearchParams({ c: text }).toString()).toBe(`c=${text}`)
    const ignored: string[] = []
    const classroom = classroomFromText(text, '1', CARTPOLE, ignored)
    expect(ignored).toEqual([])
    expect(classroom.presenter).toBe(true)
    expect([...classroom.visible!].sort()).toEqual([...chosen].sort())
  })

  it('writes every control in its list order, and single sliders only when not all of them stay', () => {
    expect(classroomToText(CONTROLS.map((control) => control.id))).toBe(CONTROLS.map((control) => control.id).join('.'))
    expect(classroomToText(['weights', sliderControl('alive')])).toBe('weights')
  })

  it('is off without c=, and an empty c= hides every control', () => {
    expect(classroomFromText(null, null, CARTPOLE, [])).toEqual({ visible: null, presenter: false })
    const empty = classroomFromText('', null, CARTPOLE, [])
    expect(empty.visible?.size).toBe(0)
    for (const control of CONTROLS) expect(controlVisible(empty.visible, control.id)).toBe(false)
  })

  it('shows a slider when all sliders or that one stays, and the slider group when any does', () => {
    const one = new Set([sliderControl('alive')])
    expect(controlVisible(one, sliderControl('alive'))).toBe(true)
    expect(controlVisible(one, sliderControl('failure'))).toBe(false)
    expect(controlVisible(one, 'weights')).toBe(true)
    const all = new Set(['weights'])
    expect(controlVisible(all, sliderControl('failure'))).toBe(true)
    expect(controlVisible(new Set(['run']), 'weights')).toBe(false)
    expect(controlVisible(null, 'params')).toBe(true)
  })

  it('skips and names unknown controls, sliders of components the design lacks, and a bad present', () => {
    const ignored: string[] = []
    const classroom = classroomFromText('run.<img src=x>.w-coin.w-alive.hasOwnProperty', 'yes', CARTPOLE, ignored)
    expect([...classroom.visible!]).toEqual(['run', 'w-alive'])
    expect(classroom.presenter).toBe(false)
    expect(ignored).toEqual([
      'present "yes" (accepted: 1 or 0)',
      expect.stringMatching(/^classroom control "<img src=x>" \(accepted: env, seed, run, weights, .*, or w-<component>\)$/),
      'classroom slider "w-coin" (accepted: w-alive, w-upright, w-centred, w-calm, w-effort, w-failure)',
      expect.stringMatching(/^classroom control "hasOwnProperty"/),
    ])
  })

  it('names every id of a link whose ids are all unknown, and keeps every control locked', () => {
    const ignored: string[] = []
    const classroom = classroomFromText('nope.bogus', '1', CARTPOLE, ignored)
    expect(classroom.visible?.size).toBe(0)
    expect(ignored).toEqual([expect.stringMatching(/^classroom control "nope"/), expect.stringMatching(/^classroom control "bogus"/)])
    loadClassroom(classroom)
    expect(getUrlExtra('c')).toBe('')
    expect(getUrlExtra('present')).toBe('1')
    for (const control of CONTROLS) expect(controlVisible(useClassroom.getState().visible, control.id)).toBe(false)
    // The teacher's own link (no lock) shows every control.
    loadClassroom({ visible: null, presenter: true })
    expect(getUrlExtra('c')).toBeNull()
    expect(getUrlExtra('present')).toBe('1')
    for (const control of CONTROLS) expect(controlVisible(useClassroom.getState().visible, control.id)).toBe(true)
  })
})
