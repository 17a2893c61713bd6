import type { GoldState, MonitorState } from './monitorPanel'
import { formatChange, formatSteps } from './numberFormat'

/** A monitor's state in words (never in colour alone): "warning since step 12.5k", "quiet", "not measurable". */
export function monitorStateText(state: MonitorState): string {
  if (state.kind === 'warning') return `warning since step ${formatSteps(state.sinceStep)}`
  return state.kind === 'quiet' ? 'quiet' : 'not measurable'
}

/** The line on where the gold stands. */
export function goldStateText(gold: GoldState): string {
  if (gold.kind === 'turned') return `The gold turned at step ${formatSteps(gold.turn.envSteps)}: its smoothed mean fell from its peak ${formatChange(gold.turn.peak)} to ${formatChange(gold.turn.value)}.`
  return gold.kind === 'not-turned' ? 'The gold has not turned.' : 'No gold in this run: no frame carries the true objective.'
}

/** The label of a monitor's mark on the learning curve. */
export function monitorMarkLabel(label: string): string {
  return `⚠ ${label}`
}

/** The accessible name of a monitor's mark: which monitor fired, and where. */
export function monitorMarkName(label: string, sinceStep: number): string {
  return `Monitor fired: ${label} at step ${formatSteps(sinceStep)}`
}

/** The label of the gold's mark on the learning curve, where the true objective turned. */
export const GOLD_MARK_LABEL = '▼ gold turned'

/** The accessible name of the gold's mark: where the true objective turned (core/monitors/goldTurned.ts). */
export function goldMarkName(envSteps: number): string {
  return `Gold turned at step ${formatSteps(envSteps)}`
}
