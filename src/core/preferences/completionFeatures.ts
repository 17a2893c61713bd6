import { A_INDEX, B_INDEX, completionEnded, MAX_LENGTH_INDEX, T_INDEX, TOKENS_INDEX } from '../envs/tokenseq'
import { ENVIRONMENTS } from '../envs/registry'
import type { EnvSpec } from '../envs/types'
import { TOKEN_FEATURE_NAMES, tokenFeatures } from './tokenFeatures'

/*
 * The environments that declare features of a finished episode for a reward model to score, and
 * how each reads them from what it knows when the episode ends: its final state. Only the token
 * task does in this stage (a completion: its prompt and tokens, scored by tokenFeatures); the
 * trajectory segments of CartPole and the grid worlds are to come.
 */

export interface CompletionFeatures {
  /** The feature names, in the order featuresOf writes them: a reward model must be fitted on exactly these. */
  readonly names: readonly string[]
  /**
   * Whether a step from this copy state (at `base`) can end a completion: false where it had
   * ended already and the environment only reports that end again (a group learner steps a
   * finished copy until its whole group is done), so that nothing is paid twice.
   */
  canEnd(stateBefore: ArrayLike<number>, base: number): boolean
  /** The features of the completion the copy state at `base` holds (its final state), into out from `offset`. */
  featuresOf(finalState: ArrayLike<number>, base: number, out: Float64Array, offset: number): void
}

/** The token task's completion, read from a tokenseq state: the prompt a + b and the t tokens written. */
const tokenSeqFeatures: CompletionFeatures = {
  names: TOKEN_FEATURE_NAMES,
  canEnd: (stateBefore, base) => !completionEnded(stateBefore, base),
  featuresOf(finalState, base, out, offset) {
    const count = finalState[base + T_INDEX]
    const tokens = Array.from({ length: count }, (_, j) => finalState[base + TOKENS_INDEX + j])
    // tokenFeatures itself, so that the score paid is the one a pairs file's features would get.
    out.set(tokenFeatures({ prompt: [finalState[base + A_INDEX], finalState[base + B_INDEX]], tokens, maxLength: finalState[base + MAX_LENGTH_INDEX] }), offset)
  },
}

/**
 * What `spec`'s environment declares for a reward model, or null when it declares nothing: a
 * completion of tokens (spec.completions, the token task's state layout) has the token task's features.
 */
export function completionFeaturesFor(spec: Pick<EnvSpec, 'completions'>): CompletionFeatures | null {
  return spec.completions === 'tokens' ? tokenSeqFeatures : null
}

/** The environments whose episodes a reward model can score, for messages. */
export const FEATURED_ENVIRONMENTS: readonly string[] = ENVIRONMENTS.filter((definition) => completionFeaturesFor(definition.spec) !== null).map((definition) => definition.spec.id)
