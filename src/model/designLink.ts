import { ENVIRONMENTS, resolveEnvironment } from '../core/envs/registry'
import { formatParamValue } from '../core/envs/params'
import { errorMessage } from '../core/errorMessage'
import { ownValue } from '../core/reservedNames'
import type { EnvSpec } from '../core/envs/types'
import { defaultMix } from '../core/rewards/mix'
import { RewardDesignSchema } from '../core/rewards/designSchema'
import { checkRewardDesign } from '../core/rewards/checkRewardDesign'
import { rewardedSpec } from '../core/rewards/extras'
import { DEFAULT_ENV_ID, defaultDesign, extrasOf, hasExtras, MAX_SEED, NO_EXTRAS, specOf, truncate, type Design, type RewardExtras } from './design'
import { learnerFromQuery, learnerToQuery } from './learnerCodec'
import { summariseProblems } from './problemList'
import { SCHEDULE_KEY_PREFIX, schedulesFromQuery, schedulesToQuery } from './scheduleLink'
import { CONSTRAINT_KEY_PREFIX, constraintsFromQuery, constraintsToQuery } from './constraintLink'
import { LINK } from './linkKeys'

/* A design as URL search parameters, and back: what a shared link holds. */

/**
 * The most characters of reward models (their JSON) a link carries. A linear model of the token
 * task's 15 features is under 400 characters a member, so the page's ensembles of up to 5 fit many
 * times over; an MLP member ([15, 32, 32, 1], some 1,600 numbers) is about 35,000 and does not: it
 * travels in a design file or a saved run. The bound keeps an address one can share, and well
 * inside what a compressed link may inflate to (MAX_INFLATED_BYTES, 64 KiB, state/link/rewardLink.ts).
 */
export const MAX_LINK_REWARD_MODEL_CHARS = 16 * 1024

/** The characters of these reward models' JSON where it is too long for a link; null when a link carries them (or there are none). */
export function rewardModelsTooLongForLink(reward: Pick<RewardExtras, 'rewardModels'>): number | null {
  if (!reward.rewardModels || reward.rewardModels.length === 0) return null
  const length = JSON.stringify(reward.rewardModels).length
  return length > MAX_LINK_REWARD_MODEL_CHARS ? length : null
}

/** Why a link cannot carry these reward models (their JSON is too long), or null when it can. */
export function rewardModelsLinkProblem(reward: Pick<RewardExtras, 'rewardModels'>): string | null {
  const length = rewardModelsTooLongForLink(reward)
  if (length === null) return null
  return `rewardModels: ${length} characters of reward models, more than the ${MAX_LINK_REWARD_MODEL_CHARS} a link carries (an MLP model is larger); open the design from a file (Import) or a saved run instead`
}

/** The extras a link writes: all of them, less reward models too long for a link (rewardModelsLinkProblem). */
function extrasForLink(reward: RewardExtras): RewardExtras {
  if (rewardModelsLinkProblem(reward) === null) return reward
  return extrasOf({ ...reward, rewardModels: undefined })
}

/**
 * Read a design from URL search parameters: `env`, `seed`, `p.<param>`, `w.<component>`, the
 * weights' schedules as `ws.<component>` (scheduleLink.ts), costs' budgets as `wc.<component>`
 * (constraintLink.ts), and the learner as `l=<kind>` with
 * `l.<field>` (learnerCodec.ts).
 * Anything unknown or out of range is ignored and named in `ignored`, so a tampered link still
 * opens a working design and tells the user what it dropped. Nothing from the URL is executed.
 */
export function designFromSearch(search: string): { design: Design; ignored: string[] } {
  const query = new URLSearchParams(search)
  const ignored: string[] = []
  const envId = query.get(LINK.env) ?? DEFAULT_ENV_ID
  const known = ENVIRONMENTS.some((env) => env.spec.id === envId)
  if (!known) ignored.push(`env "${truncate(envId)}" (accepted: ${ENVIRONMENTS.map((env) => env.spec.id).join(', ')})`)
  const design = defaultDesign(known ? envId : DEFAULT_ENV_ID)

  const rawSeed = query.get(LINK.seed)
  if (rawSeed !== null) {
    // Digits only: Number('') is 0 and Number('1e-400') underflows to 0, so either would silently become seed 0.
    const seed = /^\s*\d+\s*$/.test(rawSeed) ? Number(rawSeed) : NaN
    if (Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED) design.seed = seed
    else ignored.push(`seed "${truncate(rawSeed)}" (accepted: an integer from 0 to ${MAX_SEED})`)
  }

  // One parameter at a time, so a bad one is dropped and the rest kept; the environment checks each
  // against those before it (a drawn layout, say).
  let baseSpec = resolveEnvironment(design.envId, design.params).spec
  for (const [key, value] of query) {
    if (key.startsWith(LINK.param)) {
      const name = key.slice(LINK.param.length)
      try {
        const resolved = resolveEnvironment(design.envId, { ...design.params, [name]: value })
        design.params = resolved.params
        baseSpec = resolved.spec
      } catch (error) {
        ignored.push(`parameter ${truncate(name)}: ${errorMessage(error)}`)
      }
    }
  }
  design.learner = learnerFromQuery(query, baseSpec, ignored)
  const rawReward = query.get(LINK.reward)
  if (rawReward !== null) design.reward = rewardFromText(rawReward, baseSpec, ignored)
  const spec = rewardedSpec(baseSpec, RewardDesignSchema.parse(design.reward))
  design.weights = defaultMix(spec).weights
  for (const [key, value] of query) {
    if (!key.startsWith(LINK.weight)) continue
    const name = key.slice(LINK.weight.length)
    const component = spec.components.find((c) => c.name === name)
    const weight = Number(value)
    if (!component) ignored.push(`weight of unknown component "${truncate(name)}" (accepted: ${spec.components.map((c) => c.name).join(', ')})`)
    else if (value.trim() === '' || !Number.isFinite(weight) || weight < component.range[0] || weight > component.range[1]) {
      ignored.push(`weight of ${name} "${truncate(value)}" (accepted: a number from ${component.range[0]} to ${component.range[1]})`)
    } else design.weights[name] = weight
  }
  const schedules = schedulesFromQuery(query, spec, ignored)
  if (schedules !== undefined) design.schedules = schedules
  const constraints = constraintsFromQuery(query, spec, schedules, ignored)
  if (constraints !== undefined) design.constraints = constraints
  return { design, ignored }
}

/** The URL search string for a design; only values that differ from the defaults are written. */
export function designToSearch(design: Design, keep: URLSearchParams = new URLSearchParams()): string {
  const query = new URLSearchParams()
  for (const [key, value] of keep) query.set(key, value)
  query.set(LINK.env, design.envId)
  query.set(LINK.seed, String(design.seed))
  const defaults = resolveEnvironment(design.envId).params
  for (const [name, value] of Object.entries(design.params)) {
    const text = formatParamValue(value)
    const defaultValue = ownValue(defaults, name)
    if (defaultValue === undefined || formatParamValue(defaultValue) !== text) query.set(`${LINK.param}${name}`, text)
  }
  // A model too long for a link is left out with its weight: the link opens the design without it.
  const reward = extrasForLink(design.reward)
  const spec = specOf({ ...design, reward })
  if (hasExtras(reward)) query.set(LINK.reward, canonicalExtrasJson(reward))
  for (const component of spec.components) {
    const weight = ownValue(design.weights, component.name)
    if (weight !== undefined && weight !== component.defaultWeight) query.set(`${LINK.weight}${component.name}`, String(weight))
  }
  // A schedule of a component the link leaves out (a model too long for it) goes with it.
  schedulesToQuery(design.schedules, spec, query)
  constraintsToQuery(design.constraints, spec, query)
  learnerToQuery(design.learner, query)
  return `?${query.toString()}`
}

/** The extras as JSON in the schema's own key order, so one design always gives one link. */
function canonicalExtrasJson(reward: RewardExtras): string {
  return JSON.stringify(extrasOf(RewardDesignSchema.parse(reward)))
}

/**
 * The reward extras from the `r` parameter (JSON). A malformed or misfitting design is dropped
 * whole, with every problem named; nothing in it is executed (expressions are only parsed).
 */
function rewardFromText(text: string, spec: EnvSpec, ignored: string[]): RewardExtras {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    ignored.push('reward design "r" (not valid JSON)')
    return NO_EXTRAS
  }
  const checked = checkRewardDesign(json, spec)
  const tooLong = checked.ok ? rewardModelsLinkProblem(checked.design) : null
  const problems = checked.ok ? (tooLong === null ? [] : [tooLong]) : checked.problems
  if (!checked.ok || problems.length > 0) {
    ignored.push(`reward design: ${summariseProblems(problems)}`)
    return NO_EXTRAS
  }
  // A design file's schedules are the weights' (ws.<component> in a link), not the reward extras': say so rather than drop them.
  if (checked.design.schedules !== undefined && Object.keys(checked.design.schedules).length > 0) {
    ignored.push(`reward design "r": its schedules (a link gives a weight's schedule as ${SCHEDULE_KEY_PREFIX}<component>=<kind>_<from>_<to>_<steps>, e.g. ${SCHEDULE_KEY_PREFIX}alive=linear_1_0_10000)`)
  }
  if (checked.design.constraints !== undefined && Object.keys(checked.design.constraints).length > 0) {
    ignored.push(`reward design "r": its constraints (a link gives a cost's budget as ${CONSTRAINT_KEY_PREFIX}<component>=<budget>_<stepSize>_<initial>, e.g. ${CONSTRAINT_KEY_PREFIX}work=10_0.01_0)`)
  }
  return extrasOf(checked.design)
}
