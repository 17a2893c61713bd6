import type { GroupEstimator } from '../core/credit/estimatorSchema'
import { COMBINES } from '../core/credit/estimatorSettings'
import { parseRolloutDesign, RolloutDesignSchema, type RolloutDesign } from '../core/rollouts/rolloutDesign'
import { parseNumber, parsePairs } from './args'
import { groupEstimator, presetEstimator } from './groupEstimatorFlags'
import { readInputFile, sourceName } from './input-file'
import { listProblems } from './message'
import { UsageError } from './usage'

/*
 * The design `rollouts` scores a file under: a RolloutDesign in a JSON file (--design FILE, or -
 * for stdin), or the flags --weights, --combine and the group estimator's (--estimator group,
 * --center, --scale, --rank, --eps, --batch-normalize, or --preset), never both. Both become one
 * RolloutDesign, validated by the same schema the page uses.
 */

/** The flags and switches that give the design in place of --design. */
export const DESIGN_FLAGS = ['weights', 'combine', 'estimator', 'center', 'scale', 'eps', 'preset']
export const DESIGN_SWITCHES = ['rank', 'batch-normalize']

/** Where the design came from, so that a problem with the file's components says what to change. */
export type DesignOrigin = { kind: 'flags'; weightsNamed: boolean } | { kind: 'file'; source: string }

export function rolloutDesignOf(flags: Map<string, string>, switches: Set<string>, readStdin: () => string): { design: RolloutDesign; origin: DesignOrigin } {
  const path = flags.get('design')
  if (path === undefined) {
    const named = weightsFlag(flags)
    const parsed = RolloutDesignSchema.safeParse({ components: named === null ? undefined : Object.fromEntries([...named].map(([name, weight]) => [name, { weight }])), estimator: estimatorOf(flags, switches) })
    if (!parsed.success) throw new UsageError(`--weights: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`)
    return { design: parsed.data, origin: { kind: 'flags', weightsNamed: named !== null } }
  }
  const clash = DESIGN_FLAGS.find((flag) => flags.has(flag)) ?? DESIGN_SWITCHES.find((name) => switches.has(name))
  if (clash !== undefined) throw new UsageError(`--design gives the whole design; give --design or --${clash}, not both`)
  const source = sourceName(path)
  const text = readInputFile('--design', path, readStdin)
  const parsed = parseRolloutDesign(text)
  if (!parsed.ok) {
    const count = parsed.problems.length === 1 ? '1 problem' : `${parsed.problems.length} problems`
    throw new UsageError(`the rollout design in --design ${source} has ${count}: ${listProblems(parsed.problems)}`)
  }
  return { design: parsed.design, origin: { kind: 'file', source } }
}

/** A problem of the design against the file (designedTable), said with what to change. */
export function designProblem(problem: string, origin: DesignOrigin): UsageError {
  if (origin.kind === 'file') return new UsageError(`--design ${origin.source}: ${problem}`)
  return new UsageError(origin.weightsNamed ? `--weights: ${problem}` : `${problem}; give --weights name=w,...`)
}

/** --weights name=w,...: null where not given. */
function weightsFlag(flags: Map<string, string>): Map<string, number> | null {
  const text = flags.get('weights')
  if (text === undefined) return null
  const pairs = parsePairs(text, '--weights')
  if (pairs.size === 0) throw new UsageError("--weights is empty; give name=w,... with names of the file's components")
  return new Map([...pairs].map(([name, value]) => [name, parseNumber(value, `--weights ${name}`)]))
}

/** --estimator group (the only one: the others read more than a rollout file holds) with its centre and scale, or --preset. */
function estimatorOf(flags: Map<string, string>, switches: Set<string>): GroupEstimator {
  const named = flags.get('estimator')
  if (named !== undefined && named !== 'group') throw new UsageError(`rollouts takes --estimator group (the other estimators read more than a rollout file holds: greedy completions, token counts, per-token rewards); accepted: group`)
  const combine = flags.get('combine') ?? 'sum'
  if (!(COMBINES as readonly string[]).includes(combine)) throw new UsageError(`unknown --combine "${combine}"; accepted: ${COMBINES.join(', ')}`)
  const estimator = presetEstimator(flags, switches) ?? groupEstimator(flags, switches)
  return { ...estimator, combine: combine as GroupEstimator['combine'] }
}
