import type { MachineFacts } from './machine'

export interface BenchReport {
  machine: MachineFacts
  quick: boolean
  sections: string[]
  figures: Record<string, number | null>
  notes: Record<string, string>
  runs: Record<string, unknown>
  errors: Record<string, string>
  bench_wall_seconds: number
}

/** The one JSON object `--json` prints: the figures at the top level, beside machine, notes and runs. */
export function toJson(report: BenchReport): string {
  const { figures, ...rest } = report
  return JSON.stringify({ machine: rest.machine, quick: rest.quick, sections: rest.sections, ...figures, notes: rest.notes, runs: rest.runs, errors: rest.errors, bench_wall_seconds: rest.bench_wall_seconds }, null, 2)
}

/** A table for people: one figure per line, then the machine and the notes. */
export function toTable(report: BenchReport): string {
  const names = Object.keys(report.figures)
  const width = Math.max(10, ...names.map((name) => name.length))
  const lines = names.map((name) => `${name.padEnd(width)}  ${formatValue(report.figures[name])}`)
  const machine = report.machine
  lines.push(
    '',
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory_gib} GiB, ${machine.os}`,
    `         Node ${machine.node}, ${machine.chromium ?? 'no Chromium found'}, TensorFlow.js ${machine.tfjs ?? '?'}, load average ${machine.load_average_at_start} at start, ${machine.load_average_at_end ?? '?'} at end`,
  )
  for (const [name, note] of Object.entries(report.notes)) lines.push(`note ${name}: ${note}`)
  for (const [section, error] of Object.entries(report.errors)) lines.push(`ERROR in ${section}: ${error}`)
  lines.push(`bench took ${report.bench_wall_seconds.toFixed(1)} s${report.quick ? ' (--quick)' : ''}`)
  return `${lines.join('\n')}\n`
}

function formatValue(value: number | null): string {
  if (value === null) return 'null (see notes)'
  if (Math.abs(value) >= 1e5) return value.toLocaleString('en-US', { maximumFractionDigits: 0 })
  return String(value)
}
