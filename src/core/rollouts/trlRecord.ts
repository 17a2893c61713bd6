import type { CompletionRecord } from './completionRecord'
import { loggedNumber, otherFields, requiredText, stepField } from './recordFields'

/*
 * One row of a TRL completions table (GRPOTrainer with log_completions: "step", "prompt",
 * "completion", one column per reward function, any extra columns logged, "advantage"), from a
 * JSON record or a CSV row. "advantage" is the run's own, kept to compare with; every other
 * column but step, prompt and completion may be a component (a reward function's None, which TRL
 * logs as NaN, is an empty CSV cell or null: it does not apply). The table has no column of
 * lengths in tokens (TRL logs only their mean, min and max, as metrics), so the completion's
 * tokens are not known.
 */

const KNOWN = ['prompt', 'completion', 'step', 'advantage']

/** The columns a CSV row keeps as text, whatever they hold. */
export const TRL_TEXT_COLUMNS: readonly string[] = ['prompt', 'completion']

export function trlRecord(record: Record<string, unknown>, source: string, line: number): CompletionRecord {
  const prompt = requiredText(record, 'prompt', 'TRL', source, line)
  const completion = requiredText(record, 'completion', 'TRL', source, line)
  return {
    format: 'trl',
    step: stepField(record, source, line),
    groupKey: prompt,
    groupLabel: prompt,
    text: completion,
    tokens: null,
    fields: otherFields(record, KNOWN),
    loggedAdvantage: loggedNumber(record, 'advantage', source, line),
  }
}
