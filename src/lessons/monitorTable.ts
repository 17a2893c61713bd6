import { leadText } from '../core/monitors/score'
import type { MonitorEvidence } from './monitorEvidenceSchema'

/*
 * README.md's monitors table, rendered from the measured file (monitorEvidence.json) and kept
 * between two comment markers, so that `monitor check --write` rewrites it and a test can tell
 * when it no longer matches the file.
 */

export const TABLE_START = '<!-- monitors:start -->'
export const TABLE_END = '<!-- monitors:end -->'

/** A seed range in words: "seed 3" or "seeds 1–2". */
function seedsText(firstSeed: number, seeds: number): string {
  return seeds === 1 ? `seed ${firstSeed}` : `seeds ${firstSeed}–${firstSeed + seeds - 1}`
}

/** The table in Markdown: a line saying what was measured, then one row per monitor. */
export function monitorTableMarkdown(file: MonitorEvidence): string {
  const lessons = file.lessons.map((lesson) => lesson.id).join(', ')
  const measured = `Measured ${file.date.slice(0, 10)} over ${file.runs} runs: every variant of ${lessons} on ${seedsText(file.firstSeed, file.seeds)}, ${file.framesPerRun} frames each; the gold turned in ${file.goldTurned}.`
  const header = ['monitor', 'hits', 'late', 'misses', 'false alarms', 'quiet', 'not measurable', 'lead, env steps: median (range)']
  const rows = file.scores.map((score) => [score.label, score.hits, score.late, score.misses, score.falseAlarms, score.quiet, score.unmeasurable, leadText(score.lead)])
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`
  return [measured, '', line(header), `|---|${header.slice(1).map(() => '--:').join('|')}|`, ...rows.map(line)].join('\n')
}

/** Where the markers are in `text`: the block between them, or why there is none. */
function markedBlock(text: string): { start: number; end: number } | { problem: string } {
  const start = text.indexOf(TABLE_START)
  const end = text.indexOf(TABLE_END)
  if (start < 0 || end < 0) return { problem: `it has no ${start < 0 ? TABLE_START : TABLE_END} marker` }
  if (text.indexOf(TABLE_START, start + 1) >= 0 || text.indexOf(TABLE_END, end + 1) >= 0) return { problem: 'it has a marker twice' }
  if (end < start) return { problem: `its ${TABLE_END} marker comes before ${TABLE_START}` }
  return { start: start + TABLE_START.length, end }
}

/** The Markdown between the markers, trimmed, or why there is none. */
export function tableInText(text: string): { table: string } | { problem: string } {
  const block = markedBlock(text)
  return 'problem' in block ? block : { table: text.slice(block.start, block.end).trim() }
}

/** `text` with the block between the markers replaced by `table` (on lines of its own); throws naming what is wrong with the markers. */
export function withTable(text: string, table: string): string {
  const block = markedBlock(text)
  if ('problem' in block) throw new Error(block.problem)
  return `${text.slice(0, block.start)}\n${table}\n${text.slice(block.end)}`
}
