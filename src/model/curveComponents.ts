import { gridCanPay } from '../core/envs/gridFacts'
import type { EnvSpec } from '../core/envs/types'

/**
 * Whether the learning curve draws a component's contribution, a line and a legend entry of its
 * own: always once it contributed anything (a value other than 0); before that, only where it is
 * weighted (not 0) and the environment can pay it at all: a grid's map only pays `hazard`, `goal`
 * or `coin` where it has a cell that does (gridCanPay), so the legend of a map without a hazard
 * lists none.
 */
export function curveShowsComponent(spec: Pick<EnvSpec, 'grid'>, name: string, weight: number | undefined, contributions: ArrayLike<number>): boolean {
  for (let i = 0; i < contributions.length; i++) if (Number.isFinite(contributions[i]) && contributions[i] !== 0) return true
  if (weight === 0) return false
  return spec.grid === undefined || gridCanPay(spec.grid, name)
}
