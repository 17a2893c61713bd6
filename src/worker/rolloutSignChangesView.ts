import type { RolloutTable } from '../core/rollouts/rolloutTable'
import { signChanges, type SignChangeReference } from '../core/rollouts/signChanges'
import type { RolloutSignChangesView } from './rolloutsProtocol'

/*
 * The sign changes the page shows (signChanges.ts): counts per step and over the file against the
 * reference, and the first changes listed with their kept text and every component's value as the
 * file gives it (null where it does not apply). Only the listed completions' texts and values
 * leave the worker.
 */

export function signChangesView(table: RolloutTable, reference: SignChangeReference, advantages: Float64Array): RolloutSignChangesView {
  if ('problem' in reference) return { problem: reference.problem }
  const changes = signChanges(table, reference.advantages, advantages)
  return {
    versus: reference.versus,
    steps: changes.steps,
    whole: changes.whole,
    listed: changes.first.map((change) => ({
      ...change,
      text: table.texts[change.completion],
      values: table.values.map((column) => (Number.isNaN(column[change.completion]) ? null : column[change.completion])),
    })),
  }
}
