import type { Rng } from '../rng'
import { sigmoid } from './logistic'

/*
 * The simulated labeler: it knows each item's gold score g and prefers a to b with the
 * Bradley–Terry probability at temperature T,
 *
 *   P(a ≻ b) = σ((g_a − g_b)/T),
 *
 * so T sets how noisy its labels are: T → ∞ is a coin flip, T → 0 always picks the higher score.
 */

/** P(a ≻ b); T = 0 is the deterministic labeler: 1, 0 or (a tie) 1/2 as g_a >, < or = g_b. */
export function preferenceProbability(goldA: number, goldB: number, temperature: number): number {
  if (!(Number.isFinite(temperature) && temperature >= 0)) throw new Error(`preferenceProbability: the temperature must be a finite number ≥ 0, got ${temperature}`)
  if (!Number.isFinite(goldA) || !Number.isFinite(goldB)) throw new Error(`preferenceProbability: gold scores must be finite, got ${goldA} and ${goldB}`)
  // The limit of σ(Δ/T) as T → 0⁺: a step, which (Δ/0 being ±Infinity or NaN) is written out.
  if (temperature === 0) return goldA > goldB ? 1 : goldA < goldB ? 0 : 0.5
  // Δ/T may overflow to ±Infinity for a tiny T: σ takes it to exactly 1 or 0.
  return sigmoid((goldA - goldB) / temperature)
}

/** One label drawn from the labeler: "a" with probability P(a ≻ b), one uniform draw from `rng`. */
export function drawPreference(goldA: number, goldB: number, temperature: number, rng: Rng): 'a' | 'b' {
  const probability = preferenceProbability(goldA, goldB, temperature)
  // uniform() is in [0, 1): P = 1 always gives a, P = 0 never does
  return rng.uniform() < probability ? 'a' : 'b'
}
