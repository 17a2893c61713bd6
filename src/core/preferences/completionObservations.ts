import { EMPTY, END, isTokenSeqEnv, MAX_LENGTH_INDEX, A_INDEX, B_INDEX, T_INDEX, TOKENS_INDEX, tokenseq, tokenSeqLayout } from '../envs/tokenseq'
import type { EnvParams } from '../envs/types'
import type { TokenCompletion } from './tokenFeatures'

/*
 * Teacher forcing on the token task: the observation the policy chose each token of a given
 * completion in, built by the environment itself. One copy of tokenseq is put in the state it
 * holds before token j (the prompt, the first j tokens written, t = j; nothing else in the state is
 * observed) and observes it, exactly as it observes a copy that wrote those tokens; so a sampled
 * completion's rebuilt observations are the sampler's own, bit for bit.
 */

/**
 * Why `completion` cannot have been written under `params` (as "…: why"), or null: prompts are
 * digits, tokens the task's, `end` only last, at most max_length tokens, and a completion that has
 * not ended is max_length long.
 */
export function completionProblem(completion: TokenCompletion, maxLength: number): string | null {
  const { tokens } = completion
  if (tokens.length === 0) return 'an empty completion'
  if (tokens.length > maxLength) return `${tokens.length} tokens, more than max_length ${maxLength}`
  const endAt = tokens.indexOf(END)
  if (endAt >= 0 && endAt !== tokens.length - 1) return `end at token ${endAt + 1} of ${tokens.length}; end is the last token written`
  if (endAt < 0 && tokens.length !== maxLength) return `${tokens.length} token${tokens.length === 1 ? '' : 's'} without end; a completion that does not end is cut at max_length ${maxLength}`
  return null
}

/**
 * Every token's observation of each completion, completion after completion (Σ lengths × obsSize,
 * row-major), under `params`. Each completion must be one the task can write (completionProblem).
 */
export function completionObservations(completions: readonly TokenCompletion[], params: EnvParams): Float32Array {
  const env = tokenseq.create(1, params)
  if (!isTokenSeqEnv(env)) throw new Error('completionObservations: tokenseq did not build a token-sequence environment')
  const { obsSize } = env.spec
  const maxLength = env.state[MAX_LENGTH_INDEX]
  const { stride } = tokenSeqLayout(maxLength)
  let rows = 0
  for (const completion of completions) rows += completion.tokens.length
  const observations = new Float32Array(rows * obsSize)
  const state = new Float64Array(stride).fill(EMPTY)
  const one = new Float32Array(obsSize)
  let row = 0
  for (const completion of completions) {
    const problem = completionProblem(completion, maxLength)
    if (problem !== null) throw new Error(`completion ${completion.tokens.join(' ')} of ${completion.prompt[0]} + ${completion.prompt[1]}: ${problem}`)
    state.fill(EMPTY)
    state[MAX_LENGTH_INDEX] = maxLength
    state[A_INDEX] = completion.prompt[0]
    state[B_INDEX] = completion.prompt[1]
    for (let j = 0; j < completion.tokens.length; j++) {
      // The state before token j: j tokens written.
      state[T_INDEX] = j
      if (j > 0) state[TOKENS_INDEX + j - 1] = completion.tokens[j - 1]
      env.setState(0, state)
      env.observe(0, one)
      observations.set(one, row * obsSize)
      row++
    }
  }
  return observations
}
