import { REFIT_DIAGNOSTICS } from '../core/preferences/rewardModelRefit'
import type { MetricsFrame } from '../core/run/frame'
import type { DesignMark } from './marks'

/*
 * A refit of the reward model (the refit option) as a mark on the learning curve: the frame whose
 * rm_refits count rose marks where the model changed, labelled with the pairs it was refitted on.
 * Refits between two frames share the later frame's mark.
 */

/** Refit marks' change ids, one per refit: far above any live change's (those count up from 1 in a page). */
const REFIT_MARK_ID_BASE = 1_000_000_000

/** The mark `frame` adds after `previous`, or null when no refit came between them. */
export function refitMark(previous: MetricsFrame | null, frame: MetricsFrame): DesignMark | null {
  const refits = frame.diagnostics[REFIT_DIAGNOSTICS.refits]
  const before = previous?.diagnostics[REFIT_DIAGNOSTICS.refits] ?? 0
  if (refits === undefined || !(refits > before)) return null
  const pairs = frame.diagnostics[REFIT_DIAGNOSTICS.pairs] ?? 0
  return { envSteps: frame.envSteps, at: 0, changes: {}, note: refitNote(pairs), changeId: REFIT_MARK_ID_BASE + refits }
}

/** "rm refit: 1,200 pairs". */
export function refitNote(pairs: number): string {
  return `rm refit: ${pairs.toLocaleString('en-US')} pairs`
}
