import type { z } from 'zod'
import type { EnvSpec } from '../envs/types'
import { parseRewardDesign, REWARD_MODEL_DEFAULT_NAME, RewardDesignSchema, type RewardDesign } from './designSchema'
import { rewardDesignProblems } from './rewardProblems'

/** The parts of a design one bad entry can be left out of, each an array or an object by name. */
const PARTS = ['weights', 'terms', 'shaping', 'bonuses', 'transforms', 'rewardModels', 'schedules', 'constraints'] as const

export type CheckedRewardDesign = { ok: true; design: RewardDesign } | { ok: false; problems: string[] }

/**
 * Every problem of a reward design read from a file, a link or the command line (an object, or
 * its JSON text), against the
 * environment `spec`, in one list: the schema's first; then, checked against the environment, the
 * entries that pass it (a bad term, shaping, bonus, reward model, transform chain or weight is
 * left out of that second check, and so is the weight of a term or reward model left out), so that
 * a file with a misspelt kind and an unknown variable names both, not only the first.
 */
export function checkRewardDesign(value: unknown, spec: EnvSpec): CheckedRewardDesign {
  const parsed = parseRewardDesign(value)
  if (parsed.ok) {
    const problems = rewardDesignProblems(parsed.design, spec)
    return problems.length > 0 ? { ok: false, problems } : parsed
  }
  const rest = parsed.refused ? passingEntries(parsed.refused.value, parsed.refused.issues) : null
  const salvaged = rest === null ? null : RewardDesignSchema.safeParse(rest.design)
  if (!rest || !salvaged?.success) return { ok: false, problems: parsed.problems }
  // The second check numbers the entries it saw; each problem gets its entry's number in the file.
  const renumbered = rewardDesignProblems(salvaged.data, spec).map((problem) =>
    problem.replace(/^(terms|shaping|bonuses|rewardModels)\[(\d+)\]/, (_, part: string, index: string) => `${part}[${rest.kept[part]?.[Number(index)] ?? index}]`),
  )
  return { ok: false, problems: [...parsed.problems, ...renumbered] }
}

/**
 * The design less every entry the schema refuses, and for each array part the file's index of
 * each entry kept; null where a problem is not inside one entry (the version, a whole part).
 */
function passingEntries(value: unknown, issues: readonly z.core.$ZodIssue[]): { design: Record<string, unknown>; kept: Record<string, number[]> } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const kept: Record<string, number[]> = {}
  const refused = new Map<string, Set<PropertyKey>>()
  for (const issue of issues) {
    const [part, entry] = issue.path
    if (typeof part !== 'string' || !(PARTS as readonly string[]).includes(part) || entry === undefined) return null
    refused.set(part, (refused.get(part) ?? new Set()).add(entry))
  }
  const design = value as Record<string, unknown>
  const rest: Record<string, unknown> = { ...design }
  const leftOutNames = new Set<string>()
  for (const [part, entries] of refused) {
    const whole = design[part]
    if (Array.isArray(whole)) {
      kept[part] = whole.flatMap((_, index) => (entries.has(index) ? [] : [index]))
      rest[part] = whole.filter((item, index) => {
        if (!entries.has(index)) return true
        const name = (part === 'terms' || part === 'rewardModels') && typeof item === 'object' && item !== null ? (item as Record<string, unknown>).name : undefined
        if (typeof name === 'string') leftOutNames.add(name)
        // A reward model left out unnamed took the default name, which its weight may use.
        else if (part === 'rewardModels' && name === undefined) leftOutNames.add(REWARD_MODEL_DEFAULT_NAME)
        return false
      })
    } else if (typeof whole === 'object' && whole !== null) {
      rest[part] = Object.fromEntries(Object.entries(whole).filter(([name]) => !entries.has(name)))
    } else return null
  }
  const weights = rest.weights
  if (typeof weights === 'object' && weights !== null && !Array.isArray(weights)) rest.weights = Object.fromEntries(Object.entries(weights).filter(([name]) => !leftOutNames.has(name)))
  return { design: rest, kept }
}
