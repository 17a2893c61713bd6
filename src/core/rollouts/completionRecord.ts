import type { RolloutFormat } from './formats'

/*
 * One completion as a record of any format gives it, before the table keeps what it needs of it:
 * its step, what groups it (the prompt's text, or an explicit group), its text, its length in
 * tokens where the record gives one, and the fields that may be reward components, as read.
 */

export interface CompletionRecord {
  format: RolloutFormat
  /** The record's own step; null where it has none (the file's step, from its name, may stand in). */
  step: number | null
  /** What makes completions of one step one group: the prompt's whole text, or the explicit group (as JSON). */
  groupKey: string
  /** The group as a view shows it: the prompt, or the explicit group's label. */
  groupLabel: string
  /** The completion's whole text ("" where the record has none). */
  text: string
  /** Its length in tokens, a whole number from 0, where the record gives one (the plain form's "tokens"); else null. */
  tokens: number | null
  /**
   * The fields that may be reward components, as read: a number or a boolean is one (true 1, false
   * 0), null (or an empty CSV cell) means it does not apply to this completion, anything else is text.
   */
  fields: [name: string, value: unknown][]
  /** The advantage the run itself logged (TRL's "advantage" column); null where there is none. */
  loggedAdvantage: number | null
}
