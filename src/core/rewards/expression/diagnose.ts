import type { ExpressionNode } from './ast'
import { BINARY, FUNCTIONS, negate, not, truth } from './semantics'

/**
 * A slow, plain tree-walking evaluator that remembers every node's value. It shares its
 * operators with the compiled closures (semantics.ts); it exists to explain a bad value, and
 * tests check that it agrees with the compiled form.
 */
export function interpret(node: ExpressionNode, values: ArrayLike<number>, seen?: Map<ExpressionNode, number>): number {
  const value = interpretNode(node, values, seen)
  seen?.set(node, value)
  return value
}

function interpretNode(node: ExpressionNode, values: ArrayLike<number>, seen?: Map<ExpressionNode, number>): number {
  switch (node.kind) {
    case 'number':
      return node.value
    case 'variable':
      return values[node.index]
    case 'unary': {
      const a = interpret(node.operand, values, seen)
      return node.operator === '-' ? negate(a) : node.operator === '!' ? not(a) : a
    }
    case 'binary': {
      const a = interpret(node.left, values, seen)
      if (node.operator === '&&') return a !== a ? NaN : a === 0 ? 0 : truth(interpret(node.right, values, seen))
      if (node.operator === '||') return a !== a ? NaN : a !== 0 ? 1 : truth(interpret(node.right, values, seen))
      return BINARY[node.operator](a, interpret(node.right, values, seen))
    }
    case 'conditional': {
      const c = interpret(node.condition, values, seen)
      return c !== c ? NaN : c !== 0 ? interpret(node.then, values, seen) : interpret(node.otherwise, values, seen)
    }
    case 'call': {
      const spec = FUNCTIONS.get(node.name)!
      const args = node.args.map((arg) => interpret(arg, values, seen))
      if (spec.unary !== undefined && args.length === 1) return spec.unary(args[0])
      if (spec.ternary !== undefined && args.length === 3) return spec.ternary(args[0], args[1], args[2])
      return args.reduce((result, x) => spec.binary!(result, x))
    }
  }
}

function children(node: ExpressionNode): ExpressionNode[] {
  switch (node.kind) {
    case 'number':
    case 'variable':
      return []
    case 'unary':
      return [node.operand]
    case 'binary':
      return [node.left, node.right]
    case 'conditional':
      return [node.condition, node.then, node.otherwise]
    case 'call':
      return node.args
  }
}

/** A number as a message shows it: short, but NaN and ±Infinity spelled out. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  return String(Number(value.toPrecision(6)))
}

const isFiniteValue = (value: number | undefined) => value !== undefined && Number.isFinite(value)

/** Why a node whose inputs were all finite produced a non-finite value, in a few words. */
function cause(node: ExpressionNode, seen: Map<ExpressionNode, number>): string {
  const inputs = children(node).map((child) => seen.get(child))
  const value = seen.get(node)!
  if (node.kind === 'binary') {
    const [a, b] = inputs as number[]
    if (node.operator === '/' && b === 0) return a === 0 ? 'zero divided by zero' : 'division by zero'
    if (node.operator === '%' && b === 0) return 'remainder of a division by zero'
    if (node.operator === '^' && Number.isNaN(value)) return 'a negative number to a fractional power'
    if (node.operator === '^' && a === 0 && b < 0) return 'zero to a negative power'
  }
  if (node.kind === 'call') {
    const a = inputs[0] as number
    if (node.name === 'log') return a === 0 ? 'log of zero' : 'log of a negative number'
    if (node.name === 'sqrt') return 'square root of a negative number'
    if (node.name === 'pow' && Number.isNaN(value)) return 'a negative number to a fractional power'
    if (node.name === 'pow' && a === 0 && (inputs[1] as number) < 0) return 'zero to a negative power'
  }
  return 'overflow: too large for a number'
}

/**
 * Explain why an expression gave NaN or ±Infinity for these values: the value, the variables it
 * used with theirs, and the smallest part of the expression that went bad with its cause, e.g.
 *   gave NaN for x = 0.3, theta = -0.1: log(theta) at 12–21 is NaN (log of a negative number)
 */
export function explain(
  source: string,
  tree: ExpressionNode,
  used: readonly { name: string; index: number }[],
  values: ArrayLike<number>,
): string {
  const seen = new Map<ExpressionNode, number>()
  const value = interpret(tree, values, seen)
  const inputs = used.length === 0 ? 'without variables' : `for ${used.map(({ name, index }) => `${name} = ${formatValue(values[index])}`).join(', ')}`
  if (Number.isFinite(value)) return `"${source}" gave ${formatValue(value)}, a finite number, ${inputs}`
  // Walk down from the root along non-finite values to a node whose inputs were all finite.
  let origin = tree
  for (;;) {
    const next = children(origin).find((child) => seen.has(child) && !isFiniteValue(seen.get(child)))
    if (next === undefined) break
    origin = next
  }
  const originValue = formatValue(seen.get(origin)!)
  const span = origin.end - origin.start
  const where = span <= 1 ? `at ${origin.start + 1}` : `at ${origin.start + 1}–${origin.end}`
  const culprit =
    origin.kind === 'variable'
      ? `the variable ${origin.name} is ${originValue}`
      : `${source.slice(origin.start, origin.end)} ${where} is ${originValue} (${cause(origin, seen)})`
  return `"${source}" gave ${formatValue(value)} ${inputs}: ${culprit}`
}
