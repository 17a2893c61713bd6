import type { CompletionRecord } from './completionRecord'
import { CsvRecords } from './csvRecords'
import { CsvScanner } from './csvScanner'
import { FORMAT_NAMES, noFormatProblem, recordFormat, type RolloutFormat } from './formats'
import { JsonArrayScanner } from './jsonArrayScanner'
import { jsonRecord } from './jsonRecord'
import { LineSplitter } from './lineSplitter'
import { plainRecord } from './plainRecord'
import { RolloutInputError } from './rolloutInputError'
import type { RolloutTableBuilder } from './rolloutTableBuilder'
import { TRL_TEXT_COLUMNS, trlRecord } from './trlRecord'
import { verlRecord } from './verlRecord'

/*
 * One source (a file, or stdin) read chunk by chunk into the table: the text's first character
 * tells its syntax ({ JSON lines, [ a JSON array of records, anything else a CSV table with a
 * header), each record's keys its format (formats.ts) unless the caller names one. Nothing but the
 * record being read is held, so a file of any length is read in the memory of its numbers. No
 * Node API: a Web Worker can feed it the chunks of a File's stream as a TextDecoder gives them.
 */

type Syntax = 'jsonl' | 'array' | 'csv'

interface Scanner {
  push(chunk: string): void
  end(): void
}

const PARSERS: Record<RolloutFormat, (record: Record<string, unknown>, source: string, line: number) => CompletionRecord> = {
  verl: verlRecord,
  trl: trlRecord,
  jsonl: plainRecord,
}

export interface RolloutSourceOptions {
  /** The format the caller names; null: each record's keys tell. */
  format: RolloutFormat | null
  /** The step of a record that has none (a folder's `<step>.jsonl`), or null. */
  fileStep: number | null
}

export class RolloutSourceReader {
  private scanner: Scanner | null = null
  private started = false
  /** White space before the first character, held until it comes (it counts lines). */
  private pending: string[] = []
  private readonly source: number

  constructor(
    private readonly table: RolloutTableBuilder,
    private readonly name: string,
    private readonly options: RolloutSourceOptions,
  ) {
    this.source = table.addSource(name)
  }

  push(chunk: string): void {
    if (this.scanner !== null) {
      this.scanner.push(chunk)
      return
    }
    // One byte-order mark, then the first character that is not white space tells the syntax.
    const text = !this.started && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk
    this.started = true
    const first = text.search(/\S/)
    if (first === -1) {
      this.pending.push(text)
      return
    }
    this.scanner = this.scannerFor(text[first] === '{' ? 'jsonl' : text[first] === '[' ? 'array' : 'csv')
    for (const held of this.pending) this.scanner.push(held)
    this.pending = []
    this.scanner.push(text)
  }

  end(): void {
    this.scanner?.end()
  }

  private scannerFor(syntax: Syntax): Scanner {
    if (syntax === 'jsonl') {
      return new LineSplitter((text, line) => {
        // A blank line is no record (verl's files end with a newline).
        if (/\S/.test(text)) this.record(jsonRecord(text, this.name, line), line)
      }, this.name)
    }
    if (syntax === 'array') return new JsonArrayScanner((text, line) => this.record(jsonRecord(text, this.name, line), line), this.name)
    if (this.options.format !== null && this.options.format !== 'trl') {
      throw new RolloutInputError(this.name, 1, `the text is no JSON; ${FORMAT_NAMES[this.options.format]} is JSON lines, and only a TRL table may be CSV`)
    }
    const rows = new CsvRecords((record, line) => this.record(record, line), TRL_TEXT_COLUMNS, this.name)
    const scanner = new CsvScanner((cells, line) => {
      if (!rows.hasHeader) this.checkHeader(cells, line)
      rows.row(cells, line)
    }, this.name)
    return scanner
  }

  private checkHeader(cells: string[], line: number): void {
    for (const column of TRL_TEXT_COLUMNS) {
      if (!cells.includes(column)) {
        throw new RolloutInputError(this.name, line, `the text is neither JSON lines ({…} a line) nor a JSON array ([{…}, …]), and as a CSV table its header has no "${column}" column; a TRL table's header names prompt, completion and one column per reward function`)
      }
    }
  }

  private record(record: Record<string, unknown>, line: number): void {
    const format = this.options.format ?? recordFormat(record)
    if (format === null) throw new RolloutInputError(this.name, line, noFormatProblem())
    this.table.add(PARSERS[format](record, this.name, line), this.source, line, this.options.fileStep)
  }
}
