import { describe, expect, it } from 'vitest'
import { Rng } from '../../rng'
import { interpret } from './diagnose'
import { checkExpression, ExpressionError, MAX_EXPRESSION_LENGTH } from './index'

/*
 * Deterministic fuzzing (seeded, so a failure reproduces): whatever the input, compiling either
 * succeeds or throws an ExpressionError with a span inside the source, and a compiled expression
 * evaluates to a number without throwing.
 */

const VARIABLES = ['x', 'x_dot', 'theta', 'theta_dot', 'action', 't']

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]

function randomValues(rng: Rng): Float64Array {
  const special = [0, -0, 1, -1, 0.5, 1e-300, 1e300, NaN, Infinity, -Infinity]
  return Float64Array.from(VARIABLES, () => (rng.uniform() < 0.1 ? pick(rng, special) : rng.range(-4, 4)))
}

/** Compile; on success evaluate; on failure check the error. Returns whether it compiled. */
function exercise(source: string, rng: Rng): boolean {
  let result: ReturnType<typeof checkExpression>
  try {
    result = checkExpression(source, VARIABLES)
  } catch (error) {
    throw new Error(`compiling ${JSON.stringify(source)} threw something other than an ExpressionError: ${String(error)}`)
  }
  if (!result.ok) {
    const { error } = result
    if (!(error instanceof ExpressionError) || error.message.length === 0) throw new Error(`bad error for ${JSON.stringify(source)}`)
    if (error.position < 0 || error.length < 0 || error.position + error.length > source.length) {
      throw new Error(`error span [${error.position}, +${error.length}) outside ${JSON.stringify(source)}: ${error.message}`)
    }
    return false
  }
  const value = result.expression.evaluate(randomValues(rng))
  if (typeof value !== 'number') throw new Error(`${JSON.stringify(source)} evaluated to a ${typeof value}`)
  return true
}

const CHARACTERS = [
  ...'abcxyzeptXT_0123456789.+-*/%^<>=!&|?:(),',
  ...' \t\n',
  ...'[]{}"\'`;~$#@\\',
  '\u2212', '\u00d7', '\u0430', '\u03b8', '\u00a0', '\u200b', '\uff58', '\u{1f600}', '\ud800', '\u0000',
]

const TOKENS = [
  'x', 'x_dot', 'theta', 'theta_dot', 'action', 't', 'pi', 'e', 'thetaa', 'y', 'constructor', '__proto__', 'toString', 'if',
  'abs', 'min', 'max', 'clip', 'sin', 'cos', 'tan', 'exp', 'log', 'sqrt', 'sign', 'floor', 'ceil', 'round', 'pow',
  '0', '1', '2.5', '.5', '5.', '1e3', '2e-3', '1e400',
  '+', '-', '*', '/', '%', '^', '<', '<=', '>', '>=', '==', '!=', '&&', '||', '!', '?', ':', '(', ')', ',',
  '(', ')', '(', ')', '.', '[', ']', '=', '"', '**',
]

const LEAVES = ['x', 'x_dot', 'theta', 'theta_dot', 'action', 't', 'pi', 'e', '0', '1', '2', '0.5', '.25', '3e-1', '10']
const UNARY_FUNCTIONS = ['abs', 'sin', 'cos', 'tan', 'exp', 'log', 'sqrt', 'sign', 'floor', 'ceil', 'round']
const OPERATORS = ['+', '-', '*', '/', '%', '^', '<', '<=', '>', '>=', '==', '!=', '&&', '||']

/** A random well-formed expression; compound parts are parenthesised so that nothing chains. */
function validExpression(rng: Rng, depth: number): string {
  if (depth <= 0 || rng.uniform() < 0.25) return pick(rng, LEAVES)
  const sub = () => {
    const inner = validExpression(rng, depth - 1)
    return /^[A-Za-z0-9_.]+$/.test(inner) ? inner : `(${inner})`
  }
  switch (rng.int(7)) {
    case 0:
      return `${pick(rng, ['-', '!', '+'])}${sub()}`
    case 1:
    case 2:
      return `${sub()} ${pick(rng, OPERATORS)} ${sub()}`
    case 3:
      return `${sub()} ? ${sub()} : ${sub()}`
    case 4:
      return `if(${sub()}, ${sub()}, ${sub()})`
    case 5:
      return `${pick(rng, UNARY_FUNCTIONS)}(${sub()})`
    default: {
      const name = pick(rng, ['min', 'max', 'clip', 'pow'])
      const count = name === 'clip' ? 3 : name === 'pow' ? 2 : 2 + rng.int(3)
      return `${name}(${Array.from({ length: count }, sub).join(', ')})`
    }
  }
}

describe('fuzz', () => {
  it('random strings from a mixed alphabet compile or throw an ExpressionError', () => {
    const rng = new Rng(20240611)
    let compiled = 0
    for (let i = 0; i < 4000; i++) {
      const length = rng.int(40)
      let source = ''
      for (let j = 0; j < length; j++) source += pick(rng, CHARACTERS)
      if (exercise(source, rng)) compiled++
    }
    // The alphabet is hostile: most strings must fail, but some must get through.
    expect(compiled).toBeGreaterThan(0)
    expect(compiled).toBeLessThan(4000)
  })

  it('random token soups compile or throw an ExpressionError', () => {
    const rng = new Rng(7)
    let compiled = 0
    for (let i = 0; i < 4000; i++) {
      const count = 1 + rng.int(24)
      const parts: string[] = []
      for (let j = 0; j < count; j++) parts.push(pick(rng, TOKENS))
      const source = parts.join(rng.uniform() < 0.5 ? ' ' : '')
      if (exercise(source, rng)) compiled++
    }
    expect(compiled).toBeGreaterThan(0)
  })

  it('valid expressions, and every mutation of them, compile or throw an ExpressionError', () => {
    const rng = new Rng(99)
    let compiled = 0
    for (let i = 0; i < 1500; i++) {
      const source = validExpression(rng, 4)
      if (source.length > MAX_EXPRESSION_LENGTH) continue
      expect(exercise(source, rng), source).toBe(true)
      // Delete, duplicate or replace one character, or cut the source short.
      const at = rng.int(source.length)
      const mutants = [
        source.slice(0, at) + source.slice(at + 1),
        source.slice(0, at) + source[at] + source.slice(at),
        source.slice(0, at) + pick(rng, CHARACTERS) + source.slice(at + 1),
        source.slice(0, at),
      ]
      for (const mutant of mutants) if (exercise(mutant, rng)) compiled++
    }
    expect(compiled).toBeGreaterThan(0)
  })

  it('compiled closures (with constants folded) agree with the plain tree-walking interpreter', () => {
    const rng = new Rng(1234)
    for (let i = 0; i < 1500; i++) {
      const source = validExpression(rng, 5)
      if (source.length > MAX_EXPRESSION_LENGTH) continue
      const result = checkExpression(source, VARIABLES)
      if (!result.ok) throw new Error(`${source}: ${result.error.message}`)
      for (let k = 0; k < 4; k++) {
        const values = randomValues(rng)
        // toBe is Object.is: NaN equals NaN, and 0 and -0 must agree too.
        expect(result.expression.evaluate(values), source).toBe(interpret(result.expression.tree, values))
      }
    }
  })
})
