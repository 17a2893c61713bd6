import { usePlayground } from '../state/store'
import { pauseRun, resetRun, resumeRun, startRun } from '../state/trainingClient'
import { pinExtraSeeds } from '../state/seedFleet'
import { useSavedRuns } from '../state/savedRuns'
import { livePinKey, savedPinKey } from '../model/compare'

/**
 * Pin the run's curve and, when several seeds train at once, every seed's. Once the run is saved it
 * is pinned as its saved run, so Pin in Saved runs knows it and one run is never pinned twice.
 */
function pinAll() {
  const { run, design, pinRun } = usePlayground.getState()
  const { liveId } = useSavedRuns.getState()
  if (pinRun(liveId !== null ? savedPinKey(liveId) : livePinKey(run.runId, design.seed)) === null) pinExtraSeeds()
}

export function RunControls() {
  const status = usePlayground((state) => state.run.status)
  const hasCurve = usePlayground((state) => state.run.series.length > 0)
  const active = status === 'running' || status === 'starting'
  return (
    <div className="controls" role="group" aria-label="Run controls">
      {status === 'paused' ? (
        <button type="button" className="primary" onClick={resumeRun}>
          Resume
        </button>
      ) : active ? (
        <button type="button" className="primary" onClick={pauseRun}>
          Pause
        </button>
      ) : (
        <button type="button" className="primary" onClick={startRun}>
          Start
        </button>
      )}
      <button type="button" onClick={resetRun} disabled={status === 'idle'}>
        Reset
      </button>
      <button type="button" onClick={pinAll} disabled={!hasCurve} title="Keep this run's curve for the Compare view">
        Pin run
      </button>
    </div>
  )
}
