/*
 * How each pinned run's line is drawn in Compare: a colour of the Okabe–Ito palette (told apart by
 * people with any common colour-vision deficiency; its black left out, since the chart is dark)
 * combined with a dash pattern, so two pins differ in colour, and from the eighth on in dash too.
 */

/** Okabe & Ito (2008), "Color Universal Design": orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple. */
export const PIN_COLOURS = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7'] as const
/** Solid, dashed, dotted, dash-dot: SVG stroke-dasharray values ('' is solid). */
export const PIN_DASHES = ['', '6 3', '2 2', '8 3 2 3'] as const

/** How many pins can be drawn each in a style of its own. */
export const PIN_STYLE_COUNT = PIN_COLOURS.length * PIN_DASHES.length

export interface PinStyle {
  colour: string
  /** SVG stroke-dasharray; undefined: solid. */
  dash: string | undefined
}

/** The style numbered `slot`: colours go round first, then the dash changes. */
export function pinStyle(slot: number): PinStyle {
  const k = ((slot % PIN_STYLE_COUNT) + PIN_STYLE_COUNT) % PIN_STYLE_COUNT
  const dash = PIN_DASHES[Math.floor(k / PIN_COLOURS.length)]
  return { colour: PIN_COLOURS[k % PIN_COLOURS.length], dash: dash === '' ? undefined : dash }
}

/**
 * Each pin's style slot: a pin keeps the slot it has (so adding, removing or renaming another pin
 * never recolours it), and a pin without one, or whose slot an earlier pin holds, takes the lowest
 * slot no other pin holds. Distinct for up to PIN_STYLE_COUNT pins; beyond, slots repeat in order.
 */
export function assignPinStyles(slots: readonly (number | undefined)[]): number[] {
  const held = new Set<number>()
  const kept = slots.map((slot) => {
    if (slot === undefined || !Number.isInteger(slot) || slot < 0 || slot >= PIN_STYLE_COUNT || held.has(slot)) return undefined
    held.add(slot)
    return slot
  })
  let next = 0
  return kept.map((slot, k) => {
    if (slot !== undefined) return slot
    if (held.size >= PIN_STYLE_COUNT) return k % PIN_STYLE_COUNT
    while (held.has(next)) next++
    held.add(next)
    return next
  })
}
