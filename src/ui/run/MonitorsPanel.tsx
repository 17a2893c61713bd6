import { useId } from 'react'
import { useViewRun } from './useViewRun'
import { warningMonitors } from '../../model/monitorPanel'
import { goldStateText, monitorStateText } from '../../model/monitorPanelText'
import { formatSteps } from '../common/format'
import { countOf } from '../../core/plural'

/**
 * The hacking monitors, live: each monitor of core/monitors/ with its state in words (warning since
 * a step, quiet, not measurable) and why, and where the gold turned. The reward-hacking alert on the
 * learning curve stays the gold-based one; these read signals real training has without the true
 * objective, and the one that reads it is named as such.
 */
export function MonitorsPanel() {
  const panel = useViewRun((run) => run.monitors)
  const stepsPerFrame = useViewRun((run) => run.monitorLog.stepsPerFrame)
  const headingId = useId()
  const warnings = warningMonitors(panel)
  const summary = panel.frames === 0 ? 'Read once training runs.' : warnings.length === 0 ? 'No monitor warns.' : `${countOf(warnings.length, 'monitor')} ${warnings.length === 1 ? 'warns' : 'warn'}: ${warnings.map((reading) => reading.label).join(', ')}.`
  return (
    <section className="monitors" aria-labelledby={headingId}>
      <h2 id={headingId}>Monitors</h2>
      <p className="hint">
        Signs of reward hacking that need no true objective, over the run so far
        {panel.frames > 0 && ` in ${panel.frames} frames${stepsPerFrame > 1 ? ` of ${formatSteps(stepsPerFrame)} steps` : ''}`}.
      </p>
      <p className="monitors-summary" aria-live="polite">
        {summary}
      </p>
      <ul className="monitors-list" aria-label="Monitor states">
        {panel.monitors.map((reading) => (
          <li key={reading.name} className={`monitor monitor-${reading.state.kind}`}>
            <span className="monitor-label">{reading.label}</span>: <strong className="monitor-state">{monitorStateText(reading.state)}</strong>
            <span className="monitor-why"> — {reading.state.why}</span>
          </li>
        ))}
      </ul>
      {panel.frames > 0 && <p className="monitors-gold">{goldStateText(panel.gold)}</p>}
    </section>
  )
}
