import { RolloutInputError } from './rolloutInputError'

/*
 * A CSV table's rows as records keyed by its header (the first row). A cell is read as JSON would
 * hold it: empty is null (pandas writes a NaN, TRL's None reward, as an empty cell), True/False
 * (either case) a boolean, a decimal number a number, nan and inf (either case, with a sign) a
 * non-finite number (which the table refuses, naming the cell), anything else text. The columns in
 * `textColumns` stay text whatever they hold.
 */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const NON_FINITE = /^[+-]?(?:nan|inf|infinity)$/i
const BOOLEAN = /^(?:true|false)$/i

export class CsvRecords {
  private header: string[] | null = null

  constructor(
    private readonly onRecord: (record: Record<string, unknown>, line: number) => void,
    private readonly textColumns: readonly string[],
    private readonly source: string,
  ) {}

  row(cells: string[], line: number): void {
    if (this.header === null) {
      const seen = new Set<string>()
      for (const name of cells) {
        if (seen.has(name)) throw new RolloutInputError(this.source, line, `the header names the column ${JSON.stringify(name)} twice; each column needs its own name`)
        seen.add(name)
      }
      this.header = cells
      return
    }
    const header = this.header
    if (cells.length !== header.length) throw new RolloutInputError(this.source, line, `the row has ${cells.length} cells but the header names ${header.length} columns; every row needs one cell per column`)
    const record: Record<string, unknown> = {}
    header.forEach((name, j) => Object.defineProperty(record, name, { value: this.textColumns.includes(name) ? cells[j] : cellValue(cells[j]), enumerable: true, writable: true, configurable: true }))
    this.onRecord(record, line)
  }

  /** Whether a header was read: a CSV text with none holds no table. */
  get hasHeader(): boolean {
    return this.header !== null
  }
}

/** A cell's value: null, a boolean, a number (NaN or ±Infinity for nan and inf) or text. */
export function cellValue(cell: string): unknown {
  const text = cell.trim()
  if (text === '') return null
  if (DECIMAL.test(text)) return Number(text)
  if (BOOLEAN.test(text)) return text.toLowerCase() === 'true'
  if (NON_FINITE.test(text)) return /nan/i.test(text) ? NaN : text.startsWith('-') ? -Infinity : Infinity
  return cell
}
