import { ownValue } from '../../core/reservedNames'
import { resolveEnvironment } from '../../core/envs/registry'
import { formatParamValue } from '../../core/envs/params'
import { runConfigOf, specOf, type Design } from '../design'
import { flatten } from '../learnerCodec'
import { parseAxis } from './axisText'
import { checkSweepDefinition, type CheckedSweep, type Sweep, type SweepLabels } from './definition'
import { runCount } from './runIndex'
import { MAX_PAGE_SWEEP_RUNS, MAX_SWEEP_RUNS } from './limits'

/*
 * The page's sweep panel as data: what its fields hold (text, as typed), and the sweep they make of
 * the design on the page. The fields become the very definition the command line reads
 * ({config, axes, seeds, steps}, the config the design's own), checked by checkSweepDefinition with
 * the panel's names for its fields, so the page accepts exactly what a definition file may hold.
 */

/** One axis as the panel holds it: a link key and its values, as a list or a range. */
export interface AxisForm {
  name: string
  kind: 'list' | 'range'
  /** "v1,v2,…" */
  list: string
  lo: string
  hi: string
  /** How many points the range has, both ends included. */
  count: string
  log: boolean
}

export interface SweepForm {
  /** One axis, or two (the first outermost). */
  axes: AxisForm[]
  seeds: string
  steps: string
}

/** Problems are named after the panel's own fields. */
export const FORM_LABELS: SweepLabels = {
  config: 'the design',
  configProblem: (problem) => `the design: ${problem}`,
  axes: 'axes',
  axis: (index) => `Axis ${index + 1}`,
  seeds: 'Seeds per point',
  steps: 'Budget',
}

/** The axis as a definition file writes it: "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]". */
export function axisFormText(axis: AxisForm): string {
  if (axis.kind === 'list') return `${axis.name}=${axis.list.trim()}`
  return `${axis.name}=${axis.lo.trim()}:${axis.hi.trim()}:${axis.count.trim()}${axis.log ? ':log' : ''}`
}

/**
 * The panel's fields for a checked sweep (a definition file's, a link's): each axis as it was
 * written, a range as lo, hi and N (log when it ends :log), a list as its values; the seeds and the
 * budget. sweepOfForm of these fields on the sweep's own design is the same sweep.
 */
export function formOfSweep(sweep: Pick<Sweep, 'axes' | 'axisTexts' | 'seeds' | 'steps'>): SweepForm {
  const axes = sweep.axisTexts.map((text, index): AxisForm => {
    const name = sweep.axes[index].name
    const spec = text.slice(text.indexOf('=') + 1).trim()
    const blank: AxisForm = { name, kind: 'list', list: spec, lo: '', hi: '', count: '5', log: false }
    if (!spec.includes(':')) return blank
    const [lo, hi, count, scale] = spec.split(':').map((part) => part.trim())
    return { ...blank, kind: 'range', list: sweep.axes[index].values.join(','), lo, hi, count, log: scale === 'log' }
  })
  return { axes, seeds: String(sweep.seeds), steps: String(sweep.steps) }
}

/** Why axes written so are past the page's bound in points alone, or null: then the link's check of every point is not worth its cost. */
export function pagePointsProblem(axisTexts: readonly string[]): string | null {
  const points = axisTexts.map(parseAxis).reduce((product, axis) => product * (axis.ok ? axis.axis.values.length : 1), 1)
  return points > MAX_PAGE_SWEEP_RUNS ? pageBound(points, null) : null
}

/** Why the page will not train `sweep` (past its bound in runs), or null. */
export function pageBoundProblem(sweep: Pick<Sweep, 'points' | 'seeds'>): string | null {
  return runCount(sweep) > MAX_PAGE_SWEEP_RUNS ? pageBound(sweep.points.length, sweep.seeds) : null
}

/** A number field's text as the definition's checks take it: a number where it is one, else the text itself (so the message quotes it), nothing when blank. */
export function fieldValue(text: string): number | string | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed) ? Number(trimmed) : trimmed
}

/** The sweep the panel's fields make of `design` (its seed the first of every point's seeds), or every problem, each naming its field and what is accepted. */
export function sweepOfForm(design: Design, form: SweepForm): CheckedSweep {
  const texts = form.axes.map(axisFormText)
  const tooMany = pagePointsProblem(texts)
  if (tooMany !== null) return { ok: false, problems: [tooMany] }
  const checked = checkSweepDefinition({ config: runConfigOf(design), axes: texts, seeds: fieldValue(form.seeds), steps: fieldValue(form.steps) }, FORM_LABELS)
  if (!checked.ok) return checked
  // The page keeps every run's record and draws every point; past this a sweep belongs on the command line.
  const bound = pageBoundProblem(checked.sweep)
  if (bound !== null) return { ok: false, problems: [bound] }
  return checked
}

function pageBound(points: number, seeds: number | null): string {
  const size = seeds === null ? `${points} points` : `${points} points × ${seeds} seeds = ${points * seeds} runs`
  return `the sweep has ${size}; the page trains at most ${MAX_PAGE_SWEEP_RUNS} runs (the command line's sweep takes ${MAX_SWEEP_RUNS} and shards them)`
}

/** What an axis is now and what it may be: the design's value as the link writes it, and a weight's or number parameter's range, or a choice's values. */
export interface AxisHint {
  now: string
  range: [number, number] | null
  choices: string[] | null
}

/** The hint for axis `name` of `design` (the name one of axisNames(design)). */
export function axisHint(design: Design, name: string): AxisHint {
  const key = name.slice(2)
  if (name.startsWith('w.')) {
    const component = specOf(design).components.find((each) => each.name === key)
    return { now: String(ownValue(design.weights, key) ?? component?.defaultWeight ?? ''), range: component ? [component.range[0], component.range[1]] : null, choices: null }
  }
  if (name.startsWith('p.')) {
    const param = resolveEnvironment(design.envId, design.params).spec.params.find((each) => each.name === key)
    const value = ownValue(design.params, key)
    const now = value === undefined ? '' : formatParamValue(value)
    if (param?.kind === 'number') return { now, range: [param.min, param.max], choices: null }
    if (param?.kind === 'choice') return { now, range: null, choices: [...param.options] }
    if (param?.kind === 'boolean') return { now, range: null, choices: ['false', 'true'] }
    return { now, range: null, choices: null }
  }
  const value = ownValue(flatten(design.learner), key)
  return { now: value === undefined || value === null ? '' : String(value), range: null, choices: typeof value === 'boolean' ? ['false', 'true'] : null }
}

/** A fresh axis on `name`: a weight's or number parameter's whole range in 5 points, a choice's every value, else the value the design has now. */
export function axisFormFor(design: Design, name: string): AxisForm {
  const hint = axisHint(design, name)
  const blank: AxisForm = { name, kind: 'list', list: hint.now, lo: '', hi: '', count: '5', log: false }
  if (hint.range !== null) return { ...blank, kind: 'range', lo: String(hint.range[0]), hi: String(hint.range[1]) }
  if (hint.choices !== null) return { ...blank, list: hint.choices.join(',') }
  return blank
}
