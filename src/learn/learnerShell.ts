import type { BatchEnv } from '../core/envs/types'
import { checkMix, type CompiledMix } from '../core/rewards/mix'
import type { IterationReport, Trainer } from '../core/run/trainer'

/** What a learner does itself: one iteration under the mix it is given, and freeing what it holds. */
export interface Learner {
  iterate(mix: CompiledMix): Promise<IterationReport>
  release(): void
}

/**
 * The Trainer around a learner whose iterations await the backend. A mix set while an iteration
 * runs is swapped in when the next one starts, so one rollout never mixes two designs; a second
 * iterate() before the first has settled is refused, as is any after dispose(), which frees once.
 * `name` names the learner in those refusals. A new mix is checked against the environment's
 * components as they are when it arrives (a live design change may have added or removed some).
 */
export function learnerShell(name: string, env: Pick<BatchEnv, 'spec'>, mix: CompiledMix, learner: Learner): Trainer {
  const spec = env.spec
  let activeMix = mix
  let pendingMix: CompiledMix | null = null
  let busy = false
  let disposed = false
  return {
    spec,
    setMix(next: CompiledMix) {
      checkMix(next, env.spec.components.length, spec.id)
      pendingMix = next
    },
    async iterate(): Promise<IterationReport> {
      if (disposed) throw new Error(`this ${name} trainer has been disposed`)
      if (busy) throw new Error(`${name} iterate() called again before the previous iteration finished`)
      busy = true
      try {
        if (pendingMix) [activeMix, pendingMix] = [pendingMix, null]
        return await learner.iterate(activeMix)
      } finally {
        busy = false
      }
    },
    dispose() {
      if (disposed) return
      disposed = true
      learner.release()
    },
  }
}
