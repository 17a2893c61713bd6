import type { RunStatus, RunView } from './runView'
import { formatCount } from './numberFormat'

/**
 * A run paused at a lesson's budget. The worker pauses it at the first iteration boundary at or past
 * the budget (as the lesson's check stops after whole updates), so the run's Steps figure may be a
 * little past it; the status bar shows both.
 */
export interface BudgetStop {
  budget: number
}

/** The budget stop of a run: paused, and paused by itself at its budget; null otherwise. */
export function budgetStopOf(run: Pick<RunView, 'status' | 'budgetPause'>): BudgetStop | null {
  return run.status === 'paused' && run.budgetPause !== null ? { budget: run.budgetPause } : null
}

const STATUS_TEXT: Record<RunStatus, string> = {
  idle: 'Not started',
  starting: 'Starting…',
  running: 'Training',
  paused: 'Paused',
  stopped: 'Stopped',
  error: 'Error',
}

/** The learner diagnostic a learning-rate schedule reports its rate under (PPO's anneal). */
const LEARNING_RATE = 'learning_rate'

/**
 * The status bar's words for a run: its state, said as what stopped it where the page paused it at
 * a lesson's budget; and a note when training goes on but can change nothing, because the
 * learning rate's schedule has run down to 0.
 */
export function runStatusText(status: RunStatus, diagnostics: Readonly<Record<string, number>> | null, budgetStop: BudgetStop | null): { label: string; note: string | null } {
  const label =
    status === 'paused' && budgetStop !== null
      ? `Stopped at the lesson’s ${formatCount(budgetStop.budget)} steps`
      : STATUS_TEXT[status]
  const spent = status === 'running' && diagnostics !== null && Object.hasOwn(diagnostics, LEARNING_RATE) && diagnostics[LEARNING_RATE] === 0
  return { label, note: spent ? 'Learning rate annealed to 0 — further steps change nothing.' : null }
}

/** What the learning curve says while it has no point: why, and what to do. */
export function emptyCurveText(status: RunStatus): string {
  if (status === 'starting' || status === 'running') return 'Training — waiting for the first episode to end.'
  if (status === 'paused') return 'Paused before any episode ended: Resume, and the curve grows as episodes finish.'
  return 'No episodes yet. Press Start: the curve grows as episodes finish.'
}
