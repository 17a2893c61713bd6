import type { BinaryOperator, UnaryOperator } from './semantics'

/** Every node spans source[start, end), for messages and for highlighting in the UI. */
interface Span {
  start: number
  end: number
}

/** A number literal, or the constants pi and e. */
export interface NumberNode extends Span {
  kind: 'number'
  value: number
}

export interface VariableNode extends Span {
  kind: 'variable'
  name: string
  /** Position in the variable list the expression was compiled against. */
  index: number
}

export interface UnaryNode extends Span {
  kind: 'unary'
  operator: UnaryOperator
  operand: ExpressionNode
}

export interface BinaryNode extends Span {
  kind: 'binary'
  operator: BinaryOperator
  left: ExpressionNode
  right: ExpressionNode
}

/** `condition ? then : otherwise` and `if(condition, then, otherwise)`. */
export interface ConditionalNode extends Span {
  kind: 'conditional'
  condition: ExpressionNode
  then: ExpressionNode
  otherwise: ExpressionNode
}

export interface CallNode extends Span {
  kind: 'call'
  /** A name from FUNCTIONS; the parser resolves it. */
  name: string
  args: ExpressionNode[]
}

export type ExpressionNode = NumberNode | VariableNode | UnaryNode | BinaryNode | ConditionalNode | CallNode
