import { A_INDEX, B_INDEX, completionEnded, MAX_LENGTH_INDEX, T_INDEX, TOKENS_INDEX } from '../envs/tokenseq'
import { ENVIRONMENTS } from '../envs/registry'
import type { EnvSpec } from '../envs/types'
import { TOKEN_STEP_FEATURE_NAMES, tokenStepFeatures } from './tokenStepFeatures'

/*
 * The environments that declare features of each step of an episode for a process reward model to
 * score, and how each reads them from the copy's state once the step is taken. Only the token task
 * does: the step is the token just written, its features those of the prefix (tokenStepFeatures).
 */

export interface CompletionStepFeatures {
  readonly names: readonly string[]
  /** Whether a step from this copy state writes a token: false where the completion had ended already. */
  canStep(stateBefore: ArrayLike<number>, base: number): boolean
  /** The features of the last step the copy state at `base` holds (after the step: the final state where it ended the completion). */
  featuresOf(stateAfter: Float64Array, base: number, out: Float64Array, offset: number): void
}

const tokenSeqStepFeatures: CompletionStepFeatures = {
  names: TOKEN_STEP_FEATURE_NAMES,
  canStep: (stateBefore, base) => !completionEnded(stateBefore, base),
  featuresOf(stateAfter, base, out, offset) {
    const written = stateAfter[base + T_INDEX]
    const tokens = stateAfter.subarray(base + TOKENS_INDEX, base + TOKENS_INDEX + written)
    tokenStepFeatures(stateAfter[base + A_INDEX], stateAfter[base + B_INDEX], tokens, written - 1, stateAfter[base + MAX_LENGTH_INDEX], out, offset)
  },
}

/**
 * What `spec`'s environment declares for a process reward model, or null when it declares nothing:
 * a completion of tokens (spec.completions, the token task's state layout) has the token task's.
 */
export function completionStepFeaturesFor(spec: Pick<EnvSpec, 'completions'>): CompletionStepFeatures | null {
  return spec.completions === 'tokens' ? tokenSeqStepFeatures : null
}

/** The environments whose completions a process reward model can score, for messages. */
export const PROCESS_FEATURED_ENVIRONMENTS: readonly string[] = ENVIRONMENTS.filter((definition) => completionStepFeaturesFor(definition.spec) !== null).map((definition) => definition.spec.id)
