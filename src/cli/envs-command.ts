import { ENVIRONMENTS } from '../core/envs/registry'
import { UsageError } from './usage'

/** `envs`: every environment's spec as JSON, for scripts and for people. */
export function envsCommand(argv: string[]): string {
  if (argv.length > 0) throw new UsageError(`envs takes no arguments, got "${argv[0]}"`)
  const envs = ENVIRONMENTS.map(({ spec }) => ({
    id: spec.id,
    label: spec.label,
    description: spec.description,
    stateVars: spec.stateVars,
    obsSize: spec.obsSize,
    actions: spec.actionLabels,
    components: spec.components,
    objective: spec.objective,
    timeLimit: spec.timeLimit,
    discreteStates: spec.discreteStates,
    params: spec.params,
  }))
  return JSON.stringify(envs, null, 2) + '\n'
}
