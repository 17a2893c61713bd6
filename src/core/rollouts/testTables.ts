import type { RolloutFormat } from './formats'
import { RolloutSourceReader } from './rolloutSourceReader'
import type { RolloutTable } from './rolloutTable'
import { RolloutTableBuilder } from './rolloutTableBuilder'

/* The tests' way to read texts into a table (not a test file itself). */

export interface TestSource {
  name?: string
  text: string
  fileStep?: number | null
}

/** The table of `sources`, each fed in chunks of `chunk` characters (all at once by default). */
export function tableOf(sources: string | TestSource[], format: RolloutFormat | null = null, chunk = Infinity): RolloutTable {
  const builder = new RolloutTableBuilder()
  const list = typeof sources === 'string' ? [{ text: sources }] : sources
  for (const source of list) {
    const reader = new RolloutSourceReader(builder, source.name ?? '', { format, fileStep: source.fileStep ?? null })
    const size = Math.min(chunk, Math.max(1, source.text.length))
    for (let at = 0; at < source.text.length; at += size) reader.push(source.text.slice(at, at + size))
    reader.end()
  }
  return builder.finish()
}

/** JSON lines of `records`. */
export function jsonl(records: object[]): string {
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`
}
