import { z } from 'zod'
import { ownValue } from '../core/reservedNames'
import { MAX_TEAM_AGENTS, teamCredit, TEAM_CREDIT_METHODS, type TeamCreditMethod } from '../core/credit/team'
import { parseFlags } from './args'
import { assertFinite, parseJson, validateInput } from './json-input'
import { UsageError } from './usage'

/*
 * `credit`: team credit from coalition values given as JSON on stdin (src/core/credit/team.ts).
 * Coalitions are keyed by their sorted agent indices joined by ",": "" is the empty coalition,
 * "0,2" the coalition of agents 0 and 2.
 */

const SHAPE = '{"agents": n, "values": {"": v, "0": v, "1": v, "0,1": v, ...}} with all 2^n coalitions, each keyed by its sorted agent indices joined by ","'

const CreditInputSchema = z.strictObject({
  agents: z.number().int().min(1).max(MAX_TEAM_AGENTS),
  values: z.record(z.string(), z.number()),
})

export function creditCommand(argv: string[], readStdin: () => string): string {
  const flags = parseFlags('credit', argv, ['method'])
  const method = flags.get('method')
  if (method === undefined) throw new UsageError(`credit needs --method; accepted: ${TEAM_CREDIT_METHODS.join(', ')}`)
  if (!(TEAM_CREDIT_METHODS as readonly string[]).includes(method)) throw new UsageError(`unknown method "${method}" for credit; accepted: ${TEAM_CREDIT_METHODS.join(', ')}`)
  const raw = parseJson(readStdin(), SHAPE)
  const input = validateInput(raw, CreditInputSchema, SHAPE)
  const n = input.agents
  const coalitions = 2 ** n
  const keys = Array.from({ length: coalitions }, (_, mask) => coalitionKey(mask, n))
  const known = new Set(keys)
  // The keys as given: zod's record drops "__proto__" (JSON.parse keeps it as an own key), and it must be named.
  for (const key of Object.keys((raw as { values: object }).values)) {
    if (!known.has(key)) {
      throw new UsageError(`values has an unknown coalition "${key}"; for ${n} agents the keys are the sorted agent indices from 0 to ${n - 1} joined by "," ("" is the empty coalition), e.g. "${keys[coalitions - 1]}"`)
    }
  }
  const values = new Float64Array(coalitions)
  keys.forEach((key, mask) => {
    const value = ownValue(input.values, key)
    if (value === undefined) throw new UsageError(`values lacks coalition "${key}"; ${n} agents need all 2^${n} = ${coalitions} coalitions`)
    values[mask] = value
  })
  const credit = teamCredit(method as TeamCreditMethod, n, values)
  assertFinite(credit, 'credit')
  return `${JSON.stringify({ credit: Array.from(credit) })}\n`
}

/** Bitmask → "0,2" (agents 0 and 2), "" for the empty coalition. */
function coalitionKey(mask: number, n: number): string {
  const members: number[] = []
  for (let i = 0; i < n; i++) if ((mask >> i) & 1) members.push(i)
  return members.join(',')
}
