import { MAX_RECORD_CHARS, MAX_RECORD_SIZE } from './limits'
import { RolloutInputError } from './rolloutInputError'

/*
 * Text arriving in chunks cut into lines (a JSONL file), each handed on with its 1-based number;
 * "\r\n" ends a line as "\n" does. A line cut between chunks is held as its pieces until its end
 * comes, and a line longer than MAX_RECORD_CHARS is refused before it is held whole.
 */

export class LineSplitter {
  private pieces: string[] = []
  private held = 0
  private line = 0

  constructor(
    private readonly onLine: (text: string, line: number) => void,
    private readonly source: string,
  ) {}

  push(chunk: string): void {
    let start = 0
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, end)
      this.hold(piece.length)
      const whole = this.pieces.length === 0 ? piece : this.pieces.join('') + piece
      this.pieces = []
      this.held = 0
      this.emit(whole)
      start = end + 1
    }
    if (start < chunk.length) {
      this.hold(chunk.length - start)
      this.pieces.push(chunk.slice(start))
    }
  }

  /** The last line, where the text does not end with a newline. */
  end(): void {
    if (this.pieces.length === 0) return
    const whole = this.pieces.join('')
    this.pieces = []
    this.held = 0
    this.emit(whole)
  }

  private hold(extra: number): void {
    this.held += extra
    if (this.held > MAX_RECORD_CHARS) throw new RolloutInputError(this.source, this.line + 1, `the line is longer than ${MAX_RECORD_SIZE}, the longest a rollout file's line may be`)
  }

  private emit(text: string): void {
    this.line++
    this.onLine(text.endsWith('\r') ? text.slice(0, -1) : text, this.line)
  }
}
