import { ownValue } from '../../core/reservedNames'
import { csvField } from '../metricsExport'
import type { Sweep } from './definition'
import { recordLine, type RunRecord } from './runRecord'
import { figureNames, type SweepSummary } from './summary'

/*
 * A sweep as files: its runs as JSON lines (the lines the command line's sweep writes, so
 * `sweep summarize` reads them), and its summary as `sweep summarize --json` prints it or as CSV,
 * one row per point.
 */

/** The runs in run order, one JSON line each (a run found twice, once). */
export function recordsJsonLines(records: readonly RunRecord[]): string {
  const byRun = new Map<number, RunRecord>()
  for (const record of records) if (!byRun.has(record.run)) byRun.set(record.run, record)
  return [...byRun.values()]
    .sort((a, b) => a.run - b.run)
    .map(recordLine)
    .join('')
}

/**
 * The summary as rows: the header (point, each axis, runs, each figure's mean and std, whether the
 * point is on the front), then one row per point; a figure no run has is an empty cell.
 */
export function summaryRows(sweep: Sweep, summary: SweepSummary): string[][] {
  const axes = sweep.axes.map((axis) => axis.name)
  const figures = figureNames(sweep)
  const front = new Set(summary.pareto)
  const header = ['point', ...axes, 'runs', ...figures.flatMap((name) => [`${name} mean`, `${name} std`]), 'pareto front']
  const rows = summary.points.map((point, index) => [
    String(index),
    ...axes.map((name) => String(ownValue(point.axes, name) ?? '')),
    String(point.runs),
    ...figures.flatMap((name) => {
      const figure = ownValue(point.figures, name)
      return [cell(figure?.mean ?? null), cell(figure?.std ?? null)]
    }),
    front.has(index) ? 'yes' : 'no',
  ])
  return [header, ...rows]
}

/** The summary as `sweep summarize --json` prints it: one JSON line (the page's export is the same bytes). */
export function summaryJson(summary: SweepSummary): string {
  return `${JSON.stringify(summary)}\n`
}

/** The summary as CSV (RFC 4180: CRLF line ends, fields quoted where they need it). */
export function summaryCsv(sweep: Sweep, summary: SweepSummary): string {
  return summaryRows(sweep, summary)
    .map((row) => `${row.map(csvField).join(',')}\r\n`)
    .join('')
}

function cell(value: number | null): string {
  return value === null ? '' : String(value)
}
