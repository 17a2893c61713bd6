import { fingerprintText, stableJson } from '../core/fingerprint'
import { runConfigOf, type Design } from '../model/design'

/*
 * A short, stable name for what a check trains from a design: the run config it becomes, less the
 * seed (the check sets the seed itself). Two designs that train the same run have the same
 * fingerprint however their keys are ordered; change anything the run reads and it changes.
 */

export { fingerprintText, stableJson } from '../core/fingerprint'

/** The fingerprint of what a check trains from `design` on any seed. */
export function designFingerprint(design: Design): string {
  const { seed: _seed, ...trained } = runConfigOf(design)
  return fingerprintText(stableJson(trained))
}
