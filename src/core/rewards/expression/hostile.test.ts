import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { compileExpression, ExpressionError, MAX_EXPRESSION_LENGTH, MAX_NESTING } from './index'

const VARIABLES = ['x', 'x_dot', 'theta', 'theta_dot', 'action', 't']

/** Compile and return the ExpressionError it must throw; anything else fails the test. */
function rejection(source: string, variables: readonly string[] = VARIABLES): ExpressionError {
  let thrown: unknown = null
  try {
    compileExpression(source, variables)
  } catch (error) {
    thrown = error
  }
  if (!(thrown instanceof ExpressionError)) throw new Error(`expected an ExpressionError for ${JSON.stringify(source.slice(0, 80))}, got ${String(thrown)}`)
  expect(thrown.position).toBeGreaterThanOrEqual(0)
  expect(thrown.length).toBeGreaterThanOrEqual(0)
  expect(thrown.position + thrown.length).toBeLessThanOrEqual(source.length)
  return thrown
}

describe('hostile input is rejected and nothing runs', () => {
  const sentinel = globalThis as { __expressionPwned?: number }
  beforeAll(() => {
    sentinel.__expressionPwned = 0
  })
  afterAll(() => {
    delete sentinel.__expressionPwned
  })

  const attacks: [string, string][] = [
    ["constructor.constructor('globalThis.__expressionPwned = 1')()", 'property access with "." at 12 is not allowed'],
    ["x.constructor.constructor('globalThis.__expressionPwned = 1')()", 'property access with "." at 2 is not allowed'],
    ['toString.call(1)', 'property access with "." at 9 is not allowed'],
    ["this['constructor']", 'indexing with "[" at 5 is not allowed'],
    ["eval('globalThis.__expressionPwned = 1')", 'unknown function "eval" at 1–4'],
    ["Function('globalThis.__expressionPwned = 1')()", 'unknown function "Function" at 1–8'],
    ["import('data:text/javascript,globalThis.__expressionPwned=1')", 'unknown function "import" at 1–6'],
    ['globalThis.__expressionPwned = 1', 'property access with "." at 11 is not allowed'],
    // The forbidden operator right after a name is what the user most needs to hear about.
    ['__expressionPwned = 1', 'assignment "=" at 19 is not allowed'],
    ['__expressionPwned', 'unknown variable "__expressionPwned" at 1–17'],
    ['(() => 1)()', 'empty parentheses "()" at 2–3'],
    ['x => x', '"=>" at 3–4 is not allowed'],
    ['`${1}`', 'quote ` at 1 is not allowed'],
    ['a.b', 'property access with "." at 2 is not allowed'],
    ['x[0]', 'indexing with "[" at 2 is not allowed'],
    ['"str"', 'quote " at 1 is not allowed'],
    ["'str'", "quote ' at 1 is not allowed"],
    ['x = 1', 'assignment "=" at 3 is not allowed'],
    ['x; 1', '";" at 2 is not allowed'],
    ['{x}', 'brace "{" at 1 is not allowed'],
  ]
  it.each(attacks)('%s', (source, message) => {
    const eval_ = vi.spyOn(globalThis, 'eval')
    expect(rejection(source, [...VARIABLES, 'a', 'b']).message).toContain(message)
    expect(eval_).not.toHaveBeenCalled()
    eval_.mockRestore()
    expect(sentinel.__expressionPwned).toBe(0)
  })

  it('treats JavaScript object names as unknown variables, and as unknown functions when called', () => {
    const names = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', 'globalThis', 'window', 'process', 'require', 'this', 'Function', 'eval', 'Math', 'Object', 'undefined', 'NaN', 'Infinity']
    for (const name of names) {
      expect(rejection(name).message).toMatch(new RegExp(`^unknown variable "${name}" at 1`))
      expect(rejection(`${name}(1)`).message).toMatch(new RegExp(`^unknown function "${name}" at 1`))
      expect(rejection(`${name}()`).message).toMatch(new RegExp(`^unknown function "${name}" at 1`))
    }
  })
})

describe('broken input gets a clear message that names the position and the problem', () => {
  const table: [string, string, number, number][] = [
    // source, message, position, length
    ['', 'the expression is empty; write a formula such as -abs(x) + 0.5*cos(theta)', 0, 0],
    ['   ', 'the expression is empty', 0, 3],
    ['\n\t', 'the expression is empty', 0, 2],
    ['(x + 1', 'unclosed "(" at 1: no ")" closes it', 0, 1],
    ['((x)', 'unclosed "(" at 1: no ")" closes it', 0, 1],
    ['x * (1 + (2', 'unclosed "(" at 10: no ")" closes it', 9, 1],
    ['cos(x', 'unclosed "(" at 4: no ")" closes it', 3, 1],
    ['x + 1)', 'unmatched ")" at 6: no "(" opens it', 5, 1],
    ['(x))', 'unmatched ")" at 4: no "(" opens it', 3, 1],
    [')', 'expected a number, a name or "(" at 1, found ")"', 0, 1],
    ['()', 'empty parentheses "()" at 1–2; write an expression inside them', 0, 2],
    ['thetaa', 'unknown variable "thetaa" at 1–6; did you mean "theta"? (variables: x, x_dot, theta, theta_dot, action, t)', 0, 6],
    ['tehta * 2', 'unknown variable "tehta" at 1–5; did you mean "theta"?', 0, 5],
    ['xdot', 'unknown variable "xdot" at 1–4; did you mean "x_dot"?', 0, 4],
    ['Theta', 'did you mean "theta"?', 0, 5],
    ['PI', 'did you mean "pi"?', 0, 2],
    ['y', 'unknown variable "y" at 1 (variables: x, x_dot, theta, theta_dot, action, t)', 0, 1],
    ['true', 'unknown variable "true" at 1–4; conditions are numbers here: write 1 for true', 0, 4],
    ['x and t', 'missing operator before "and" at 3–5', 2, 3],
    ['coss(x)', 'unknown function "coss" at 1–4; did you mean "cos"? (functions: abs, min, max, clip, sin, cos, tan, exp, log, sqrt, sign, floor, ceil, round, pow, if)', 0, 4],
    ['ln(x)', 'unknown function "ln" at 1–2; did you mean "log"?', 0, 2],
    ['clamp(x, 0, 1)', 'did you mean "clip"?', 0, 5],
    ['x(2)', '"x" at 1 is a variable, not a function; to multiply, write x*(…)', 0, 1],
    ['cos', 'cos at 1–3 is a function: call it with parentheses, e.g. cos(x)', 0, 3],
    ['if + 1', 'if at 1–2 is a function: call it with parentheses, e.g. if(condition, then, else)', 0, 2],
    ['clip(x, 1)', 'clip takes 3 arguments, got 2, at 1–10 (write clip(x, lo, hi))', 0, 10],
    ['min(1)', 'min takes at least 2 arguments, got 1', 0, 6],
    ['abs(1, 2)', 'abs takes 1 argument, got 2', 0, 9],
    ['pow(2)', 'pow takes 2 arguments, got 1', 0, 6],
    ['cos()', 'cos takes 1 argument, got 0', 0, 5],
    ['if(x, 1)', 'if takes 3 arguments, got 2', 0, 8],
    ['min(1,,2)', 'expected a number, a name or "(" at 7, found ","', 6, 1],
    ['min(1, 2,)', 'expected a number, a name or "(" at 10, found ")"', 9, 1],
    ['1 +', 'the expression ends too early: expected a number, a name or "(" after "+" at 3', 2, 1],
    ['-', 'the expression ends too early', 0, 1],
    ['* 2', 'expected a number, a name or "(" at 1, found "*"', 0, 1],
    ['x y', 'missing operator before "y" at 3; to multiply, write *, e.g. 2*x', 2, 1],
    ['2 (x)', 'missing operator before "(" at 3', 2, 1],
    ['2x', 'malformed number "2x" at 1–2', 0, 2],
    ['0x1F', 'malformed number "0x1F" at 1–4', 0, 4],
    ['1.2.3', 'malformed number "1.2.3" at 1–5', 0, 5],
    ['1e', 'malformed number "1e" at 1–2', 0, 2],
    ['1e400', 'number "1e400" at 1–5 is too large', 0, 5],
    ['x ? 1', '"?" at 3 has no matching ":" before the end; a conditional is written condition ? then : else', 2, 1],
    ['(x ? 1)', '"?" at 4 has no matching ":" before ")" at 7', 3, 1],
    ['x : 1', 'unexpected ":" at 3', 2, 1],
    ['x, 1', 'unexpected "," at 2: commas separate the arguments of a function', 1, 1],
    ['x !y', 'unexpected "!" at 3', 2, 1],
    ['0 < x < 1', 'comparisons cannot be chained: "0 < x <…" at 7; write a < b && b < c', 6, 1],
    ['x == 1 == 1', 'comparisons cannot be chained', 7, 2],
    ['x === 1', '"===" at 3–5 is not an operator; use == to compare', 2, 3],
    ['x !== 1', '"!==" at 3–5 is not an operator; use != to compare', 2, 3],
    ['x ** 2', '"**" at 3–4 is not an operator; write powers with ^, e.g. x^2', 2, 2],
    ['x & 1', 'bitwise "&" at 3 is not allowed; use && for "and"', 2, 1],
    ['x | 1', 'bitwise "|" at 3 is not allowed; use || for "or"', 2, 1],
    ['~x', 'bitwise "~" at 1 is not allowed; use ! for "not"', 0, 1],
    ['$x', 'character "$" (U+0024) at 1 is not allowed', 0, 1],
    ['x # 1', 'character "#" (U+0023) at 3 is not allowed', 2, 1],
    ['x \\ 1', 'character "\\" (U+005C) at 3 is not allowed', 2, 1],
  ]
  it.each(table)('%j', (source, message, position, length) => {
    const error = rejection(source)
    expect(error.message).toContain(message)
    expect(error.position).toBe(position)
    expect(error.length).toBe(length)
  })

  it('reports the first problem in reading order', () => {
    expect(rejection('thetaa + coss(x)').message).toContain('"thetaa"')
    expect(rejection('coss(thetaa)').message).toContain('"coss"')
    expect(rejection('x + 1) + (').message).toContain('unmatched ")" at 6')
  })
})

describe('unicode look-alikes are named with their code point', () => {
  const table: [string, string, number][] = [
    ['x \u2212 1', 'character "\u2212" (U+2212) at 3 is not allowed; it looks like "-": type "-" instead', 2],
    ['x \u2013 1', 'character "\u2013" (U+2013) at 3 is not allowed; it looks like "-"', 2],
    ['cos(th\u0435ta)', 'character "\u0435" (U+0435) at 7 is not allowed; it is a Cyrillic letter that looks like "e": type "e" instead', 6],
    ['\u0445 + 1', 'it is a Cyrillic letter that looks like "x"', 0],
    ['x \u00d7 2', 'character "\u00d7" (U+00D7) at 3 is not allowed; it looks like "*"', 2],
    ['x \u00f7 2', 'it looks like "/"', 2],
    ['x \u2264 1', 'it looks like "<="', 2],
    ['x \u2260 1', 'it looks like "!="', 2],
    ['cos(\u03b8)', 'character "\u03b8" (U+03B8) at 5 is not allowed; it is a Greek letter: write "theta" instead', 4],
    ['2*\u03c0', 'write "pi" instead', 2],
    ['\u03bf', 'it is a Greek letter that looks like "o"', 0],
    ['x\u00b2', 'it looks like "^2"', 1],
    ['\uff58 + 1', 'character "\uff58" (U+FF58) at 1 is not allowed; it is a fullwidth "x": type the ordinary one instead', 0],
    ['cos\uff08x)', 'fullwidth "("', 3],
    ['x\u00a0+ 1', 'character U+00A0 at 2 is not allowed; it is a special space: type an ordinary space instead', 1],
    ['x +\u200b1', 'character U+200B at 4 is not allowed; it is invisible: delete it', 3],
    ['\ufeffx', 'character U+FEFF at 1 is not allowed; it is invisible', 0],
    ['x \u201cy\u201d', 'expressions have no strings', 2],
    ['x + \u0000', 'character U+0000 at 5 is not allowed; control characters are not allowed', 4],
    ['\ud800 + x', 'character U+D800 at 1 is not allowed', 0],
    ['x + \u{1f600}', 'character "\u{1f600}" (U+1F600) at 5–6 is not allowed', 4],
    ['caf\u00e9', 'character "\u00e9" (U+00E9) at 4 is not allowed; names use ASCII letters, digits and _', 3],
  ]
  it.each(table)('%j', (source, message, position) => {
    const error = rejection(source)
    expect(error.message).toContain(message)
    expect(error.position).toBe(position)
  })
})

describe('size limits give a clean error, never a stack overflow', () => {
  it('10 000 nested parentheses', () => {
    const error = rejection('('.repeat(10_000) + 'x' + ')'.repeat(10_000))
    expect(error.message).toBe(`the expression is too long: 20001 characters, at most ${MAX_EXPRESSION_LENGTH} are accepted`)
    expect(error.position).toBe(MAX_EXPRESSION_LENGTH)
  })

  it('1 MB of input', () => {
    const source = 'x+'.repeat(512 * 1024)
    const error = rejection(source)
    expect(error.message).toBe(`the expression is too long: ${source.length} characters, at most ${MAX_EXPRESSION_LENGTH} are accepted`)
    expect(rejection('('.repeat(1 << 20)).message).toContain('too long')
  })

  it('nesting deeper than the limit within the length limit', () => {
    const deep = [
      '('.repeat(999) + 'x' + ')'.repeat(999),
      '('.repeat(1999),
      '-'.repeat(1999) + 'x',
      '!'.repeat(1000) + 'x',
      '2^'.repeat(999) + '2',
      'cos('.repeat(300) + 'x' + ')'.repeat(300),
      'min(1,'.repeat(200) + '1' + ')'.repeat(200),
      '1?1:'.repeat(400) + '1',
      '1?'.repeat(450) + '1' + ':1'.repeat(450),
      '('.repeat(MAX_NESTING + 1) + 'x' + ')'.repeat(MAX_NESTING + 1),
    ]
    for (const source of deep) {
      expect(source.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH)
      const error = rejection(source)
      expect(error.message).toContain(`the expression is nested too deeply at`)
      expect(error.message).toContain(`at most ${MAX_NESTING} levels`)
    }
    expect(rejection('('.repeat(999) + 'x' + ')'.repeat(999)).position).toBe(MAX_NESTING)
  })
})
