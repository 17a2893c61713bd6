import type { RunConfig } from '../core/run/config'
import { finalFigures } from './compare'
import type { CurvePoint } from './series'

/*
 * A run's metrics as files: CSV (one row per curve point) and JSON (the setup, the curve, the
 * design-change marks and the final figures). Pure functions over plain data, so that a live run
 * and a saved one export alike.
 */

/** The version of the JSON export; it changes when a field changes meaning. */
export const METRICS_FORMAT_VERSION = 1

/** A design change on the curve, as the export keeps it. */
export interface MetricsMark {
  envSteps: number
  /** The weights that changed, by component. */
  changes: Record<string, number>
  /** Other changes made there, in words. */
  note?: string
}

/** What an export is made from. */
export interface RunMetrics {
  /** The setup the run started with, in the schema `train --config` reads. */
  config: RunConfig
  series: readonly CurvePoint[]
  marks: readonly MetricsMark[]
  /** The run's components in chart order; names that only some points carry follow them. */
  componentNames?: readonly string[]
  /** The latest mean episode length (NaN or absent when unknown). */
  meanLength?: number
}

/**
 * The component columns: `known` first, then any other name the points carry (a term removed
 * mid-run), in order of first appearance.
 */
export function componentColumns(series: readonly CurvePoint[], known: readonly string[] = []): string[] {
  const names = [...known]
  for (const point of series) for (const name of Object.keys(point.contributions)) if (!names.includes(name)) names.push(name)
  return names
}

/**
 * The curve as CSV (RFC 4180: CRLF line ends, fields with commas, quotes or line breaks quoted):
 * env_steps, wall_seconds, shaped_return, objective, then `component:<name>` per component. Numbers
 * keep full precision (the shortest text that reads back as the same double); a non-finite value,
 * or a component a point does not have, is an empty cell.
 */
export function metricsCsv(series: readonly CurvePoint[], componentNames: readonly string[] = []): string {
  const names = componentColumns(series, componentNames)
  const header = ['env_steps', 'wall_seconds', 'shaped_return', 'objective', ...names.map((name) => `component:${name}`)]
  const rows = series.map((point) => [point.envSteps, point.wallSeconds, point.shapedReturn, point.objective, ...names.map((name) => point.contributions[name])].map(numberCell))
  return [header.map(csvField), ...rows].map((row) => `${row.join(',')}\r\n`).join('')
}

/**
 * The run as JSON (2-space indented): format and version, the setup, the component names, the
 * curve, the design-change marks and the final figures (the mean of the last 5 points). Non-finite
 * numbers are written as null (JSON has no NaN).
 */
export function metricsJson(run: RunMetrics): string {
  const components = componentColumns(run.series, run.componentNames)
  const last = run.series[run.series.length - 1]
  const final = last ? { envSteps: last.envSteps, wallSeconds: last.wallSeconds, ...finalFigures(run.series, run.meanLength ?? NaN) } : null
  return JSON.stringify(
    {
      format: 'reward-playground-metrics',
      version: METRICS_FORMAT_VERSION,
      config: run.config,
      components,
      series: run.series.map(({ envSteps, wallSeconds, shapedReturn, objective, contributions }) => ({ envSteps, wallSeconds, shapedReturn, objective, contributions })),
      marks: run.marks.map(({ envSteps, changes, note }) => ({ envSteps, changes, ...(note === undefined ? {} : { note }) })),
      final,
    },
    (_, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value),
    2,
  )
}

/** A file name for a run's export: run-cartpole-seed1.csv. */
export function metricsFileName(envId: string, seed: number, extension: 'csv' | 'json'): string {
  return `run-${envId}-seed${seed}.${extension}`
}

function numberCell(value: number | undefined): string {
  return value !== undefined && Number.isFinite(value) ? String(value) : ''
}

/** One CSV field: quoted, with quotes doubled, when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
