import { getEnv, ENVIRONMENTS } from '../core/envs/registry'
import { resolveParams } from '../core/envs/params'
import { allocateStepBuffers } from '../core/envs/types'
import { compileMix, mixOne } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { parseFlags, parseNumber, parseNumberList, parsePairs } from './args'
import { asUsage, UsageError } from './usage'

const FLAGS = ['env', 'state', 'actions', 'params', 'weights']

/** `trace`: one copy from an explicit state through a list of actions, one JSON line per step. */
export function traceCommand(argv: string[]): string {
  const flags = parseFlags('trace', argv, FLAGS)
  const envId = flags.get('env')
  if (envId === undefined) throw new UsageError(`trace needs --env; accepted: ${ENVIRONMENTS.map((d) => d.spec.id).join(', ')}`)
  const definition = asUsage(() => getEnv(envId))
  const params = asUsage(() => resolveParams(definition.spec, parsePairs(flags.get('params') ?? '', '--params')))
  const spec = asUsage(() => definition.describe(params))

  const stateText = flags.get('state')
  if (stateText === undefined) throw new UsageError(`trace needs --state with ${spec.stateVars.length} values for ${spec.id}: ${spec.stateVars.join(', ')}`)
  const state = parseNumberList(stateText, '--state value')
  if (state.length !== spec.stateVars.length) {
    throw new UsageError(`--state for ${spec.id} needs ${spec.stateVars.length} values (${spec.stateVars.join(', ')}), got ${state.length}`)
  }

  const actionsText = flags.get('actions')
  const acceptedActions = spec.actionLabels.map((label, a) => `${a} (${label})`).join(', ')
  if (actionsText === undefined) throw new UsageError(`trace needs --actions; accepted actions for ${spec.id}: ${acceptedActions}`)
  const actions = parseNumberList(actionsText, '--actions value')
  for (const action of actions) {
    if (!Number.isInteger(action) || action < 0 || action >= spec.numActions) {
      throw new UsageError(`action ${action} is out of range for ${spec.id}; accepted: ${acceptedActions}`)
    }
  }

  const weights: Record<string, number> = {}
  for (const [name, text] of Object.entries(parsePairs(flags.get('weights') ?? '', '--weights'))) {
    weights[name] = parseNumber(text, `weight "${name}"`)
  }
  const mix = asUsage(() => compileMix(spec, { weights }))

  const env = definition.create(1, params)
  asUsage(() => env.setState(0, state))
  const buffers = allocateStepBuffers(spec, 1)
  const actionBuffer = new Int32Array(1)
  // Drawn only by stochastic steps (a slippery lake, a bandit's payout): seeded, so a trace repeats.
  const rng = new Rng(0)
  const lines: string[] = []
  for (let t = 0; t < actions.length; t++) {
    actionBuffer[0] = actions[t]
    env.step(actionBuffer, buffers, rng, false)
    const components: Record<string, number> = {}
    spec.components.forEach((component, k) => {
      components[component.name] = buffers.components[k]
    })
    const terminated = buffers.terminated[0] === 1
    const truncated = buffers.truncated[0] === 1
    lines.push(
      JSON.stringify({
        t,
        state: Array.from(env.state),
        obs: Array.from(buffers.obs),
        components,
        reward: mixOne(mix.weights, buffers.components, 0),
        terminated,
        truncated,
      }),
    )
    if (terminated || truncated) break
  }
  return lines.join('\n') + '\n'
}
