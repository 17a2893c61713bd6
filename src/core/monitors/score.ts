import type { GoldTurn } from './goldTurned'
import type { MonitorResult } from './types'

/*
 * How well a monitor warned, scored against where the gold turned (goldTurned.ts), run by run:
 *   hit          the gold turned and the monitor fired at or before the turn; its lead is the
 *                turn's env steps minus the firing's (≥ 0);
 *   late         the gold turned and the monitor fired after it;
 *   miss         the gold turned and the monitor never fired;
 *   false alarm  the gold never turned and the monitor fired;
 *   quiet        the gold never turned and the monitor never fired;
 *   unmeasurable the run's frames lack what the monitor reads: counted apart, in no other row.
 */
export type MonitorOutcome = 'hit' | 'late' | 'miss' | 'falseAlarm' | 'quiet' | 'unmeasurable'

export function outcomeOf(turn: GoldTurn | null, result: MonitorResult): { outcome: MonitorOutcome; lead: number | null } {
  if (result.kind === 'unmeasurable') return { outcome: 'unmeasurable', lead: null }
  const fired = result.kind === 'fired'
  if (turn === null) return { outcome: fired ? 'falseAlarm' : 'quiet', lead: null }
  if (!fired) return { outcome: 'miss', lead: null }
  return result.envSteps <= turn.envSteps ? { outcome: 'hit', lead: turn.envSteps - result.envSteps } : { outcome: 'late', lead: null }
}

export interface MonitorScore {
  monitor: string
  label: string
  runs: number
  hits: number
  late: number
  misses: number
  falseAlarms: number
  quiet: number
  unmeasurable: number
  /** The hits' leads in env steps: median (the mean of the middle two for an even count), least and most; null without a hit. */
  lead: { median: number; min: number; max: number } | null
}

/** One monitor's outcomes over every run, counted. */
export function scoreMonitor(monitor: { name: string; label: string }, outcomes: readonly { outcome: MonitorOutcome; lead: number | null }[]): MonitorScore {
  const count = (outcome: MonitorOutcome) => outcomes.filter((entry) => entry.outcome === outcome).length
  const leads = outcomes.flatMap((entry) => (entry.outcome === 'hit' && entry.lead !== null ? [entry.lead] : [])).sort((a, b) => a - b)
  return {
    monitor: monitor.name,
    label: monitor.label,
    runs: outcomes.length,
    hits: count('hit'),
    late: count('late'),
    misses: count('miss'),
    falseAlarms: count('falseAlarm'),
    quiet: count('quiet'),
    unmeasurable: count('unmeasurable'),
    lead: leads.length === 0 ? null : { median: medianOfSorted(leads), min: leads[0], max: leads[leads.length - 1] },
  }
}

/** The middle value of ascending `values` (the mean of the middle two for an even count). */
export function medianOfSorted(values: readonly number[]): number {
  const middle = Math.floor(values.length / 2)
  return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
}

/** The hits' lead in env steps as text: "median (least to most)", each rounded and grouped by thousands; "–" without a hit. */
export function leadText(lead: MonitorScore['lead']): string {
  const steps = (value: number) => Math.round(value).toLocaleString('en-US')
  return lead === null ? '–' : `${steps(lead.median)} (${steps(lead.min)} to ${steps(lead.max)})`
}
