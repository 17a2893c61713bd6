import type { ExpressionNode } from './ast'
import { BINARY, FUNCTIONS, negate, not, truth } from './semantics'

/** Evaluates a compiled (sub)expression for one set of variable values. */
export type Evaluator = (values: ArrayLike<number>) => number

interface Compiled {
  evaluate: Evaluator
  /** Whether the value depends on no variable; it is then folded into a constant. */
  constant: boolean
}

const NO_VALUES: ArrayLike<number> = new Float64Array(0)

function constant(value: number): Compiled {
  return { evaluate: () => value, constant: true }
}

/** Fold a node whose inputs are all constant: evaluate it once, now. */
function fold(evaluate: Evaluator, inputs: readonly Compiled[]): Compiled {
  return inputs.every((input) => input.constant) ? constant(evaluate(NO_VALUES)) : { evaluate, constant: false }
}

/**
 * Turn the tree into a tree of closures: each node becomes a function of the values array that
 * calls its children's functions. Evaluation allocates nothing; it only indexes `values` at the
 * positions resolved at parse time and calls the functions of the fixed table.
 */
export function compileTree(node: ExpressionNode): Evaluator {
  return compileNode(node).evaluate
}

function compileNode(node: ExpressionNode): Compiled {
  switch (node.kind) {
    case 'number':
      return constant(node.value)
    case 'variable': {
      const index = node.index
      return { evaluate: (values) => values[index], constant: false }
    }
    case 'unary': {
      const operand = compileNode(node.operand)
      if (node.operator === '+') return operand
      const a = operand.evaluate
      const evaluate: Evaluator = node.operator === '-' ? (values) => negate(a(values)) : (values) => not(a(values))
      return fold(evaluate, [operand])
    }
    case 'binary': {
      const left = compileNode(node.left)
      const right = compileNode(node.right)
      const a = left.evaluate
      const b = right.evaluate
      let evaluate: Evaluator
      if (node.operator === '&&') {
        evaluate = (values) => {
          const x = a(values)
          return x !== x ? NaN : x === 0 ? 0 : truth(b(values))
        }
      } else if (node.operator === '||') {
        evaluate = (values) => {
          const x = a(values)
          return x !== x ? NaN : x !== 0 ? 1 : truth(b(values))
        }
      } else {
        const operate = BINARY[node.operator]
        evaluate = (values) => operate(a(values), b(values))
      }
      return fold(evaluate, [left, right])
    }
    case 'conditional': {
      const condition = compileNode(node.condition)
      const then = compileNode(node.then)
      const otherwise = compileNode(node.otherwise)
      if (condition.constant) {
        const c = condition.evaluate(NO_VALUES)
        return c !== c ? constant(NaN) : c !== 0 ? then : otherwise
      }
      const test = condition.evaluate
      const a = then.evaluate
      const b = otherwise.evaluate
      return {
        evaluate: (values) => {
          const c = test(values)
          return c !== c ? NaN : c !== 0 ? a(values) : b(values)
        },
        constant: false,
      }
    }
    case 'call':
      return compileCall(node.name, node.args.map(compileNode))
  }
}

function compileCall(name: string, args: Compiled[]): Compiled {
  const spec = FUNCTIONS.get(name)
  if (spec === undefined) throw new Error(`compileCall: "${name}" is not in the function table (the parser admits only table names)`)
  let evaluate: Evaluator
  if (spec.unary !== undefined && args.length === 1) {
    const f = spec.unary
    const a = args[0].evaluate
    evaluate = (values) => f(a(values))
  } else if (spec.binary !== undefined && args.length === 2) {
    const f = spec.binary
    const a = args[0].evaluate
    const b = args[1].evaluate
    evaluate = (values) => f(a(values), b(values))
  } else if (spec.binary !== undefined && args.length > 2) {
    // Variadic min/max: a left fold over the arguments, without building an array per call.
    const f = spec.binary
    const evaluators = args.map((arg) => arg.evaluate)
    const count = evaluators.length
    evaluate = (values) => {
      let result = evaluators[0](values)
      for (let i = 1; i < count; i++) result = f(result, evaluators[i](values))
      return result
    }
  } else if (spec.ternary !== undefined && args.length === 3) {
    const f = spec.ternary
    const a = args[0].evaluate
    const b = args[1].evaluate
    const c = args[2].evaluate
    evaluate = (values) => f(a(values), b(values), c(values))
  } else {
    throw new Error(`compileCall: ${name} with ${args.length} arguments passed the parser's arity check`)
  }
  return fold(evaluate, args)
}
