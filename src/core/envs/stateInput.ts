import type { EnvSpec } from './types'

/**
 * Check a state given from outside (trace, tests, a teammate's seat) against the spec's state
 * variables: the right count, every value finite. Throws one message naming what is wrong.
 */
export function checkStateValues(spec: Pick<EnvSpec, 'id' | 'stateVars'>, values: ArrayLike<number>): void {
  const vars = spec.stateVars
  if (values.length !== vars.length) throw new Error(`${spec.id} state needs ${vars.length} values (${vars.join(', ')}), got ${values.length}`)
  for (let j = 0; j < vars.length; j++) {
    if (!Number.isFinite(values[j])) throw new Error(`${spec.id} state value ${vars[j]} must be finite, got ${values[j]}`)
  }
}
