import { describe, expect, it } from 'vitest'
import { viewsFromText, viewsToText } from './viewCodec'
import { DEFAULT_VIEWS, type Views } from './views'

describe('views ↔ the v= value', () => {
  it('writes nothing for the default views', () => {
    expect(viewsToText(DEFAULT_VIEWS)).toBeNull()
  })

  it('round-trips every setting, in characters an address keeps as they are', () => {
    const views: Views = { curve: 'compare', axis: 'wallSeconds', smoothing: 0.6, credit: 'timeline', overlays: { values: true, policy: true, visits: false, potential: false, episode: true } }
    const text = viewsToText(views)!
    expect(text).toBe('curve-compare_x-time_smooth-0.6_adv-timeline_ov-values.policy.episode')
    expect(new URLSearchParams({ v: text }).toString()).toBe(`v=${text}`)
    const ignored: string[] = []
    expect(viewsFromText(text, ignored)).toEqual(views)
    expect(ignored).toEqual([])
  })

  it('reads the colon-and-comma form too, with + (or the space it becomes) between overlays', () => {
    const ignored: string[] = []
    const views = viewsFromText('curve:compare,adv:team,ov:values policy', ignored)
    expect(views.curve).toBe('compare')
    expect(views.credit).toBe('team')
    expect(views.overlays).toEqual({ ...DEFAULT_VIEWS.overlays, values: true, policy: true })
    expect(ignored).toEqual([])
  })

  it('snaps smoothing to the slider’s steps', () => {
    expect(viewsFromText('smooth-0.33', []).smoothing).toBe(0.35)
    expect(viewsFromText('smooth-0.95', []).smoothing).toBe(0.95)
  })

  it('skips and names each bad part, keeping the good ones', () => {
    const ignored: string[] = []
    const views = viewsFromText('curve-sideways_x-time_smooth-2_smooth-_adv-<b>_ov-values.lasers_zoom-3_ov', ignored)
    expect(views).toEqual({ ...DEFAULT_VIEWS, axis: 'wallSeconds', overlays: { ...DEFAULT_VIEWS.overlays, values: true } })
    expect(ignored).toEqual([
      'view curve "sideways" (accepted: live, compare)',
      'view smooth "2" (accepted: a number from 0 to 0.95)',
      'view smooth "" (accepted: a number from 0 to 0.95)',
      'view adv "<b>" (accepted: advantages, timeline, team)',
      'overlay "lasers" (accepted: values, policy, visits, potential, episode)',
      'view "zoom" (accepted: curve, x, smooth, adv, ov)',
    ])
  })

  it('does not let a key named like an object property through', () => {
    const ignored: string[] = []
    expect(viewsFromText('curve-constructor_x-toString_adv-hasOwnProperty', ignored)).toEqual(DEFAULT_VIEWS)
    expect(ignored).toHaveLength(3)
  })
})
