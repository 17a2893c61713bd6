import type { MachineFacts } from './machine'
import type { FigureTable } from './results'
import type { SectionOutcome } from './sectionRun'

export interface BenchReport {
  machine: MachineFacts
  quick: boolean
  /** Every section run, in order: measured (`ok`) or why not, its wall seconds, and the 1-minute load average as it began and ended. */
  sections: Record<string, SectionOutcome & { load_average_at_start: number; load_average_at_end: number }>
  figures: Record<string, number | null>
  tables: Record<string, FigureTable>
  notes: Record<string, string>
  runs: Record<string, unknown>
  bench_wall_seconds: number
}

/** The one JSON object `--json` prints: the figures (tables too) at the top level, beside machine, notes and runs. */
export function toJson(report: BenchReport): string {
  const { figures, tables, ...rest } = report
  return JSON.stringify({ machine: rest.machine, quick: rest.quick, sections: rest.sections, ...figures, ...tables, notes: rest.notes, runs: rest.runs, bench_wall_seconds: rest.bench_wall_seconds }, null, 2)
}

/** A table for people: one figure per line (a table's cells as name.key.key), then the machine and the notes. */
export function toTable(report: BenchReport): string {
  const rows: [string, number | null][] = Object.entries(report.figures)
  for (const [name, table] of Object.entries(report.tables)) rows.push(...flattenTable(name, table))
  const width = Math.max(10, ...rows.map(([name]) => name.length))
  const lines = rows.map(([name, value]) => `${name.padEnd(width)}  ${formatValue(value)}`)
  const machine = report.machine
  lines.push(
    '',
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory_gib} GiB, ${machine.os}`,
    `         Node ${machine.node}, ${machine.chromium ?? 'no Chromium found'}, TensorFlow.js ${machine.tfjs ?? '?'}, load average ${machine.load_average_at_start} at start, ${machine.load_average_at_end ?? '?'} at end`,
  )
  for (const [name, note] of Object.entries(report.notes)) lines.push(`note ${name}: ${note}`)
  for (const [section, outcome] of Object.entries(report.sections)) {
    const load = `load ${outcome.load_average_at_start} → ${outcome.load_average_at_end}`
    lines.push(outcome.ok ? `section ${section}: ${outcome.seconds} s, ${load}` : `FAILED ${section} (after ${outcome.seconds} s, ${load}): ${outcome.error}`)
  }
  lines.push(`bench took ${report.bench_wall_seconds.toFixed(1)} s${report.quick ? ' (--quick)' : ''}`)
  return `${lines.join('\n')}\n`
}

/** A table's cells as [name.key.key…, value], in the table's own order. */
export function flattenTable(name: string, table: FigureTable): [string, number | null][] {
  return Object.entries(table).flatMap(([key, value]): [string, number | null][] =>
    value !== null && typeof value === 'object' ? flattenTable(`${name}.${key}`, value) : [[`${name}.${key}`, value]],
  )
}

function formatValue(value: number | null): string {
  if (value === null) return 'null (see notes)'
  if (Math.abs(value) >= 1e5) return value.toLocaleString('en-US', { maximumFractionDigits: 0 })
  return String(value)
}
