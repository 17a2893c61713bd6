/*
 * Where a text stops being JSON (RFC 8259), for messages: the line and column and what was
 * expected there, never the text itself. JSON.parse's own messages quote the text, and a file
 * named by mistake (a key file, a password file) must not be shown on a terminal or in a log.
 * Iterative, so that deep nesting cannot overflow the stack.
 */

/** Where and why a text is not JSON. */
export interface JsonSyntaxProblem {
  line: number
  column: number
  problem: string
}

type Want = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end'

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d])
const ESCAPES = new Set('"\\/bfnrt'.split('').map((c) => c.charCodeAt(0)))
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const HEX4 = /[0-9a-fA-F]{4}/y

/** The first place `text` is not JSON, or null when it is JSON. */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | null {
  const fail = (offset: number, problem: string): JsonSyntaxProblem => ({ ...lineAndColumn(text, offset), problem })
  const stack: number[] = []
  let want: Want = 'value'
  let i = 0
  const after = (): Want => (stack.length === 0 ? 'end' : 'commaOrClose')
  for (;;) {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++
    if (i >= text.length) return want === 'end' ? null : fail(i, 'the text ends before the JSON does')
    const c = text[i]
    if (want === 'end') return fail(i, 'more text after the JSON value')
    if (want === 'colon') {
      if (c !== ':') return fail(i, "expected ':' after the key")
      i++
      want = 'value'
      continue
    }
    if (want === 'commaOrClose') {
      const close = stack[stack.length - 1] === 0x5b ? ']' : '}'
      if (c === ',') {
        i++
        want = close === ']' ? 'value' : 'key'
      } else if (c === close) {
        stack.pop()
        i++
        want = after()
      } else return fail(i, `expected ',' or '${close}'`)
      continue
    }
    if (want === 'key' || want === 'keyOrClose') {
      if (want === 'keyOrClose' && c === '}') {
        stack.pop()
        i++
        want = after()
        continue
      }
      if (c !== '"') return fail(i, 'expected a key in double quotes')
      const end = stringEnd(text, i)
      if (typeof end !== 'number') return fail(end.offset, end.problem)
      i = end
      want = 'colon'
      continue
    }
    // A value.
    if (want === 'valueOrClose' && c === ']') {
      stack.pop()
      i++
      want = after()
      continue
    }
    if (c === '{' || c === '[') {
      stack.push(c.charCodeAt(0))
      i++
      want = c === '{' ? 'keyOrClose' : 'valueOrClose'
      continue
    }
    if (c === '"') {
      const end = stringEnd(text, i)
      if (typeof end !== 'number') return fail(end.offset, end.problem)
      i = end
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i
      if (!NUMBER.test(text)) return fail(i, 'a malformed number')
      i = NUMBER.lastIndex
    } else {
      const word = ['true', 'false', 'null'].find((literal) => text.startsWith(literal, i))
      if (word === undefined) return fail(i, 'expected a JSON value')
      i += word.length
    }
    want = after()
  }
}

/** The offset just past the string that starts at `start` (a double quote), or where and why it is no JSON string. */
function stringEnd(text: string, start: number): number | { offset: number; problem: string } {
  for (let j = start + 1; j < text.length; j++) {
    const code = text.charCodeAt(j)
    if (code === 0x22) return j + 1
    if (code < 0x20) return { offset: j, problem: 'a control character in a string' }
    if (code === 0x5c) {
      const next = text.charCodeAt(j + 1)
      if (next === 0x75) {
        HEX4.lastIndex = j + 2
        if (!HEX4.test(text)) return { offset: j, problem: 'a malformed \\u escape' }
        j += 5
      } else if (ESCAPES.has(next)) j++
      else return { offset: j, problem: 'a malformed escape' }
    }
  }
  return { offset: text.length, problem: 'a string that is never closed' }
}

/** 1-based line and column (in characters) of an offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1 }
}

/** "line 3, column 13: expected ',' or '}'" for a text JSON.parse refused; "not JSON" if this scan finds no fault. */
export function describeJsonSyntax(text: string): string {
  const found = jsonSyntaxProblem(text)
  return found === null ? 'not JSON' : `line ${found.line}, column ${found.column}: ${found.problem}`
}
