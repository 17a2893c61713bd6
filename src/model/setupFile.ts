import { resolveEnvironment } from '../core/envs/registry'
import { checkRewardDesign } from '../core/rewards/checkRewardDesign'
import { rewardedSpec } from '../core/rewards/extras'
import { checkRunConfig } from '../core/run/checkRunConfig'
import { designOfRunConfig, extrasOf, rangeProblem, runConfigOf, schedulesPart, weightsOutOfRange, type Design, type RewardExtras } from './design'
import type { WeightSchedules } from '../core/rewards/weightSchedule'
import { errorMessage } from '../core/errorMessage'

/*
 * The two files the app writes and reads: a reward design (what `trace --mix FILE` reads) and a
 * whole setup, the run config `train --config FILE` reads (environment, its parameters, reward
 * design, learner, seed). Import tells them apart by their shape and checks everything before
 * anything changes.
 */

/** The largest file read; a setup is a few kilobytes. */
export const MAX_FILE_BYTES = 256 * 1024

/** What a file held, checked against the page: the reward to apply, or a whole design to load. */
export type ReadFile =
  | { ok: true; kind: 'design'; reward: RewardExtras; weights: Record<string, number>; schedules?: WeightSchedules }
  | { ok: true; kind: 'setup'; design: Design }
  | { ok: false; problems: string[] }


/** The whole setup as JSON text (2-space indented), in the schema `train --config FILE` accepts. */
/** What Export setup says it wrote, and what it did not: a setup is one run's design, not the page's labels, pins or sweeps. */
export function setupExportText(fileName: string): string {
  return `Exported ${fileName}: the environment, its parameters, the reward design, the learner and the seed (train --config reads it). Labels, pins and sweeps are not in it: export them from their own panels.`
}

export function setupToJson(design: Design): string {
  return JSON.stringify(runConfigOf(design), null, 2)
}

/** A run config has these keys; a reward design has none of them. */
const SETUP_KEYS = ['env', 'learner', 'mix', 'seed']

/**
 * Read an exported file: a whole setup when its object has any of env, learner, mix or seed, a
 * reward design otherwise (checked against `current`'s environment). Every problem is listed.
 */
export function readDesignOrSetup(text: string, current: Design): ReadFile {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    // The parser quotes the text around the fault, which may hold line breaks: one line, like every problem.
    return { ok: false, problems: [`not valid JSON (${errorMessage(error).replace(/\s+/g, ' ')}); accepted: a reward design or a whole setup as exported by this app`] }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: ['expected a JSON object: a reward design {"weights", "terms", "shaping", "bonuses", "transforms", "rewardModels", "schedules"} or a whole setup {"env", "mix", "learner", "seed"}'] }
  }
  return SETUP_KEYS.some((key) => Object.hasOwn(raw, key)) ? readSetup(raw) : readRewardDesign(raw, current)
}

function readSetup(raw: object): ReadFile {
  const checked = checkRunConfig(raw)
  if (!checked.ok) return checked
  const { design, outOfRange } = designOfRunConfig(checked.config)
  if (outOfRange.length > 0) return { ok: false, problems: outOfRange.map((weight) => `mix.${rangeProblem(weight)}`) }
  return { ok: true, kind: 'setup', design }
}

function readRewardDesign(raw: object, current: Design): ReadFile {
  const base = resolveEnvironment(current.envId, current.params).spec
  const parsed = checkRewardDesign(raw, base)
  if (!parsed.ok) return parsed
  const problems = weightsOutOfRange(parsed.design.weights, rewardedSpec(base, parsed.design)).map(rangeProblem)
  // The page takes a cost's budget only with a whole setup (the design it loads), not onto the design in use.
  if (parsed.design.constraints !== undefined) problems.push('constraints: a reward design file\'s budgets are not applied to the design in use; accepted: the same reward as "mix" of a whole setup {"env", "mix", "learner", "seed"}')
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, kind: 'design', reward: extrasOf(parsed.design), weights: parsed.design.weights, ...schedulesPart(parsed.design.schedules) }
}
