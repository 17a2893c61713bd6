import type { EnvSpec } from '../envs/types'
import type { RewardDesign } from './designSchema'
import { checkExpression } from './expression'
import { expressionVariables } from './extras'

/** Every custom term or potential whose expression does not compile against the environment's variables. */
export function expressionProblems(design: RewardDesign, spec: EnvSpec): string[] {
  const variables = expressionVariables(spec)
  const problems: string[] = []
  design.terms.forEach((term, index) => {
    const check = checkExpression(term.expression, variables)
    if (!check.ok) problems.push(`terms[${index}].expression: ${check.error.message}`)
  })
  design.shaping.forEach((term, index) => {
    if (term.expression === undefined) return
    const check = checkExpression(term.expression, variables)
    if (!check.ok) problems.push(`shaping[${index}].expression: ${check.error.message}`)
  })
  return problems
}
