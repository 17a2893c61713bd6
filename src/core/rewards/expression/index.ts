/**
 * User-written reward terms: a small, safe expression language over an environment's named
 * variables, e.g. `-abs(x) + 0.5*cos(theta)`.
 *
 * Safety: the source is tokenized and parsed by hand into a tree; names resolve only against the
 * variable list given here (to array indices) and calls only against a fixed function table. The
 * tree is compiled into closures that index the values array and call Math functions: there is
 * no eval, no `new Function`, no property access, and no way to name a JavaScript object.
 *
 * Grammar, loosest binding first (as in C and JavaScript unless noted):
 *   c ? a : b          conditional, right-associative; also if(c, a, b); only the chosen branch runs
 *   ||                 1 if either side is non-zero, else 0; the right side runs only when needed
 *   &&                 1 if both sides are non-zero, else 0; the right side runs only when needed
 *   == !=              equality (1 or 0); does not chain: a == b == c is an error
 *   < <= > >=          comparison (1 or 0); does not chain: 0 < x < 1 is an error
 *   + -                left-associative
 *   * / %              left-associative; % keeps the dividend's sign (-7 % 3 = -1)
 *   - + !  (prefix)    negation, plus, logical not (1 for 0, else 0)
 *   ^                  power, right-associative (2^3^2 = 2^9), and tighter than a sign on its
 *                      left: -x^2 = -(x^2), 2^-1 = 0.5 (as in mathematics and Python)
 *   f(…) (…)           calls and parentheses
 * Numbers: 3, 0.5, .5, 5., 1e-3, 2.5E+4. Names: ASCII letters, digits and _, not starting with a
 * digit. Constants pi and e (a variable of the same name wins). Functions: abs min max clip sin
 * cos tan exp log sqrt sign floor ceil round pow (min and max take two or more arguments,
 * clip(x, lo, hi) = min(max(x, lo), hi), log is natural, round rounds halves up).
 * Booleans are numbers: true is 1, and any non-zero number counts as true.
 * Division by zero and the like are allowed and give ±Infinity or NaN; NaN propagates through
 * every operator and function (a NaN comparison is NaN, not 0), so a bad value is never hidden
 * and the caller can pause with describeNonFinite's explanation.
 */
import type { ExpressionNode } from './ast'
import { compileTree } from './compile'
import { explain } from './diagnose'
import { ExpressionError } from './errors'
import { parse } from './parser'

export type { ExpressionNode } from './ast'
export { ExpressionError } from './errors'
export { MAX_EXPRESSION_LENGTH, MAX_NESTING } from './parser'
export { CONSTANTS, FUNCTIONS } from './semantics'

export interface UsedVariable {
  name: string
  /** Its position in the variable list the expression was compiled against. */
  index: number
}

export interface CompiledExpression {
  readonly source: string
  /** The full variable list it was compiled against; `evaluate` reads values in this order. */
  readonly variables: readonly string[]
  /** The variables the expression mentions, each once, in list order. */
  readonly used: readonly UsedVariable[]
  /** The parsed tree, names resolved (for highlighting and diagnosis). */
  readonly tree: ExpressionNode
  /**
   * The value for `values[i]` = the value of `variables[i]`. Allocation-free; may return NaN or
   * ±Infinity (see describeNonFinite).
   */
  readonly evaluate: (values: ArrayLike<number>) => number
}

export type ExpressionCheck = { ok: true; expression: CompiledExpression } | { ok: false; error: ExpressionError }

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Compile `source` against the variable names an expression may use (for example an
 * environment's stateVars plus "action" and "t"). Throws ExpressionError, with the position and a
 * plain-words message, for anything wrong in the source; throws a plain Error if `variables`
 * itself is not a list of distinct names (a programming error, not the user's).
 */
export function compileExpression(source: string, variables: readonly string[]): CompiledExpression {
  const indices = new Map<string, number>()
  variables.forEach((name, index) => {
    if (!NAME.test(name)) throw new Error(`expression variable "${name}" is not a name (ASCII letters, digits and _, not starting with a digit)`)
    if (indices.has(name)) throw new Error(`expression variable "${name}" is listed twice`)
    indices.set(name, index)
  })
  const tree = parse(source, indices)
  const evaluate = compileTree(tree)
  return { source, variables: [...variables], used: usedVariables(tree), tree, evaluate }
}

/** compileExpression for live validation: the compiled expression, or the error to show. */
export function checkExpression(source: string, variables: readonly string[]): ExpressionCheck {
  try {
    return { ok: true, expression: compileExpression(source, variables) }
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, error }
    throw error
  }
}

/**
 * Why `expression` gave NaN or ±Infinity for `values` (in the order of its variables): the value,
 * the variables it uses with their values, and the part that went bad first, e.g.
 *   "-abs(x) + log(theta)" gave NaN for x = 0.3, theta = -0.1: log(theta) at 11–20 is NaN (log of a negative number)
 * Meant for the message a run pauses with; it re-evaluates slowly, so call it only then.
 */
export function describeNonFinite(expression: CompiledExpression, values: ArrayLike<number>): string {
  return explain(expression.source, expression.tree, expression.used, values)
}

function usedVariables(tree: ExpressionNode): UsedVariable[] {
  const byIndex = new Map<number, string>()
  // Iterative walk: trees can be a thousand levels deep on the left (a + b + c + …).
  const stack: ExpressionNode[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    switch (node.kind) {
      case 'variable':
        byIndex.set(node.index, node.name)
        break
      case 'unary':
        stack.push(node.operand)
        break
      case 'binary':
        stack.push(node.left, node.right)
        break
      case 'conditional':
        stack.push(node.condition, node.then, node.otherwise)
        break
      case 'call':
        stack.push(...node.args)
        break
    }
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([index, name]) => ({ name, index }))
}
