import { DEFAULT_VIEWS, MAX_SMOOTHING, OVERLAYS, SMOOTHING_STEP, type Overlay, type Views } from './views'
import { truncate } from '../../model/design'

/*
 * The open views in one short URL value, e.g. `v=curve-compare_x-time_smooth-0.5_adv-timeline_ov-values.policy`.
 * Items are `key-value` joined by `_`, overlays joined by `.`: every character is one that a URL
 * keeps as it is (URLSearchParams would write `:` `,` `+` as %3A %2C %2B, and a `+` typed in an
 * address reads back as a space). Links written with `:` `,` `+` are read too. Only settings off
 * their defaults are written.
 */

const CURVE = { live: 'live', compare: 'compare' } as const
const AXIS = { steps: 'envSteps', time: 'wallSeconds' } as const
const CREDIT = { advantages: 'advantages', timeline: 'timeline', team: 'team' } as const
const KEYS = ['curve', 'x', 'smooth', 'adv', 'ov'] as const

/** The `v` value for these views; null when every view is at its default (nothing to write). */
export function viewsToText(views: Views): string | null {
  const items: string[] = []
  if (views.curve !== DEFAULT_VIEWS.curve) items.push(`curve-${views.curve}`)
  if (views.axis !== DEFAULT_VIEWS.axis) items.push(`x-${keyOf(AXIS, views.axis)}`)
  if (views.smoothing !== DEFAULT_VIEWS.smoothing) items.push(`smooth-${views.smoothing}`)
  if (views.credit !== DEFAULT_VIEWS.credit) items.push(`adv-${views.credit}`)
  const shown = OVERLAYS.filter((layer) => views.overlays[layer])
  if (shown.length > 0) items.push(`ov-${shown.join('.')}`)
  return items.length > 0 ? items.join('_') : null
}

/**
 * The views a `v` value asks for. Each unknown key or bad value is skipped and named in `ignored`
 * (what was there and what is accepted); the rest still applies. Never throws.
 */
export function viewsFromText(text: string, ignored: string[]): Views {
  const views: Views = { ...DEFAULT_VIEWS, overlays: { ...DEFAULT_VIEWS.overlays } }
  for (const item of text.split(/[_,]/)) {
    if (item === '') continue
    const cut = item.search(/[-:]/)
    const key = cut < 0 ? item : item.slice(0, cut)
    const value = cut < 0 ? '' : item.slice(cut + 1)
    const bad = (accepted: string) => ignored.push(`view ${truncate(key)} "${truncate(value)}" (accepted: ${accepted})`)
    switch (key) {
      case 'curve':
        if (Object.hasOwn(CURVE, value)) views.curve = CURVE[value as keyof typeof CURVE]
        else bad(Object.keys(CURVE).join(', '))
        break
      case 'x':
        if (Object.hasOwn(AXIS, value)) views.axis = AXIS[value as keyof typeof AXIS]
        else bad(Object.keys(AXIS).join(', '))
        break
      case 'smooth': {
        const smoothing = value.trim() === '' ? NaN : Number(value)
        if (Number.isFinite(smoothing) && smoothing >= 0 && smoothing <= MAX_SMOOTHING) {
          // The slider's own steps, so the slider shows exactly what the link says.
          views.smoothing = Number((Math.round(smoothing / SMOOTHING_STEP) * SMOOTHING_STEP).toFixed(2))
        } else bad(`a number from 0 to ${MAX_SMOOTHING}`)
        break
      }
      case 'adv':
        if (Object.hasOwn(CREDIT, value)) views.credit = CREDIT[value as keyof typeof CREDIT]
        else bad(Object.keys(CREDIT).join(', '))
        break
      case 'ov':
        for (const layer of value.split(/[.+ ]/)) {
          if (layer === '' || layer === 'none') continue
          if ((OVERLAYS as readonly string[]).includes(layer)) views.overlays[layer as Overlay] = true
          else ignored.push(`overlay "${truncate(layer)}" (accepted: ${OVERLAYS.join(', ')})`)
        }
        break
      default:
        ignored.push(`view "${truncate(key)}" (accepted: ${KEYS.join(', ')})`)
    }
  }
  return views
}

function keyOf<T extends Record<string, string>>(table: T, value: string): string {
  return Object.keys(table).find((key) => table[key] === value) ?? value
}

