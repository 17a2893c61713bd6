import { progressRewards } from '../credit/progressRewards'
import { proverSuccess } from '../credit/proverSuccess'
import { tokenFixedProver } from './tokenseqFixedProver'
import { A_INDEX, B_INDEX } from './tokenseqRules'
import type { ProverProgress } from './types'

/*
 * The token task's PAV progress: the prompt a + b read from the copy state, Q_μ of every prefix by
 * proverSuccess (one prover call for the prompt), and each token's A_t by progressRewards. It and
 * they read the task's rules from tokenseqRules.ts, so tokenseq.ts can hold this fact without a cycle.
 * The fixed prover is the policy stored in tokenseqFixedProver.json.
 */
export const TOKEN_PROVER_PROGRESS: ProverProgress = {
  promptKey: (state, offset) => `${state[offset + A_INDEX]}+${state[offset + B_INDEX]}`,
  progressOf(state, offset, maxLength, prover) {
    const prompt = { a: state[offset + A_INDEX], b: state[offset + B_INDEX] }
    const q = proverSuccess(prompt, maxLength, prover)
    return (tokens) => progressRewards(prompt, tokens, maxLength, q)
  },
  fixedProver: () => tokenFixedProver().network,
}
