import { MAX_RECORD_CHARS, MAX_RECORD_SIZE } from './limits'
import { RolloutInputError } from './rolloutInputError'

/*
 * A JSON array arriving in chunks ([{…}, {…}, …], a table exported as records), cut into the
 * text of its elements, each handed on with the line it starts on, without ever holding the whole
 * array. Only the array's own brackets, commas and strings are followed here; each element's text
 * is parsed (and its syntax checked) by whoever takes it.
 */

type State = 'open' | 'first' | 'next' | 'element' | 'closed'

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d])

export class JsonArrayScanner {
  private state: State = 'open'
  private depth = 0
  private inString = false
  private escaped = false
  private pieces: string[] = []
  private held = 0
  private line = 1
  private elementLine = 0

  constructor(
    private readonly onElement: (text: string, line: number) => void,
    private readonly source: string,
  ) {}

  push(chunk: string): void {
    let start = this.state === 'element' ? 0 : -1
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i)
      if (this.state === 'element') {
        if (this.inString) {
          if (this.escaped) this.escaped = false
          else if (c === 0x5c) this.escaped = true
          else if (c === 0x22) this.inString = false
        } else if (c === 0x22) this.inString = true
        else if (c === 0x7b || c === 0x5b) this.depth++
        else if ((c === 0x7d || c === 0x5d) && this.depth > 0) this.depth--
        else if (this.depth === 0 && (c === 0x2c || c === 0x5d)) {
          // A comma or the array's own ] at the element's top level ends it.
          this.finish(chunk.slice(start, i))
          start = -1
          this.state = c === 0x2c ? 'next' : 'closed'
        }
        if (c === 0x0a) this.line++
        continue
      }
      if (c === 0x0a) this.line++
      if (SPACE.has(c)) continue
      if (this.state === 'open') {
        if (c !== 0x5b) throw this.problem('a JSON table is an array of records, [{…}, {…}, …]')
        this.state = 'first'
      } else if (this.state === 'closed') {
        throw this.problem("more text after the array's closing ]")
      } else if (c === 0x5d && this.state === 'first') {
        this.state = 'closed'
      } else if (c === 0x5d || c === 0x2c) {
        throw this.problem("a record is missing between ',' and what follows it")
      } else {
        this.state = 'element'
        this.elementLine = this.line
        this.depth = 0
        start = i
        // This character is the element's first: read it as one.
        i--
      }
    }
    if (this.state === 'element' && start >= 0 && start < chunk.length) this.hold(chunk.slice(start))
  }

  end(): void {
    if (this.state !== 'closed') throw this.problem(this.state === 'open' ? 'the text holds no JSON array' : `the text ends inside the JSON array${this.state === 'element' ? ` (in the record that starts on line ${this.elementLine})` : ''}; its closing ] is missing`)
  }

  private hold(piece: string): void {
    this.held += piece.length
    if (this.held > MAX_RECORD_CHARS) throw new RolloutInputError(this.source, this.elementLine, `the record is longer than ${MAX_RECORD_SIZE}, the longest a rollout record may be`)
    this.pieces.push(piece)
  }

  private finish(last: string): void {
    this.hold(last)
    const text = this.pieces.join('')
    this.pieces = []
    this.held = 0
    this.onElement(text, this.elementLine)
  }

  private problem(what: string): RolloutInputError {
    return new RolloutInputError(this.source, this.line, what)
  }
}
