import { A_INDEX, B_INDEX, MAX_LENGTH_INDEX, T_INDEX, TOKENS_INDEX } from '../envs/tokenseq'
import type { TokenCompletion } from './tokenFeatures'
import { pairsPerGroup } from './tokenPairs'

/*
 * The completions a batch of the token task holds once every copy has ended (a group learner's
 * rollout: each copy keeps its prompt and tokens until the next round), read from the copies'
 * state, and paired within each group of G as tokenPairs.ts says.
 */

/** Copy i's completion, from the state of n copies of `stride` values each. */
export function completionOfCopy(state: ArrayLike<number>, stride: number, i: number): TokenCompletion {
  const base = i * stride
  const count = state[base + T_INDEX]
  return {
    prompt: [state[base + A_INDEX], state[base + B_INDEX]],
    tokens: Array.from({ length: count }, (_, j) => state[base + TOKENS_INDEX + j]),
    maxLength: state[base + MAX_LENGTH_INDEX],
  }
}

/** The pairs of a batch of `n` copies in groups of `groupSize` (one prompt each): ⌊G/2⌋ a group, group by group. */
export function batchPairs(state: ArrayLike<number>, stride: number, n: number, groupSize: number): [TokenCompletion, TokenCompletion][] {
  const pairs: [TokenCompletion, TokenCompletion][] = []
  for (let leader = 0; leader + groupSize <= n; leader += groupSize) {
    for (let j = 0; j < pairsPerGroup(groupSize); j++) pairs.push([completionOfCopy(state, stride, leader + 2 * j), completionOfCopy(state, stride, leader + 2 * j + 1)])
  }
  return pairs
}
