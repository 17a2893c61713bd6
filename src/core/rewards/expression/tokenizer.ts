import { at, ExpressionError } from './errors'

export type TokenKind = 'number' | 'name' | 'operator' | 'end'

export interface Token {
  kind: TokenKind
  /** The source text of the token ('' for the end). */
  text: string
  /** The number's value; 0 for other kinds. */
  value: number
  start: number
  end: number
}

const SINGLE_CHAR_OPERATORS = new Set(['+', '-', '*', '/', '%', '^', '?', ':', '(', ')', ','])

const isDigit = (c: number) => c >= 48 && c <= 57
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
const isNameStart = (c: number) => isLetter(c) || c === 95
const isNamePart = (c: number) => isNameStart(c) || isDigit(c)
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13

/** Whether the source has nothing but spaces, tabs and line breaks. */
export function isBlank(source: string): boolean {
  for (let i = 0; i < source.length; i++) if (!isSpace(source.charCodeAt(i))) return false
  return true
}

/**
 * Splits the source into tokens on demand, so that the parser reports problems in the order
 * they appear. Only ASCII is accepted; anything else is named with its code point, which is how
 * a pasted "−" (U+2212) or a Cyrillic "а" becomes visible.
 */
export class Tokenizer {
  private offset = 0

  constructor(private readonly source: string) {}

  next(): Token {
    const source = this.source
    let i = this.offset
    while (i < source.length && isSpace(source.charCodeAt(i))) i++
    if (i >= source.length) {
      this.offset = i
      return { kind: 'end', text: '', value: 0, start: source.length, end: source.length }
    }
    const c = source.charCodeAt(i)
    if (isDigit(c) || (c === 46 && isDigit(source.charCodeAt(i + 1)))) return this.number(i)
    if (isNameStart(c)) {
      let end = i + 1
      while (end < source.length && isNamePart(source.charCodeAt(end))) end++
      return this.token('name', i, end)
    }
    const ch = source[i]
    const next = source[i + 1]
    if (ch === '*' && next === '*') this.fail(i, 2, `"**" ${this.at(i, 2)} is not an operator; write powers with ^, e.g. x^2`)
    if (SINGLE_CHAR_OPERATORS.has(ch)) return this.token('operator', i, i + 1)
    if (ch === '<' || ch === '>') return this.token('operator', i, next === '=' ? i + 2 : i + 1)
    if (ch === '=') {
      if (next === '=') {
        if (source[i + 2] === '=') this.fail(i, 3, `"===" ${this.at(i, 3)} is not an operator; use == to compare`)
        return this.token('operator', i, i + 2)
      }
      if (next === '>') this.fail(i, 2, `"=>" ${this.at(i, 2)} is not allowed: an expression cannot define functions`)
      this.fail(i, 1, `assignment "=" ${this.at(i, 1)} is not allowed: an expression cannot change variables; use == to compare`)
    }
    if (ch === '!') {
      if (next === '=') {
        if (source[i + 2] === '=') this.fail(i, 3, `"!==" ${this.at(i, 3)} is not an operator; use != to compare`)
        return this.token('operator', i, i + 2)
      }
      return this.token('operator', i, i + 1)
    }
    if (ch === '&') {
      if (next === '&') return this.token('operator', i, i + 2)
      this.fail(i, 1, `bitwise "&" ${this.at(i, 1)} is not allowed; use && for "and"`)
    }
    if (ch === '|') {
      if (next === '|') return this.token('operator', i, i + 2)
      this.fail(i, 1, `bitwise "|" ${this.at(i, 1)} is not allowed; use || for "or"`)
    }
    if (ch === '.') this.fail(i, 1, `property access with "." ${this.at(i, 1)} is not allowed: a name is a variable (x, theta), and functions are called directly, e.g. abs(x)`)
    if (ch === '[' || ch === ']') this.fail(i, 1, `indexing with "${ch}" ${this.at(i, 1)} is not allowed: refer to a variable by its name, e.g. theta`)
    if (ch === '{' || ch === '}') this.fail(i, 1, `brace "${ch}" ${this.at(i, 1)} is not allowed; group with ( and )`)
    if (ch === '"' || ch === "'" || ch === '`') this.fail(i, 1, `quote ${ch} ${this.at(i, 1)} is not allowed: expressions have no strings, only numbers`)
    if (ch === ';') this.fail(i, 1, `";" ${this.at(i, 1)} is not allowed: write a single expression`)
    if (ch === '~') this.fail(i, 1, `bitwise "~" ${this.at(i, 1)} is not allowed; use ! for "not"`)
    return this.disallowedCharacter(i)
  }

  private token(kind: TokenKind, start: number, end: number): Token {
    this.offset = end
    return { kind, text: this.source.slice(start, end), value: 0, start, end }
  }

  private number(start: number): Token {
    const source = this.source
    let i = start
    while (isDigit(source.charCodeAt(i))) i++
    if (source.charCodeAt(i) === 46) {
      i++
      while (isDigit(source.charCodeAt(i))) i++
    }
    let malformed = false
    const e = source.charCodeAt(i)
    if (e === 101 || e === 69) {
      let j = i + 1
      const sign = source.charCodeAt(j)
      if (sign === 43 || sign === 45) j++
      if (isDigit(source.charCodeAt(j))) {
        while (isDigit(source.charCodeAt(j))) j++
        i = j
      } else {
        malformed = true
      }
    }
    const after = source.charCodeAt(i)
    if (malformed || isNamePart(after) || after === 46) {
      let end = i
      while (end < source.length && (isNamePart(source.charCodeAt(end)) || source.charCodeAt(end) === 46)) end++
      const text = source.slice(start, end)
      this.fail(
        start,
        end - start,
        `malformed number "${text}" ${this.at(start, end - start)}; numbers are written like 3, 0.5, .5 or 1e-3, and a number needs an operator before a name (2*x, not 2x)`,
      )
    }
    const text = source.slice(start, i)
    const value = Number(text)
    if (!Number.isFinite(value)) this.fail(start, i - start, `number "${text}" ${this.at(start, i - start)} is too large (the largest is about 1.8e308)`)
    this.offset = i
    return { kind: 'number', text, value, start, end: i }
  }

  private disallowedCharacter(i: number): never {
    const codePoint = this.source.codePointAt(i) ?? 0
    const length = codePoint > 0xffff ? 2 : 1
    const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
    const visible =
      codePoint > 0x20 &&
      codePoint !== 0x7f &&
      !(codePoint >= 0x80 && codePoint <= 0xa0) &&
      !(codePoint >= 0xd800 && codePoint <= 0xdfff) &&
      !INVISIBLE.has(codePoint) &&
      !SPACES.has(codePoint)
    const shown = visible ? `"${String.fromCodePoint(codePoint)}" (${hex})` : hex
    this.fail(i, length, `character ${shown} ${this.at(i, length)} is not allowed; ${characterHint(codePoint)}`)
  }

  private at(position: number, length: number): string {
    return at(position, length, this.source.length)
  }

  private fail(position: number, length: number, message: string): never {
    throw new ExpressionError(message, position, length)
  }
}

const SPACES = new Set([0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000])
const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0xad])

/** Typographic and look-alike characters that people paste, and what they meant. */
const LOOK_ALIKES = new Map<number, string>([
  [0x2212, '-'], [0x2010, '-'], [0x2011, '-'], [0x2012, '-'], [0x2013, '-'], [0x2014, '-'], [0x2015, '-'], [0xfe63, '-'],
  [0x00d7, '*'], [0x22c5, '*'], [0x00b7, '*'], [0x2217, '*'], [0x2219, '*'],
  [0x00f7, '/'], [0x2215, '/'], [0x2044, '/'],
  [0x2264, '<='], [0x2265, '>='], [0x2260, '!='], [0x2227, '&&'], [0x2228, '||'], [0x00ac, '!'],
  [0x00b2, '^2'], [0x00b3, '^3'], [0x221a, 'sqrt(…)'], [0x03c0, 'pi'], [0x03b8, 'theta'], [0x2026, '...'],
  // Cyrillic letters that look like Latin ones.
  [0x0430, 'a'], [0x0435, 'e'], [0x043e, 'o'], [0x0440, 'p'], [0x0441, 'c'], [0x0443, 'y'], [0x0445, 'x'],
  [0x0455, 's'], [0x0456, 'i'], [0x0458, 'j'], [0x0501, 'd'], [0x04bb, 'h'],
  [0x0410, 'A'], [0x0412, 'B'], [0x0415, 'E'], [0x041a, 'K'], [0x041c, 'M'], [0x041d, 'H'], [0x041e, 'O'],
  [0x0420, 'P'], [0x0421, 'C'], [0x0422, 'T'], [0x0425, 'X'],
  // Greek letters that look like Latin ones.
  [0x03bf, 'o'], [0x0391, 'A'], [0x0392, 'B'], [0x0395, 'E'], [0x0396, 'Z'], [0x0397, 'H'], [0x0399, 'I'],
  [0x039a, 'K'], [0x039c, 'M'], [0x039d, 'N'], [0x039f, 'O'], [0x03a1, 'P'], [0x03a4, 'T'], [0x03a7, 'X'], [0x03a5, 'Y'],
])

function characterHint(codePoint: number): string {
  if (SPACES.has(codePoint)) return 'it is a special space: type an ordinary space instead'
  if (INVISIBLE.has(codePoint)) return 'it is invisible: delete it'
  if (codePoint === 0x2018 || codePoint === 0x2019 || codePoint === 0x201c || codePoint === 0x201d) {
    return 'expressions have no strings, only numbers'
  }
  // Fullwidth forms of ASCII (Ｘ, （, ＋, …) sit at a fixed offset from ASCII.
  if (codePoint >= 0xff01 && codePoint <= 0xff5e) return `it is a fullwidth "${String.fromCharCode(codePoint - 0xfee0)}": type the ordinary one instead`
  const meant = LOOK_ALIKES.get(codePoint)
  if (meant !== undefined) {
    if (codePoint >= 0x0400 && codePoint <= 0x052f) return `it is a Cyrillic letter that looks like "${meant}": type "${meant}" instead`
    if (codePoint >= 0x0370 && codePoint <= 0x03ff && meant.length === 1) return `it is a Greek letter that looks like "${meant}": type "${meant}" instead`
    if (codePoint >= 0x0370 && codePoint <= 0x03ff) return `it is a Greek letter: write "${meant}" instead`
    return `it looks like "${meant}": type "${meant}" instead`
  }
  if (codePoint >= 0x0370 && codePoint <= 0x03ff) return 'Greek letters are not allowed; spell the name out (theta, alpha)'
  if (codePoint < 0x20 || codePoint === 0x7f || (codePoint >= 0x80 && codePoint < 0xa0)) return 'control characters are not allowed'
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'it is half of a broken character pair: delete it'
  return 'names use ASCII letters, digits and _, and the operators are + - * / % ^ < <= > >= == != && || ! ? :'
}
