import { checkRunConfig, RUN_CONFIG_SHAPE } from '../../core/run/checkRunConfig'
import type { RunConfig } from '../../core/run/config'
import { designOfRunConfig, MAX_SEED, type Design } from '../design'
import { axisNameProblem, designWith } from './axisFit'
import { parseAxis, type Axis, type AxisValue } from './axisText'
import { MAX_SWEEP_AXES, MAX_SWEEP_RUNS, MAX_SWEEP_STEPS } from './limits'

/*
 * A sweep definition: one JSON object {config, axes, seeds, steps} that the command line reads
 * (sweep --sweep FILE, or built from its flags) and the browser's sweep panel will import. Checked
 * field by field so that one answer names every problem, as checkRunConfig does for a run config.
 */

/** What a definition file holds, for messages. */
export const SWEEP_SHAPE = `{"config": a run config ${RUN_CONFIG_SHAPE}, "axes": ["NAME=v1,v2,…" or "NAME=lo:hi:N[:log]", at most ${MAX_SWEEP_AXES}], "seeds": K, "steps": N}`

const KEYS = ['config', 'axes', 'seeds', 'steps']

/** One point of the sweep: its index (the first axis outermost), each axis's value, and the design the link makes of them. */
export interface SweepPoint {
  index: number
  axes: Record<string, AxisValue>
  design: Design
}

/** A checked sweep: every point trains on seeds config.seed … config.seed + seeds − 1 for `steps` environment steps. */
export interface Sweep {
  config: RunConfig
  axes: Axis[]
  /** The axes as they were written (a range stays a range), for the definition file. */
  axisTexts: string[]
  seeds: number
  steps: number
  points: SweepPoint[]
}

export type CheckedSweep = { ok: true; sweep: Sweep } | { ok: false; problems: string[] }

/** What a problem is said to be about: the file's fields by default, the flags on the command line. */
export interface SweepLabels {
  config: string
  /** A problem of the run config, from checkRunConfig ("env.id: …"). */
  configProblem: (problem: string) => string
  axes: string
  axis: (index: number, text: string) => string
  seeds: string
  steps: string
}

export const FILE_LABELS: SweepLabels = {
  config: 'config',
  configProblem: (problem) => `config.${problem}`,
  axes: 'axes',
  axis: (index, text) => `axes[${index}] "${text}"`,
  seeds: 'seeds',
  steps: 'steps',
}

/** Check a parsed JSON value as a sweep definition; every problem at once, each naming its field and what is accepted. */
export function checkSweepDefinition(raw: unknown, labels: SweepLabels = FILE_LABELS): CheckedSweep {
  if (!isRecord(raw)) return { ok: false, problems: [`expected a sweep definition ${SWEEP_SHAPE}`] }
  const problems = Object.keys(raw)
    .filter((key) => !KEYS.includes(key))
    .map((key) => `${key}: unknown key in a sweep definition; accepted: ${KEYS.join(', ')}`)
  const config = checkConfig(raw.config, labels, problems)
  const axisTexts = checkAxisList(raw.axes, labels, problems)
  const axes = axisTexts?.map((text, index) => {
    const parsed = parseAxis(text)
    if (!parsed.ok) problems.push(`${labels.axis(index, text)}: ${parsed.problem}`)
    return parsed.ok ? parsed.axis : null
  })
  const seeds = wholeNumber(raw.seeds, labels.seeds, 1, MAX_SWEEP_RUNS, problems)
  const steps = wholeNumber(raw.steps, labels.steps, 1, MAX_SWEEP_STEPS, problems)
  if (config !== null && seeds !== null && config.seed + seeds - 1 > MAX_SEED) {
    problems.push(`${labels.seeds}: seeds ${config.seed} to ${config.seed + seeds - 1} go past the largest seed, ${MAX_SEED}; give fewer seeds or a smaller config seed`)
  }
  const parsedAxes = axes?.every((axis) => axis !== null) ? (axes as Axis[]) : null
  const pointCount = parsedAxes === null ? 0 : parsedAxes.reduce((product, axis) => product * axis.values.length, 1)
  const tooMany = pointCount > MAX_SWEEP_RUNS || (seeds !== null && pointCount * seeds > MAX_SWEEP_RUNS)
  if (parsedAxes !== null && seeds !== null && tooMany) problems.push(`the sweep has ${pointCount} points × ${seeds} seeds = ${pointCount * seeds} runs; at most ${MAX_SWEEP_RUNS}`)
  // The points are checked even when the seeds or steps are wrong, so that one answer names every
  // problem; not past the most runs, where checking every point would cost more than the answer.
  if (config === null || parsedAxes === null || axisTexts === null || tooMany) return { ok: false, problems }
  const pointProblems: string[] = []
  const points = sweepPoints(config, parsedAxes, axisTexts, labels, pointProblems)
  problems.push(...pointProblems)
  if (points === null || seeds === null || steps === null || problems.length > 0) return { ok: false, problems }
  return { ok: true, sweep: { config, axes: parsedAxes, axisTexts, seeds, steps, points } }
}

/** The design every point of a sweep starts from: its config as a link holds it (each point sets its axes' keys on it). */
export function baseDesignOf(sweep: Pick<Sweep, 'config'>): Design {
  return designWith(designOfRunConfig(sweep.config).design, []).design
}

/** The run config, checked as `train --config` checks one; null (its problems named) when it does not pass. */
function checkConfig(raw: unknown, labels: SweepLabels, problems: string[]): RunConfig | null {
  if (!isRecord(raw)) {
    problems.push(`${labels.config}: ${raw === undefined ? 'missing' : 'not a JSON object'}; expected a run config ${RUN_CONFIG_SHAPE}`)
    return null
  }
  const checked = checkRunConfig(raw)
  if (!checked.ok) problems.push(...checked.problems.map(labels.configProblem))
  return checked.ok ? checked.config : null
}

function checkAxisList(raw: unknown, labels: SweepLabels, problems: string[]): string[] | null {
  const accepted = `1 or ${MAX_SWEEP_AXES} axes, each "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]"`
  if (!Array.isArray(raw)) {
    problems.push(`${labels.axes}: ${raw === undefined ? 'missing' : 'not a list'}; expected ${accepted}`)
    return null
  }
  if (raw.length === 0 || raw.length > MAX_SWEEP_AXES) {
    problems.push(`${labels.axes}: ${raw.length} axes; a sweep has ${accepted}`)
    return null
  }
  const texts = raw.map((entry, index) => {
    if (typeof entry !== 'string') problems.push(`${labels.axis(index, JSON.stringify(entry) ?? String(entry))}: not text; expected "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]"`)
    return typeof entry === 'string' ? entry.trim() : null
  })
  return texts.every((text) => text !== null) ? (texts as string[]) : null
}

/**
 * Every point, each value checked by the link codec on its own (so that a bad value is named as
 * itself), then, with two axes, every pair together (a rule across fields, such as copies × steps
 * per rollout, holds of the pair only). Null when anything is refused; the problems are named.
 */
function sweepPoints(config: RunConfig, axes: Axis[], texts: string[], labels: SweepLabels, problems: string[]): SweepPoint[] | null {
  const base = designOfRunConfig(config).design
  const held = designWith(base, [])
  // The same sweep reaches the browser as a link's design; a config the link cannot hold would train otherwise there.
  problems.push(...held.refused.map((refused) => `${labels.config}: must be a design a link can hold, as the browser's sweep will read it; the link drops ${refused}`))
  if (problems.length > 0) return null
  const designsByAxis = axes.map((axis, index) => {
    const label = labels.axis(index, texts[index])
    if (axes.findIndex((other) => other.name === axis.name) !== index) {
      problems.push(`${label}: ${axis.name} is already an axis; give each axis once`)
      return []
    }
    const nameProblem = axisNameProblem(axis.name, held.design)
    if (nameProblem !== null) {
      problems.push(`${label}: ${nameProblem}`)
      return []
    }
    // An unknown name is refused alike for every value: once is enough.
    const refusals = new Set<string>()
    const designs = axis.values.map((value) => {
      const { design, refused } = designWith(held.design, [[axis.name, value]])
      for (const reason of refused) refusals.add(`${label}: ${reason}`)
      return design
    })
    problems.push(...refusals)
    return designs
  })
  if (problems.length > 0) return null
  if (axes.length === 1) return designsByAxis[0].map((design, index) => ({ index, axes: Object.fromEntries([[axes[0].name, axes[0].values[index]]]), design }))
  const [outer, inner] = axes
  const points: SweepPoint[] = []
  for (const outerValue of outer.values) {
    for (const innerValue of inner.values) {
      const pair: [string, AxisValue][] = [[outer.name, outerValue], [inner.name, innerValue]]
      const { design, refused } = designWith(held.design, pair)
      problems.push(...refused.map((reason) => `point ${outer.name}=${outerValue}, ${inner.name}=${innerValue}: ${reason}`))
      points.push({ index: points.length, axes: Object.fromEntries(pair), design })
    }
  }
  return problems.length > 0 ? null : points
}

function wholeNumber(raw: unknown, label: string, min: number, max: number, problems: string[]): number | null {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max) return raw
  const got = raw === undefined ? 'nothing' : typeof raw === 'string' ? `"${raw}"` : (JSON.stringify(raw) ?? String(raw))
  problems.push(`${label}: must be a whole number from ${min} to ${max}, got ${got}`)
  return null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
