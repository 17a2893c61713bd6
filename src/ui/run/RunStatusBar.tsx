import { usePlayground } from '../../state/run/store'
import { MetricsExport } from './MetricsExport'
import { formatCount } from '../common/format'
import type { MachineShare } from '../../core/run/frame'
import { machineShareText } from '../../model/machineShareText'
import { budgetStopOf, runStatusText } from '../../model/runStatusText'
import { keepTraining } from '../../state/lessons/lessonSession'

export function RunStatusBar() {
  const run = usePlayground((state) => state.run)
  const objective = usePlayground((state) => state.spec.objective)
  const frame = run.latest
  const budgetStop = budgetStopOf(run)
  const { label, note } = runStatusText(run.status, frame?.diagnostics ?? null, budgetStop)
  return (
    <div className="status-bar">
      <span className={`status status-${run.status}`} role="status" aria-label="Run status">
        {label}
      </span>
      {budgetStop && (
        <button type="button" onClick={keepTraining}>
          Keep training
        </button>
      )}
      {note && (
        <span className="status-note" role="status" aria-label="Run note">
          {note}
        </span>
      )}
      {frame && (
        <dl className="figures" aria-label="Run figures">
          <Figure name="Steps" value={formatCount(frame.envSteps)} />
          <Figure name="Episodes" value={formatCount(frame.episodesTotal)} />
          <Figure name="Updates" value={formatCount(frame.iteration)} />
          <Figure name={`Return (last ${frame.readoutWindow})`} value={frame.readoutReturn === null ? '—' : frame.readoutReturn.toFixed(1)} />
          <Figure name={`${objective.name} (last ${frame.readoutWindow})`} value={frame.readoutObjective === null ? '—' : frame.readoutObjective.toFixed(2)} />
          <Figure name="Steps/s" value={formatCount(Math.round(frame.stepsPerSecond))} />
          <Figure name="Time" value={`${frame.wallSeconds.toFixed(1)} s`} />
        </dl>
      )}
      {run.status === 'running' && frame?.machineShare && frame.machineShare.duty < 1 && <MachineShareLine share={frame.machineShare} />}
      <MetricsExport />
      {run.diagnosis && (
        <p className="diagnosis" role="alert">
          {run.diagnosis}
        </p>
      )}
    </div>
  )
}

function Figure({ name, value }: { name: string; value: string }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </div>
  )
}

/** Why the run trains slower than alone: more runs train in the browser than it has cores, so each rests part of the time (src/worker/trainerShare.ts). */
function MachineShareLine({ share }: { share: MachineShare }) {
  return (
    <p className="machine-share" role="status" aria-label="Machine share">
      {machineShareText(share)}
    </p>
  )
}
