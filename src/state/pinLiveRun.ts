import { livePinKey, savedPinKey } from '../model/compare'
import { useSavedRuns } from './savedRuns'
import { pinExtraSeeds } from './seedFleet'
import { usePlayground } from './store'

/**
 * Pin the live run's curve and, when several seeds train at once, every seed's; returns why not,
 * or null. Once the run is saved it is pinned as its saved run, so Pin in Saved runs knows it and
 * one run is never pinned twice.
 */
export function pinLiveRun(): string | null {
  const { run, design, pinRun } = usePlayground.getState()
  const { liveId } = useSavedRuns.getState()
  const refusal = pinRun(liveId !== null ? savedPinKey(liveId) : livePinKey(run.runId, design.seed))
  if (refusal === null) pinExtraSeeds()
  return refusal
}
