import { usePlayground } from '../../state/run/store'
import { pauseRun, resetRun, resumeRun, startRun, stepRun } from '../../state/run/trainingClient'
import { pinLiveRun } from '../../state/library/pinLiveRun'

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
      {/* aria-disabled, not disabled, while a step or a run trains: the focus stays on it, so Enter steps again once it is done (stepRun ignores a press meanwhile). */}
      <button type="button" onClick={stepRun} aria-disabled={active} aria-label="Step (one update)" title="Train one update (one rollout and its learning step) from where the run is, or from a fresh run, then pause">
        Step
      </button>
      <button type="button" onClick={resetRun} disabled={status === 'idle'}>
        Reset
      </button>
      <button type="button" onClick={pinLiveRun} disabled={!hasCurve} title="Keep this run's curve for the Compare view">
        Pin run
      </button>
    </div>
  )
}
