import type { ExpressionNode } from './ast'
import { at, ExpressionError } from './errors'
import { CONSTANTS, FUNCTIONS, IF_USAGE, type BinaryOperator, type UnaryOperator } from './semantics'
import { closestName } from './suggest'
import { isBlank, Tokenizer, type Token } from './tokenizer'

/** Longest accepted source, in UTF-16 code units. */
export const MAX_EXPRESSION_LENGTH = 2000
/** Deepest accepted nesting of parentheses, calls, unary signs, powers and conditionals. */
export const MAX_NESTING = 64

/*
 * Binding powers, loosest first; the same order as C and JavaScript, except that ^ binds tighter
 * than a unary sign on its left (-x^2 is -(x^2), as in mathematics and Python).
 */
const TERNARY = 1
const OR = 2
const AND = 3
const EQUALITY = 4
const RELATIONAL = 5
const ADDITIVE = 6
const MULTIPLICATIVE = 7
const UNARY = 8
const POWER = 9

const INFIX = new Map<string, number>([
  ['?', TERNARY],
  ['||', OR],
  ['&&', AND],
  ['==', EQUALITY],
  ['!=', EQUALITY],
  ['<', RELATIONAL],
  ['<=', RELATIONAL],
  ['>', RELATIONAL],
  ['>=', RELATIONAL],
  ['+', ADDITIVE],
  ['-', ADDITIVE],
  ['*', MULTIPLICATIVE],
  ['/', MULTIPLICATIVE],
  ['%', MULTIPLICATIVE],
  ['^', POWER],
])

/** Names people reach for from other languages, and what this one calls them. */
const FUNCTION_ALIASES = new Map([
  ['ln', 'log'],
  ['sgn', 'sign'],
  ['clamp', 'clip'],
  ['fabs', 'abs'],
  ['minimum', 'min'],
  ['maximum', 'max'],
])
const WORD_HINTS = new Map([
  ['true', 'conditions are numbers here: write 1 for true'],
  ['false', 'conditions are numbers here: write 0 for false'],
  ['and', 'write && for "and"'],
  ['or', 'write || for "or"'],
  ['not', 'write ! for "not"'],
])

/** What a complete operand may be followed by where it stands. */
type Context =
  | { kind: 'top' }
  | { kind: 'group'; open: Token }
  | { kind: 'call'; open: Token }
  | { kind: 'then'; question: Token }

/**
 * Parse `source` into a tree whose names are already resolved: variables to their index in
 * `variables`, pi and e to numbers, calls to the fixed function table. Throws ExpressionError.
 */
export function parse(source: string, variables: ReadonlyMap<string, number>): ExpressionNode {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(
      `the expression is too long: ${source.length} characters, at most ${MAX_EXPRESSION_LENGTH} are accepted`,
      MAX_EXPRESSION_LENGTH,
      source.length - MAX_EXPRESSION_LENGTH,
    )
  }
  if (isBlank(source)) throw new ExpressionError('the expression is empty; write a formula such as -abs(x) + 0.5*cos(theta)', 0, source.length)
  return new Parser(source, variables).parseAll()
}

class Parser {
  private readonly tokenizer: Tokenizer
  private token: Token
  private previous: Token | null = null
  private depth = 0

  constructor(
    private readonly source: string,
    private readonly variables: ReadonlyMap<string, number>,
  ) {
    this.tokenizer = new Tokenizer(source)
    this.token = this.tokenizer.next()
  }

  parseAll(): ExpressionNode {
    const tree = this.parseExpression(0)
    if (this.token.kind !== 'end') this.unexpectedAfterOperand({ kind: 'top' })
    return tree
  }

  /** Pratt loop: an operand, then every infix operator that binds at least as tightly as minPower. */
  private parseExpression(minPower: number): ExpressionNode {
    let left = this.parseOperand()
    // Comparisons do not chain: a < b < c would silently compare a 0/1 with c.
    let lastComparison = 0
    for (;;) {
      const token = this.token
      if (token.kind !== 'operator') break
      const power = INFIX.get(token.text)
      if (power === undefined || power < minPower) break
      this.advance()
      if (power === TERNARY) {
        const then = this.nested(token, () => this.parseExpression(TERNARY))
        if (!this.isOperator(':')) this.unexpectedAfterOperand({ kind: 'then', question: token })
        this.advance()
        const otherwise = this.nested(token, () => this.parseExpression(TERNARY))
        left = { kind: 'conditional', condition: left, then, otherwise, start: left.start, end: otherwise.end }
        continue
      }
      if ((power === RELATIONAL || power === EQUALITY) && lastComparison === power) {
        this.fail(
          token,
          `comparisons cannot be chained: "${this.source.slice(left.start, token.end)}…" ${this.at(token)}; write a < b && b < c, or add parentheses`,
        )
      }
      // ^ is right-associative (2^3^2 = 2^9); the others are left-associative.
      const right = power === POWER ? this.nested(token, () => this.parseExpression(POWER)) : this.parseExpression(power + 1)
      left = { kind: 'binary', operator: token.text as BinaryOperator, left, right, start: left.start, end: right.end }
      lastComparison = power
    }
    return left
  }

  private parseOperand(): ExpressionNode {
    const token = this.token
    if (token.kind === 'number') {
      this.advance()
      return { kind: 'number', value: token.value, start: token.start, end: token.end }
    }
    if (token.kind === 'name') {
      this.advance()
      return this.isOperator('(') ? this.parseCall(token) : this.resolveName(token)
    }
    if (token.kind === 'operator') {
      if (token.text === '(') {
        this.advance()
        if (this.isOperator(')')) this.fail(token, `empty parentheses "()" ${this.at(token, this.token)}; write an expression inside them`, this.token)
        const inner = this.nested(token, () => this.parseExpression(0))
        if (!this.isOperator(')')) this.unexpectedAfterOperand({ kind: 'group', open: token })
        const close = this.advance()
        // The span includes the parentheses, so that slices of the source stay balanced.
        return { ...inner, start: token.start, end: close.end }
      }
      if (token.text === '-' || token.text === '+' || token.text === '!') {
        this.advance()
        const operand = this.nested(token, () => this.parseExpression(UNARY))
        return { kind: 'unary', operator: token.text as UnaryOperator, operand, start: token.start, end: operand.end }
      }
    }
    return this.expectedOperand()
  }

  private parseCall(name: Token): ExpressionNode {
    const spec = FUNCTIONS.get(name.text)
    const isIf = name.text === 'if'
    // Name the unknown function before looking at its arguments: errors come in source order.
    if (spec === undefined && !isIf) this.unknownFunction(name)
    const open = this.advance()
    const args: ExpressionNode[] = []
    this.nested(open, () => {
      if (this.isOperator(')')) return
      for (;;) {
        args.push(this.parseExpression(0))
        if (this.isOperator(',')) this.advance()
        else if (this.isOperator(')')) return
        else this.unexpectedAfterOperand({ kind: 'call', open })
      }
    })
    const close = this.advance()
    const start = name.start
    const end = close.end
    const minArgs = isIf ? 3 : spec!.minArgs
    const maxArgs = isIf ? 3 : spec!.maxArgs
    if (args.length < minArgs || args.length > maxArgs) {
      const expected = minArgs === maxArgs ? `${minArgs} argument${minArgs === 1 ? '' : 's'}` : `at least ${minArgs} arguments`
      throw new ExpressionError(
        `${name.text} takes ${expected}, got ${args.length}, ${at(start, end - start, this.source.length)} (write ${isIf ? IF_USAGE : spec!.usage})`,
        start,
        end - start,
      )
    }
    if (isIf) return { kind: 'conditional', condition: args[0], then: args[1], otherwise: args[2], start, end }
    return { kind: 'call', name: name.text, args, start, end }
  }

  private resolveName(token: Token): ExpressionNode {
    const name = token.text
    const index = this.variables.get(name)
    if (index !== undefined) return { kind: 'variable', name, index, start: token.start, end: token.end }
    const constant = CONSTANTS.get(name)
    if (constant !== undefined) return { kind: 'number', value: constant, start: token.start, end: token.end }
    const spec = FUNCTIONS.get(name)
    if (spec !== undefined || name === 'if') {
      this.fail(token, `${name} ${this.at(token)} is a function: call it with parentheses, e.g. ${spec?.usage ?? IF_USAGE}`)
    }
    const candidates = [...this.variables.keys(), ...CONSTANTS.keys()]
    const suggestion = closestName(name, candidates)
    const hint = WORD_HINTS.get(name.toLowerCase()) ?? (suggestion !== null ? `did you mean "${suggestion}"?` : null)
    this.fail(token, `unknown variable "${name}" ${this.at(token)}${hint !== null ? `; ${hint}` : ''} (${this.describeVariables()})`)
  }

  private unknownFunction(name: Token): never {
    if (this.variables.has(name.text)) {
      this.fail(name, `"${name.text}" ${this.at(name)} is a variable, not a function; to multiply, write ${name.text}*(…)`)
    }
    const suggestion = FUNCTION_ALIASES.get(name.text.toLowerCase()) ?? closestName(name.text, [...FUNCTIONS.keys(), 'if'])
    const hint = suggestion !== null ? `; did you mean "${suggestion}"?` : ''
    this.fail(name, `unknown function "${name.text}" ${this.at(name)}${hint} (functions: ${[...FUNCTIONS.keys(), 'if'].join(', ')})`)
  }

  private describeVariables(): string {
    const names = [...this.variables.keys()]
    if (names.length === 0) return 'no variables are available here'
    const shown = 24
    const list = names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')}, … (${names.length - shown} more)`
    return `variables: ${list}`
  }

  /** The current token cannot start an operand. */
  private expectedOperand(): never {
    const token = this.token
    const previous = this.previous
    if (token.kind === 'end' && previous !== null) {
      this.fail(previous, `the expression ends too early: expected a number, a name or "(" after "${previous.text}" ${this.at(previous)}`)
    }
    this.fail(token, `expected a number, a name or "(" ${this.at(token)}, found "${token.text}"`)
  }

  /** A complete operand is followed by a token that does not belong there. */
  private unexpectedAfterOperand(context: Context): never {
    const token = this.token
    if (context.kind === 'then') {
      const where = token.kind === 'end' ? 'the end' : `"${token.text}" ${this.at(token)}`
      this.fail(context.question, `"?" ${this.at(context.question)} has no matching ":" before ${where}; a conditional is written condition ? then : else`)
    }
    if (token.kind === 'end') {
      if (context.kind === 'group' || context.kind === 'call') this.fail(context.open, `unclosed "(" ${this.at(context.open)}: no ")" closes it`)
    }
    if (token.kind === 'number' || token.kind === 'name' || token.text === '(') {
      this.fail(token, `missing operator before "${token.text}" ${this.at(token)}; to multiply, write *, e.g. 2*x`)
    }
    if (token.text === ')') this.fail(token, `unmatched ")" ${this.at(token)}: no "(" opens it`)
    if (token.text === ',') this.fail(token, `unexpected "," ${this.at(token)}: commas separate the arguments of a function, e.g. min(a, b)`)
    if (token.text === ':') this.fail(token, `unexpected ":" ${this.at(token)}: ":" belongs to a conditional, condition ? then : else`)
    if (token.text === '!') this.fail(token, `unexpected "!" ${this.at(token)}: ! negates what follows it, e.g. !(x > 0); "not equal" is !=`)
    this.fail(token, `unexpected "${token.text}" ${this.at(token)}`)
  }

  /** Run `parse` one nesting level deeper; the counter keeps hostile input off the call stack. */
  private nested<T>(token: Token, parse: () => T): T {
    if (++this.depth > MAX_NESTING) {
      this.fail(token, `the expression is nested too deeply ${this.at(token)}: at most ${MAX_NESTING} levels of parentheses, calls, signs, powers and conditionals`)
    }
    const result = parse()
    this.depth--
    return result
  }

  private advance(): Token {
    const token = this.token
    this.previous = token
    this.token = this.tokenizer.next()
    return token
  }

  private isOperator(text: string): boolean {
    return this.token.kind === 'operator' && this.token.text === text
  }

  private at(from: Token, to: Token = from): string {
    return at(from.start, to.end - from.start, this.source.length)
  }

  private fail(from: Token, message: string, to: Token = from): never {
    throw new ExpressionError(message, from.start, to.end - from.start)
  }
}
