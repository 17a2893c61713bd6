import { rangePoints } from './axisRange'
import { MAX_SWEEP_RUNS, RANGE_DIGITS } from './limits'

/*
 * An axis as text, `NAME=v1,v2,…` or `NAME=lo:hi:N[:log]`: what --axis takes and what a definition
 * file's "axes" hold. This reads the form only; whether NAME and its values fit the config is the
 * link codec's to say (axisFit.ts).
 */

/** One value of an axis: a number where the text is one, else the text (p.map=cliff, l.annealLr=false). */
export type AxisValue = number | string

/** An axis with its values expanded, in the order written (a range: from lo to hi). */
export interface Axis {
  name: string
  values: AxisValue[]
}

export type ParsedAxis = { ok: true; axis: Axis } | { ok: false; problem: string }

/** The forms an axis is written in, for messages. */
export const AXIS_FORMS = 'NAME=v1,v2,… (a list) or NAME=lo:hi:N[:log] (N points from lo to hi, both included, linear or log-spaced)'

/** A number as a person writes one: 3, -0.5, .5, 2e-3 (not hex, not Infinity, not blank). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i

/** Whether the text is a finite number as a person writes one (1e999 is not: it overflows). */
function isNumberText(text: string): boolean {
  return DECIMAL.test(text) && Number.isFinite(Number(text))
}

/** Read one axis; a problem names the axis, what is wrong and what is accepted. */
export function parseAxis(text: string): ParsedAxis {
  const equals = text.indexOf('=')
  const name = equals < 0 ? '' : text.slice(0, equals).trim()
  if (name === '') return fail(`expected ${AXIS_FORMS}, got "${text}"`)
  const spec = text.slice(equals + 1).trim()
  if (spec === '') return fail(`${name} has no values; expected ${AXIS_FORMS}`)
  const values = spec.includes(':') ? rangeValues(name, spec) : listValues(name, spec)
  if (typeof values === 'string') return fail(values)
  return { ok: true, axis: { name, values } }
}

/** The axis as text again, its values listed: one form for every way of writing the same points. */
export function axisText(axis: Axis): string {
  return `${axis.name}=${axis.values.map(String).join(',')}`
}

/** The text a value goes to the link codec as: a number in JavaScript's shortest exact form. */
export function valueText(value: AxisValue): string {
  return String(value)
}

function listValues(name: string, spec: string): AxisValue[] | string {
  const items = spec.split(',').map((item) => item.trim())
  if (items.length > MAX_SWEEP_RUNS) return `${name} lists ${items.length} values; at most ${MAX_SWEEP_RUNS}`
  if (items.includes('')) return `${name} has an empty value in "${spec}"; expected ${AXIS_FORMS}`
  const values = items.map((item): AxisValue => (isNumberText(item) ? Number(item) : item))
  const seen = new Set<AxisValue>()
  for (const value of values) {
    if (seen.has(value)) return `${name} lists ${typeof value === 'number' ? value : `"${value}"`} twice; give each value once`
    seen.add(value)
  }
  return values
}

function rangeValues(name: string, spec: string): number[] | string {
  const parts = spec.split(':').map((part) => part.trim())
  if (parts.length < 3 || parts.length > 4) return `${name}: a range is lo:hi:N or lo:hi:N:log, got "${spec}"`
  const [loText, hiText, countText, scale] = parts
  if (!isNumberText(loText)) return `${name}: the range's lo must be a number, got "${loText}"`
  if (!isNumberText(hiText)) return `${name}: the range's hi must be a number, got "${hiText}"`
  const count = /^\d+$/.test(countText) ? Number(countText) : NaN
  if (!(count >= 2 && count <= MAX_SWEEP_RUNS)) return `${name}: the range's N (how many points) must be a whole number from 2 to ${MAX_SWEEP_RUNS}, got "${countText}"`
  if (scale !== undefined && scale !== 'log') return `${name}: a range's fourth part can only be log (log-spaced points), got "${scale}"`
  const lo = Number(loText)
  const hi = Number(hiText)
  if (!(lo < hi)) return `${name}: the range's lo must be below its hi, got ${loText}:${hiText}`
  const log = scale === 'log'
  if (log && lo <= 0) return `${name}: log spacing needs lo and hi above 0, got ${loText}:${hiText}`
  const values = rangePoints(lo, hi, count, log)
  if (new Set(values).size < values.length) return `${name}: ${count} points from ${loText} to ${hiText} are not all different at ${RANGE_DIGITS} significant digits; give fewer points or a wider range`
  return values
}

function fail(problem: string): ParsedAxis {
  return { ok: false, problem }
}
