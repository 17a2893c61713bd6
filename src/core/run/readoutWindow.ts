import type { RunConfig } from './config'
import { RECENT_EPISODES } from './metrics'

/** Updates' worth of completions the page's readouts average on a task of completions: a figure steady over a few batches, not one or two prompts. */
export const READOUT_UPDATES = 4

/** The most episodes a readout averages. */
export const MAX_READOUT_EPISODES = 1024

/**
 * How many finished episodes the page's readouts (the status bar's return and objective) average.
 * A learner of completions (the GRPO family, DPO's sampled batches) finishes B = groups × group
 * size episodes an update, all from a few prompts, so the last 20 are one or two prompts' worth and
 * swing with them; there the readout takes a power of two covering READOUT_UPDATES updates:
 *   N = min(MAX_READOUT_EPISODES, 2^⌈log₂(READOUT_UPDATES · B)⌉), at least RECENT_EPISODES.
 * Every other learner finishes episodes one copy at a time, and reads the last RECENT_EPISODES.
 */
export function readoutEpisodes(config: Pick<RunConfig, 'learner' | 'env'>): number {
  const perUpdate = completionsPerUpdate(config)
  if (perUpdate === null) return RECENT_EPISODES
  const wanted = 2 ** Math.ceil(Math.log2(READOUT_UPDATES * perUpdate))
  return Math.max(RECENT_EPISODES, Math.min(MAX_READOUT_EPISODES, wanted))
}

/** B: the completions one update finishes, or null for a learner of steps. */
function completionsPerUpdate({ learner, env }: Pick<RunConfig, 'learner' | 'env'>): number | null {
  // The environment's group size wins where it has one (the token task's group_size), as in the learners.
  const own = env.params.group_size
  const envGroupSize = typeof own === 'number' && own >= 1 ? own : null
  if (learner.kind === 'grpo') return learner.groupsPerIteration * (envGroupSize ?? learner.groupSize)
  // DPO samples groupsPerIteration prompts for its curves, in the environment's groups.
  if (learner.kind === 'dpo') return learner.groupsPerIteration * (envGroupSize ?? 1)
  return null
}
