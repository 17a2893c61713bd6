import type { Rng } from '../rng'
import { END, NUM_TOKENS, THINK, TOKEN_LABELS } from '../envs/tokenseq'
import { drawPreference, preferenceProbability } from './labeler'
import { MAX_LABELER_BIAS } from './limits'
import { FORMAT_FEATURE, tokenCount, tokenFeatures, tokenGold, type TokenCompletion } from './tokenFeatures'

/*
 * The simulated labeler of the token task with biases. Each bias is its own named term with a
 * weight w_k and a feature f_k of the completion; the labeler scores a completion by
 *
 *   s = gold + Σ_k w_k·f_k
 *
 * and prefers a to b with the Bradley–Terry probability over those scores, P(a ≻ b) = σ((s_a − s_b)/T)
 * (labeler.ts; T = 0 picks the higher score, a tie at 1/2). The terms:
 *   length       f = tokens written, end included (w per token: a labeler who likes long answers)
 *   format       f = the format component, 1 for a well-formed answer (think* D end)
 *   token:<id>   f = how many times token id (0–9 a digit, 10 think, 11 end) occurs
 * With no bias the labeler judges by the gold alone.
 */

export type LabelerBias = { kind: 'length'; weight: number } | { kind: 'format'; weight: number } | { kind: 'token'; token: number; weight: number }

/** The bias's name as the command line writes it: length, format, token:7. */
export function biasName(bias: LabelerBias): string {
  return bias.kind === 'token' ? `token:${bias.token}` : bias.kind
}

/** f_k: the feature of the completion the bias weighs. */
export function biasFeature(bias: LabelerBias, completion: TokenCompletion): number {
  switch (bias.kind) {
    case 'length':
      return completion.tokens.length
    case 'format':
      return tokenFeatures(completion)[FORMAT_FEATURE]
    case 'token':
      return tokenCount(completion, bias.token)
  }
}

/** Each bias a finite weight within ±MAX_LABELER_BIAS, a token one the task has, and every term at most once. */
export function checkLabelerBiases(biases: readonly LabelerBias[]): void {
  const seen = new Set<string>()
  for (const bias of biases) {
    const name = biasName(bias)
    if (seen.has(name)) throw new Error(`the labeler bias ${name} is given twice`)
    seen.add(name)
    if (!(Number.isFinite(bias.weight) && Math.abs(bias.weight) <= MAX_LABELER_BIAS)) {
      throw new Error(`the labeler bias ${name} must weigh a finite number from ${-MAX_LABELER_BIAS} to ${MAX_LABELER_BIAS}, got ${bias.weight}`)
    }
    if (bias.kind === 'token' && !(Number.isInteger(bias.token) && bias.token >= 0 && bias.token < NUM_TOKENS)) {
      throw new Error(`token:${bias.token} names no token; accepted: token:0 … token:9 (digits), token:${THINK} (${TOKEN_LABELS[THINK]}), token:${END} (${TOKEN_LABELS[END]})`)
    }
  }
}

/** s = gold + Σ_k w_k·f_k. */
export function labelerScore(completion: TokenCompletion, biases: readonly LabelerBias[]): number {
  let score = tokenGold(completion)
  for (const bias of biases) score += bias.weight * biasFeature(bias, completion)
  return score
}

export interface TokenPairLabel {
  /** P(a ≻ b) = σ((s_a − s_b)/T). */
  probability: number
  label: 'a' | 'b'
}

/** The labeler's verdict on a pair: its probability of preferring a, and one label drawn with one uniform from `rng`. */
export function labelTokenPair(a: TokenCompletion, b: TokenCompletion, temperature: number, biases: readonly LabelerBias[], rng: Rng): TokenPairLabel {
  checkLabelerBiases(biases)
  const scoreA = labelerScore(a, biases)
  const scoreB = labelerScore(b, biases)
  return { probability: preferenceProbability(scoreA, scoreB, temperature), label: drawPreference(scoreA, scoreB, temperature, rng) }
}
