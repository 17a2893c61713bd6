import type { TeamCredit } from './teamCreditSchema'

/**
 * Credit among teammates from coalition values. `values[S]` is v(S), the team's outcome if only
 * the agents in coalition S worked, indexed by the bitmask S (bit i set = agent i is in S), so it
 * holds 2^n values; v(N) = values[2^n − 1] is what the whole team achieved. Build it from the coop
 * environment with `teamValue(efforts, S, game)`.
 */

/** The methods that need nothing but v: `local` and `mix` also need each agent's own reward. */
export type TeamCreditMethod = Extract<TeamCredit, 'shared' | 'equal' | 'difference' | 'shapley'>
export const TEAM_CREDIT_METHODS: readonly TeamCreditMethod[] = ['shared', 'equal', 'difference', 'shapley']

/** Largest team whose 2^n coalitions we enumerate (Shapley costs n·2^n). */
export const MAX_TEAM_AGENTS = 20

/**
 *   shared:     c_i = v(N)                 everyone is paid the team's outcome (free-riding pays)
 *   equal:      c_i = v(N)/n
 *   difference: c_i = v(N) − v(N ∖ {i})   what the team would lose without agent i
 *   shapley:    c_i = Σ_{S ⊆ N∖{i}} |S|!(n − |S| − 1)!/n! · (v(S ∪ {i}) − v(S))
 */
export function teamCredit(method: TeamCreditMethod, n: number, values: ArrayLike<number>, out?: Float64Array): Float64Array {
  if (!Number.isInteger(n) || n < 1 || n > MAX_TEAM_AGENTS) throw new Error(`teamCredit: n must be an integer from 1 to ${MAX_TEAM_AGENTS}, got ${n}`)
  const coalitions = 2 ** n
  if (values.length !== coalitions) throw new Error(`teamCredit: ${n} agents need 2^${n} = ${coalitions} coalition values, got ${values.length}`)
  const credit = out ?? new Float64Array(n)
  if (credit.length !== n) throw new Error(`teamCredit: the output buffer must hold ${n} entries, it holds ${credit.length}`)
  const all = coalitions - 1
  const total = values[all]

  switch (method) {
    case 'shared':
      // c_i = v(N)
      credit.fill(total)
      break
    case 'equal':
      // c_i = v(N)/n
      credit.fill(total / n)
      break
    case 'difference':
      // c_i = v(N) − v(N ∖ {i})
      for (let i = 0; i < n; i++) credit[i] = total - values[all & ~(1 << i)]
      break
    case 'shapley':
      shapley(n, values, credit)
      break
    default:
      throw new Error(`teamCredit: unknown method "${String(method)}"; accepted: ${TEAM_CREDIT_METHODS.join(', ')}`)
  }
  return credit
}

/** α·local + (1 − α)·team, element by element. */
export function mixCredit(local: ArrayLike<number>, team: ArrayLike<number>, alpha: number, out?: Float64Array): Float64Array {
  if (local.length !== team.length) throw new Error(`mixCredit: ${local.length} local rewards but ${team.length} team credits`)
  const mixed = out ?? new Float64Array(local.length)
  if (mixed.length !== local.length) throw new Error(`mixCredit: the output buffer must hold ${local.length} entries, it holds ${mixed.length}`)
  // c_i = α·local_i + (1 − α)·team_i
  for (let i = 0; i < local.length; i++) mixed[i] = alpha * local[i] + (1 - alpha) * team[i]
  return mixed
}

/** The exact Shapley value: every agent's marginal contribution averaged over all n! orders of arrival. */
function shapley(n: number, values: ArrayLike<number>, credit: Float64Array): void {
  // w(s) = s!(n − s − 1)!/n! = 1/(n·C(n − 1, s)): the chance that exactly the s agents of S arrive before i
  const weights = new Float64Array(n)
  let choose = 1 // C(n − 1, s)
  for (let s = 0; s < n; s++) {
    weights[s] = 1 / (n * choose)
    choose = (choose * (n - 1 - s)) / (s + 1)
  }
  credit.fill(0)
  const coalitions = 2 ** n
  for (let S = 0; S < coalitions; S++) {
    const size = popcount(S)
    if (size === n) continue // no agent left to join N
    const weight = weights[size]
    for (let i = 0; i < n; i++) {
      const bit = 1 << i
      if (S & bit) continue
      // φ_i += w(|S|)·(v(S ∪ {i}) − v(S))
      credit[i] += weight * (values[S | bit] - values[S])
    }
  }
}

function popcount(mask: number): number {
  let count = 0
  for (let m = mask; m !== 0; m &= m - 1) count++
  return count
}
