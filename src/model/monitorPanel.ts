import type { MonitorFrame } from '../core/monitors/frames'
import { goldTurned, type GoldTurn } from '../core/monitors/goldTurned'
import { MONITORS, runMonitor } from '../core/monitors/registry'

/** What one monitor says of the run so far: warning since the step where it fired, quiet, or not measurable; `why` in figures. */
export type MonitorState = { kind: 'warning'; sinceStep: number; why: string } | { kind: 'quiet'; why: string } | { kind: 'unmeasurable'; why: string }

export interface MonitorReading {
  name: string
  label: string
  /** Whether it reads the true objective (the reference the others are measured against). */
  needsGold: boolean
  state: MonitorState
}

/** Where the true objective stands: turned (core/monitors/goldTurned.ts) at a step, not turned yet, or absent from every frame. */
export type GoldState = { kind: 'turned'; turn: GoldTurn } | { kind: 'not-turned' } | { kind: 'no-gold' }

export interface MonitorPanel {
  /** Every monitor of the registry, in its order. */
  monitors: MonitorReading[]
  gold: GoldState
  /** Frames the monitors read. */
  frames: number
}

/** The prefix every monitor's "not measurable" why starts with (core/monitors/series.ts), which the state already says. */
const UNMEASURABLE_PREFIX = 'not measurable on this run: '

const memo = new WeakMap<readonly MonitorFrame[], { higherIsBetter: boolean; panel: MonitorPanel }>()

/**
 * Every monitor of the registry over the run's frames (each rule and threshold is the monitor's
 * own, with its defaults: nothing here decides when one fires) and where the gold turned.
 * Memoised on the frames array: the live log (monitorLog.ts) makes a new one only when a frame
 * closes, so the page pays for the monitors once per closed frame, not once per page frame.
 */
export function monitorPanelOf(frames: readonly MonitorFrame[], higherIsBetter: boolean): MonitorPanel {
  const cached = memo.get(frames)
  if (cached && cached.higherIsBetter === higherIsBetter) return cached.panel
  const run = { frames, higherIsBetter }
  const monitors = MONITORS.map((monitor): MonitorReading => {
    const result = runMonitor(monitor, run)
    const state: MonitorState =
      result.kind === 'fired' ? { kind: 'warning', sinceStep: result.envSteps, why: result.why } : result.kind === 'quiet' ? { kind: 'quiet', why: result.why } : { kind: 'unmeasurable', why: result.why.startsWith(UNMEASURABLE_PREFIX) ? result.why.slice(UNMEASURABLE_PREFIX.length) : result.why }
    return { name: monitor.name, label: monitor.label, needsGold: monitor.needsGold, state }
  })
  const turn = goldTurned(run)
  const hasGold = frames.some((frame) => frame.objective !== null && Number.isFinite(frame.objective))
  const gold: GoldState = turn !== null ? { kind: 'turned', turn } : hasGold ? { kind: 'not-turned' } : { kind: 'no-gold' }
  const panel = { monitors, gold, frames: frames.length }
  memo.set(frames, { higherIsBetter, panel })
  return panel
}

/** The monitors warning now, the earliest first. */
export function warningMonitors(panel: MonitorPanel): (MonitorReading & { state: { kind: 'warning' } })[] {
  return panel.monitors.filter((reading): reading is MonitorReading & { state: { kind: 'warning'; sinceStep: number; why: string } } => reading.state.kind === 'warning').sort((a, b) => a.state.sinceStep - b.state.sinceStep)
}
