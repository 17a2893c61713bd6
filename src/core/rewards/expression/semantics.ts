/**
 * What every operator and function computes. The closure compiler and the diagnosing
 * interpreter both call these, so the two can never disagree.
 *
 * Booleans are numbers: true is 1, false is 0, and any non-zero number counts as true.
 * NaN propagates: an operator or function with a NaN operand gives NaN (comparisons included,
 * unlike IEEE, so that a NaN cannot hide behind a `>` and quietly read as "false"), and a NaN
 * condition makes `?:`, `if`, `&&`, `||` and `!` NaN. Branches that are not taken are not
 * evaluated, so `x > 0 ? log(x) : 0` is safe.
 */

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '^' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '&&' | '||'
export type UnaryOperator = '-' | '+' | '!'

export const add = (a: number, b: number): number => a + b
export const subtract = (a: number, b: number): number => a - b
export const multiply = (a: number, b: number): number => a * b
export const divide = (a: number, b: number): number => a / b
/** Remainder with the sign of the dividend, as in C and JavaScript: -7 % 3 = -1. */
export const remainder = (a: number, b: number): number => a % b
export const power = (a: number, b: number): number => Math.pow(a, b)

// a !== a is the allocation-free NaN test.
export const less = (a: number, b: number): number => (a < b ? 1 : a >= b ? 0 : NaN)
export const lessOrEqual = (a: number, b: number): number => (a <= b ? 1 : a > b ? 0 : NaN)
export const greater = (a: number, b: number): number => (a > b ? 1 : a <= b ? 0 : NaN)
export const greaterOrEqual = (a: number, b: number): number => (a >= b ? 1 : a < b ? 0 : NaN)
export const equal = (a: number, b: number): number => (a !== a || b !== b ? NaN : a === b ? 1 : 0)
export const notEqual = (a: number, b: number): number => (a !== a || b !== b ? NaN : a === b ? 0 : 1)

export const negate = (a: number): number => -a
export const not = (a: number): number => (a !== a ? NaN : a === 0 ? 1 : 0)
/** 1 or 0 for a condition's value, NaN for NaN. */
export const truth = (a: number): number => (a !== a ? NaN : a === 0 ? 0 : 1)

export const BINARY: Readonly<Record<Exclude<BinaryOperator, '&&' | '||'>, (a: number, b: number) => number>> = {
  '+': add,
  '-': subtract,
  '*': multiply,
  '/': divide,
  '%': remainder,
  '^': power,
  '<': less,
  '<=': lessOrEqual,
  '>': greater,
  '>=': greaterOrEqual,
  '==': equal,
  '!=': notEqual,
}

/** clip(x, lo, hi) = min(max(x, lo), hi), as NumPy's clip: with lo > hi every x gives hi. */
export const clip = (x: number, lo: number, hi: number): number => Math.min(Math.max(x, lo), hi)

export interface FunctionSpec {
  readonly name: string
  readonly minArgs: number
  /** Infinity for variadic functions. */
  readonly maxArgs: number
  readonly usage: string
  readonly description: string
  readonly unary?: (x: number) => number
  readonly binary?: (a: number, b: number) => number
  readonly ternary?: (a: number, b: number, c: number) => number
}

const unary = (name: string, fn: (x: number) => number, description: string): FunctionSpec => ({
  name,
  minArgs: 1,
  maxArgs: 1,
  usage: `${name}(x)`,
  description,
  unary: fn,
})

/**
 * The only functions an expression can call. A Map, never a plain object: a name such as
 * "constructor" or "__proto__" must not find anything through a prototype.
 */
export const FUNCTIONS: ReadonlyMap<string, FunctionSpec> = new Map(
  [
    unary('abs', Math.abs, 'absolute value'),
    { name: 'min', minArgs: 2, maxArgs: Infinity, usage: 'min(a, b, …)', description: 'smallest argument', binary: Math.min },
    { name: 'max', minArgs: 2, maxArgs: Infinity, usage: 'max(a, b, …)', description: 'largest argument', binary: Math.max },
    { name: 'clip', minArgs: 3, maxArgs: 3, usage: 'clip(x, lo, hi)', description: 'x limited to [lo, hi]', ternary: clip },
    unary('sin', Math.sin, 'sine (radians)'),
    unary('cos', Math.cos, 'cosine (radians)'),
    unary('tan', Math.tan, 'tangent (radians)'),
    unary('exp', Math.exp, 'e to the power x'),
    unary('log', Math.log, 'natural logarithm'),
    unary('sqrt', Math.sqrt, 'square root'),
    unary('sign', Math.sign, '−1, 0 or 1'),
    unary('floor', Math.floor, 'largest integer ≤ x'),
    unary('ceil', Math.ceil, 'smallest integer ≥ x'),
    unary('round', Math.round, 'nearest integer, halves rounded up (round(-2.5) = -2)'),
    { name: 'pow', minArgs: 2, maxArgs: 2, usage: 'pow(x, y)', description: 'x to the power y (same as x^y)', binary: power },
  ].map((spec) => [spec.name, spec]),
)

/** The conditional written as a call; it is a special form (only the chosen branch runs). */
export const IF_USAGE = 'if(condition, then, else)'

/** Named constants; a variable of the same name takes precedence over them. */
export const CONSTANTS: ReadonlyMap<string, number> = new Map([
  ['pi', Math.PI],
  ['e', Math.E],
])
