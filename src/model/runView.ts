import type { EnvSpec } from '../core/envs/types'
import type { TabularPicture } from '../core/learners/tabular'
import { summariseTeams, type TeamSummary } from '../core/credit/teamView'
import type { MetricsFrame } from '../core/run/frame'
import type { StepRecord } from '../core/run/stepRecord'
import type { GroupBatch, ValueBatch } from '../core/run/trainer'
import type { Design } from './design'
import type { DesignMark } from './marks'
import { refitMark } from './refitMarks'
import { latchHackingAlert, type HackingAlert } from './hackingAlert'
import { appendPoint, curvePointOf, type CurvePoint } from './series'
import { iterationFrameOf } from '../core/monitors/frames'
import { appendMonitorFrame, EMPTY_MONITOR_LOG, type MonitorLog } from './monitorLog'
import { monitorPanelOf, type MonitorPanel } from './monitorPanel'

export type RunStatus = 'idle' | 'starting' | 'running' | 'paused' | 'stopped' | 'error'

/** Whether a run is under way: training, starting or paused (a live change can still reach it). */
export function isRunActive(status: RunStatus): boolean {
  return status === 'running' || status === 'starting' || status === 'paused'
}

/** Points of a team's effort history kept per run. */
export const MAX_TEAM_HISTORY = 600

/** The page's picture of one run: what its frames said, kept as the views read it. */
export interface RunView {
  runId: string | null
  status: RunStatus
  learner: string | null
  /** The design the run started from (live changes since are its marks); null before a run. */
  design: Design | null
  series: CurvePoint[]
  marks: DesignMark[]
  latest: MetricsFrame | null
  /** The latest record of steps the worker sent (frames carry one about once a second). */
  record: StepRecord | null
  /** The latest V(s) and greedy policy of a tabular learner (with the record). */
  tabular: TabularPicture | null
  /** The latest GAE batch's values (with the record), for what-if advantages. */
  valueBatch: ValueBatch | null
  /** A group learner's latest completions, for what-if advantages. */
  groupBatch: GroupBatch | null
  /**
   * The learner's advantages of the batch the record holds (from the frame that carried it), so
   * the histogram and its what-if always show the same batch; null before the first record.
   */
  batchAdvantages: Float32Array | null
  /** A team game's effort and credit per agent over the latest record; null elsewhere or before one. */
  team: TeamSummary | null
  /** The team game's mean effort per agent, one point per step record (bounded). */
  teamHistory: { envSteps: number; effort: number[] }[]
  /** Why the run paused itself (a NaN reward, say), or why it failed to start. */
  diagnosis: string | null
  /** The step budget the run paused itself at (a lesson's: it starts no iteration at or past it); null otherwise. */
  budgetPause: number | null
  /** The latched reward-hacking alert (hackingAlert.ts); null while the curves never diverged. */
  hacking: HackingAlert | null
  /** The run's frames as the hacking monitors read them (monitorLog.ts). */
  monitorLog: MonitorLog
  /** What each monitor says of those frames, and where the gold turned (monitorPanel.ts). */
  monitors: MonitorPanel
}

export const EMPTY_RUN: RunView = { runId: null, status: 'idle', learner: null, design: null, series: [], marks: [], latest: null, record: null, tabular: null, valueBatch: null, groupBatch: null, batchAdvantages: null, team: null, teamHistory: [], diagnosis: null, budgetPause: null, hacking: null, monitorLog: EMPTY_MONITOR_LOG, monitors: monitorPanelOf(EMPTY_MONITOR_LOG.closed, true) }

/** The run after one more metrics frame: its curve point, the latest record, the team's effort and credit, the monitors' frames and states. */
export function runWithFrame(run: RunView, frame: MetricsFrame, spec: EnvSpec): RunView {
  const point = curvePointOf(frame)
  const series = point ? appendPoint(run.series, point) : run.series
  const team = frame.record && spec.team ? summariseTeams(frame.record, spec.team) : null
  const teamHistory = team ? [...run.teamHistory, { envSteps: frame.envSteps, effort: team.effort }].slice(-MAX_TEAM_HISTORY) : run.teamHistory
  const refit = refitMark(run.latest, frame)
  const monitorLog = appendMonitorFrame(run.monitorLog, iterationFrameOf(frame, frame.componentNames))
  return {
    ...run,
    status: run.status === 'starting' ? 'running' : run.status,
    latest: frame,
    series,
    ...(refit === null ? {} : { marks: [...run.marks, refit] }),
    record: frame.record ?? run.record,
    tabular: frame.tabular ?? run.tabular,
    valueBatch: frame.record ? frame.valueBatch : run.valueBatch,
    groupBatch: frame.record ? frame.groupBatch : run.groupBatch,
    batchAdvantages: frame.record ? frame.advantages : run.batchAdvantages,
    team: frame.record ? team : run.team,
    teamHistory,
    hacking: point ? latchHackingAlert(run.hacking, series, spec.objective.higherIsBetter) : run.hacking,
    monitorLog,
    // Memoised on the closed frames: the monitors run again only when a frame closed.
    monitors: monitorPanelOf(monitorLog.closed, spec.objective.higherIsBetter),
  }
}
