import { findEnv } from '../core/envs/registry'
import { fingerprintText, stableJson } from '../core/fingerprint'
import { runConfigOf, type Design } from '../model/design'

/*
 * A short, stable name for what a check trains from a design: the run config it becomes, less the
 * seed (the check sets the seed itself), and what the run reads beside it (the environment's stored
 * prover, where the design's progress asks for the fixed one). Two designs that train the same run
 * have the same fingerprint however their keys are ordered; change anything the run reads and it changes.
 */

export { fingerprintText, stableJson } from '../core/fingerprint'

/** The fingerprint of what a check trains from `design` on any seed. */
export function designFingerprint(design: Design): string {
  const { seed: _seed, ...trained } = runConfigOf(design)
  const stored = storedProverOf(design)
  return fingerprintText(stableJson(stored === null ? trained : { ...trained, storedProver: fingerprintText(stableJson(stored)) }))
}

/** The stored prover network a run of `design` reads (GRPO's progress under prover 'fixed'), or null when it reads none. */
function storedProverOf(design: Design): unknown {
  const learner = design.learner
  if (learner.kind !== 'grpo' || learner.progress?.prover !== 'fixed') return null
  return findEnv(design.envId)?.proverProgress?.fixedProver?.() ?? null
}
