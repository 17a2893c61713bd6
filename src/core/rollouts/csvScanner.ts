import { MAX_RECORD_CHARS, MAX_RECORD_SIZE } from './limits'
import { RolloutInputError } from './rolloutInputError'

/*
 * CSV (RFC 4180) arriving in chunks, cut into rows of cells, each row handed on with the line it
 * starts on: cells split by commas, rows by "\n" or "\r\n"; a cell in double quotes may hold
 * commas, newlines and "" for a quote. A blank line is no row. A row longer than MAX_RECORD_CHARS
 * is refused before it is held whole.
 */

type State = 'cellStart' | 'plain' | 'quoted' | 'quoteInQuoted'

export class CsvScanner {
  private state: State = 'cellStart'
  private cells: string[] = []
  private pieces: string[] = []
  private held = 0
  private line = 1
  private rowLine = 1

  constructor(
    private readonly onRow: (cells: string[], line: number) => void,
    private readonly source: string,
  ) {}

  push(chunk: string): void {
    // The run of the current cell's characters not yet held, from `run` to the character before i.
    let run = this.state === 'plain' || this.state === 'quoted' ? 0 : -1
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i)
      if (this.state === 'quoted') {
        if (c === 0x22) {
          this.hold(chunk.slice(run, i))
          run = -1
          this.state = 'quoteInQuoted'
        } else if (c === 0x0a) this.line++
        continue
      }
      if (this.state === 'quoteInQuoted' && c === 0x22) {
        // "" inside quotes is one quote; the cell goes on
        this.hold('"')
        this.state = 'quoted'
        run = i + 1
        continue
      }
      if (c === 0x2c || c === 0x0a) {
        if (run >= 0) this.hold(chunk.slice(run, i))
        run = -1
        this.endCell()
        if (c === 0x0a) {
          this.endRow()
          this.line++
          this.rowLine = this.line
        }
        continue
      }
      if (c === 0x0d) {
        // "\r\n" ends a row as "\n" does: a \r outside quotes is dropped
        if (run >= 0) this.hold(chunk.slice(run, i))
        run = -1
        continue
      }
      if (this.state === 'quoteInQuoted') throw new RolloutInputError(this.source, this.line, 'a quoted cell goes on after its closing quote; write "" for a quote inside quotes')
      if (this.state === 'cellStart') {
        if (c === 0x22) {
          this.state = 'quoted'
          run = i + 1
        } else {
          this.state = 'plain'
          run = i
        }
      } else if (run < 0) run = i
    }
    if (run >= 0 && run < chunk.length) this.hold(chunk.slice(run))
  }

  end(): void {
    if (this.state === 'quoted') throw new RolloutInputError(this.source, this.rowLine, 'the text ends inside a quoted cell; its closing quote is missing')
    if (this.state !== 'cellStart' || this.cells.length > 0) {
      this.endCell()
      this.endRow()
    }
  }

  private hold(piece: string): void {
    this.held += piece.length
    if (this.held > MAX_RECORD_CHARS) throw new RolloutInputError(this.source, this.rowLine, `the row is longer than ${MAX_RECORD_SIZE}, the longest a rollout record may be`)
    this.pieces.push(piece)
  }

  private endCell(): void {
    this.cells.push(this.pieces.join(''))
    this.pieces = []
    this.state = 'cellStart'
  }

  private endRow(): void {
    const cells = this.cells
    this.cells = []
    this.held = 0
    // A blank line is one empty cell: no row.
    if (cells.length === 1 && cells[0] === '') return
    this.onRow(cells, this.rowLine)
  }
}
