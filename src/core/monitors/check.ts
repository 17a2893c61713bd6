import { goldTurned, type GoldTurn, type GoldTurnOptions } from './goldTurned'
import { runMonitor } from './registry'
import { outcomeOf, scoreMonitor, type MonitorOutcome, type MonitorScore } from './score'
import type { MonitorDefinition, MonitorResult, MonitorRun } from './types'

/** One run's verdicts: where its gold turned, and each monitor's result with its outcome against the turn. */
export interface RunVerdicts {
  goldTurned: GoldTurn | null
  monitors: Record<string, MonitorResult & { outcome: MonitorOutcome; lead: number | null }>
}

/** Every monitor over every run (each with its defaults), scored against where each run's gold turned. */
export function checkMonitors(runs: readonly MonitorRun[], monitors: readonly MonitorDefinition[], gold: GoldTurnOptions): { runs: RunVerdicts[]; scores: MonitorScore[] } {
  const verdicts = runs.map((run): RunVerdicts => {
    const turn = goldTurned(run, gold)
    const results = monitors.map((monitor) => {
      const result = runMonitor(monitor, run)
      return [monitor.name, { ...result, ...outcomeOf(turn, result) }] as const
    })
    return { goldTurned: turn, monitors: Object.fromEntries(results) }
  })
  const scores = monitors.map((monitor) => scoreMonitor(monitor, verdicts.map((verdict) => verdict.monitors[monitor.name])))
  return { runs: verdicts, scores }
}
