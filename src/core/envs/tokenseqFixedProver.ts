import { parseStoredProver, type StoredProver } from '../credit/storedProver'
// The attribute lets Node's own loader (the end-to-end tests import core) read the file as Vite does.
import file from './tokenseqFixedProver.json' with { type: 'json' }
import { NUM_TOKENS, TOKEN_OBS_SIZE } from './tokenseqRules'

/*
 * The token task's fixed prover: a policy trained once by outcome-only GRPO from the recipe in
 * tokenseqFixedProverRecipe.ts, written by `reward-playground lesson models --write`
 * (src/cli/lessonFixedProver.ts), the prover of PAV's progress under progress.prover 'fixed'. Read
 * and checked the first time it is asked for, so that a damaged file stops only the runs that use it.
 */

export const TOKEN_FIXED_PROVER_FILE = 'src/core/envs/tokenseqFixedProver.json'

let checked: StoredProver | null = null

/** The stored prover, checked (its network reads the task's 47 observations and writes its 12 tokens); throws, naming the command that rewrites it, when the file is not one. */
export function tokenFixedProver(): StoredProver {
  if (checked !== null) return checked
  const parsed = parseStoredProver(file, { obsSize: TOKEN_OBS_SIZE, numActions: NUM_TOKENS })
  if (!parsed.ok) throw new Error(`${TOKEN_FIXED_PROVER_FILE} is no stored prover (${parsed.problem}); run npm run -s cli -- lesson models --write`)
  return (checked = parsed.prover)
}
