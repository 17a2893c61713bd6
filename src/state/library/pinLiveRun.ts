import { livePinKey, savedPinKey } from '../../model/compare'
import { useSavedRuns } from './savedRuns'
import { pinExtraSeeds } from '../run/seedFleet'
import { usePlayground } from '../run/store'

/**
 * Pin the live run's curve and, when several seeds train at once, every seed's; returns why not,
 * or null. Once the run is saved it is pinned as its saved run, so Pin in Saved runs knows it and
 * one run is never pinned twice; the extra seeds likewise.
 */
export function pinLiveRun(): string | null {
  const { run, design, pinRun } = usePlayground.getState()
  const { liveId, runs } = useSavedRuns.getState()
  const refusal = pinRun(liveId !== null ? savedPinKey(liveId) : livePinKey(run.runId, design.seed))
  // Each extra seed as its saved run, where it is one already (Saved runs then shows it pinned).
  const savedSeed = (seed: number) => {
    const saved = liveId === null ? undefined : runs.find((each) => each.seedGroup === liveId && each.design.seed === seed && each.id !== liveId)
    return saved ? savedPinKey(saved.id) : null
  }
  if (refusal === null) pinExtraSeeds(savedSeed)
  return refusal
}
