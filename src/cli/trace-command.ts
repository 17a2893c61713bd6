import { ENVIRONMENTS, resolveEnvironment } from '../core/envs/registry'
import { allocateStepBuffers } from '../core/envs/types'
import { designWeights } from '../core/rewards/extras'
import { compileMix, mixOne } from '../core/rewards/mix'
import { withRewardDesign } from '../core/rewards/rewardedEnv'
import { Rng } from '../core/rng'
import { parseFlags, parseNumber, parseNumberList, parsePairs } from './args'
import { loadRewardDesign } from './design-input'
import { readInputFile, sourceName } from './input-file'
import { assertFinite, assertFiniteValue } from './json-input'
import { asUsage, UsageError } from './usage'

const FLAGS = ['env', 'state', 'actions', 'params', 'weights', 'mix']

/**
 * `trace`: one copy from an explicit state through a list of actions, one JSON line per step.
 * With --mix the environment is seen through that reward design, so its terms, shaping and bonuses
 * are further components; --weights then overrides the design's weights.
 */
export function traceCommand(argv: string[], readStdin: () => string): string {
  const flags = parseFlags('trace', argv, FLAGS)
  const envId = flags.get('env')
  if (envId === undefined) throw new UsageError(`trace needs --env; accepted: ${ENVIRONMENTS.map((d) => d.spec.id).join(', ')}`)
  const { definition, params, spec } = asUsage(() => resolveEnvironment(envId, Object.fromEntries(parsePairs(flags.get('params') ?? '', '--params'))))

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

  // fromEntries makes every name an own key, "__proto__" too, so compileMix names each one the environment lacks.
  const weights = Object.fromEntries([...parsePairs(flags.get('weights') ?? '', '--weights')].map(([name, text]) => [name, parseNumber(text, `weight "${name}"`)]))
  const mixPath = flags.get('mix')
  const design = mixPath === undefined ? null : loadRewardDesign(readInputFile('--mix', mixPath, readStdin), sourceName(mixPath), spec)
  const env = design === null ? definition.create(1, params) : asUsage(() => withRewardDesign(definition.create(1, params), design))
  const designed = design === null ? {} : designWeights(design, spec)
  const mix = asUsage(() => compileMix(env.spec, { weights: { ...designed, ...weights } }))

  asUsage(() => env.setState(0, state))
  const buffers = allocateStepBuffers(env.spec, 1)
  const actionBuffer = new Int32Array(1)
  // Drawn only by stochastic steps (a slippery lake, a bandit's payout): seeded, so a trace repeats.
  const rng = new Rng(0)
  const steps: { t: number; state: number[]; obs: number[]; components: Float64Array; terminated: boolean; truncated: boolean }[] = []
  for (let t = 0; t < actions.length; t++) {
    actionBuffer[0] = actions[t]
    // A design's own term or potential can come out NaN or ±Infinity at a state: that is the input's fault.
    if (design === null) env.step(actionBuffer, buffers, rng, false)
    else asUsage(() => env.step(actionBuffer, buffers, rng, false))
    const terminated = buffers.terminated[0] === 1
    const truncated = buffers.truncated[0] === 1
    steps.push({ t, state: Array.from(env.state), obs: Array.from(buffers.obs), components: buffers.components.slice(), terminated, truncated })
    if (terminated || truncated) break
  }
  // A component whose transforms end with redistribute is spread evenly over the episode's steps, as
  // a learner does with a rollout segment: here the traced steps are the one episode (or its start).
  for (const k of env.redistributed ?? []) {
    let sum = 0
    for (const step of steps) sum += step.components[k]
    for (const step of steps) step.components[k] = sum / steps.length
  }
  const componentNames = env.spec.components.map((component) => component.name)
  const lines = steps.map(({ components, ...step }) => {
    const reward = mixOne(mix.weights, components, 0)
    // JSON would print an overflowed value as null: refuse, naming the step and the value.
    const at = `step ${step.t}:`
    assertFinite(step.state, `${at} state`, spec.stateVars)
    assertFinite(step.obs, `${at} obs`)
    assertFinite(components, `${at} component`, componentNames)
    assertFiniteValue(reward, `${at} reward`)
    // Object.fromEntries: a component's name is data, never a key that reaches Object.prototype.
    const named = Object.fromEntries(componentNames.map((name, k) => [name, components[k]]))
    return JSON.stringify({ t: step.t, state: step.state, obs: step.obs, components: named, reward, terminated: step.terminated, truncated: step.truncated })
  })
  return lines.join('\n') + '\n'
}
