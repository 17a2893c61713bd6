import { redistributeEpisodes } from './transforms'

/**
 * Redistribute part of a rollout's rewards, in place: `contributions` [T × n] holds the weighted
 * contributions to spread (Σ_{k redistributed} w_k·c_k,t); each episode's share becomes its mean,
 *   r_t ← r_t − c_t + (Σ_{u ∈ episode} c_u) / L,
 * so every episode keeps its return while the credit spreads evenly over its steps. An episode still
 * running at the end of the segment is spread over the steps the segment holds.
 */
export function redistributeRollout(
  rewards: Float32Array | Float64Array,
  contributions: Float64Array,
  terminated: ArrayLike<number>,
  truncated: ArrayLike<number>,
  n: number,
): void {
  const original = contributions.slice()
  const dones = new Uint8Array(contributions.length)
  for (let index = 0; index < dones.length; index++) dones[index] = terminated[index] || truncated[index] ? 1 : 0
  redistributeEpisodes(contributions, dones, n)
  for (let index = 0; index < rewards.length; index++) rewards[index] += contributions[index] - original[index]
}
