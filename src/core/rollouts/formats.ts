/*
 * The formats a rollout file may have, and how one record (a JSON line, an element of a JSON
 * array, a CSV row) tells which it is by its keys:
 *   verl   verl's rollout dump (trainer.rollout_data_dir): "input", "output", "score", "step", and
 *          one key per entry of the reward function's extra info;
 *   trl    a TRL completions table (log_completions): "prompt", "completion", "step", one column
 *          per reward function, "advantage";
 *   jsonl  our plain form: {"group", "step"?, "text"?, "tokens"?, "rewards": {name: value}}.
 */

export const ROLLOUT_FORMATS = ['verl', 'trl', 'jsonl'] as const
export type RolloutFormat = (typeof ROLLOUT_FORMATS)[number]

/** How a message names each format. */
export const FORMAT_NAMES: Record<RolloutFormat, string> = {
  verl: "verl's rollout dump",
  trl: 'a TRL completions table',
  jsonl: 'plain JSONL',
}

/** What a record of each format holds, for messages. */
export const FORMAT_SHAPES: Record<RolloutFormat, string> = {
  verl: '{"input": prompt text, "output": completion text, "score": number, "step"?, ...one number per reward component}',
  trl: '{"prompt": text, "completion": text, "step"?, "advantage"?, ...one number per reward function}',
  jsonl: '{"group": text or number, "step"?, "text"?, "tokens"?: whole number, "rewards": {name: number or null}}',
}

/** The format a record's keys say it has: verl's input/output, TRL's prompt/completion, the plain form's group/rewards; null for none. */
export function recordFormat(record: object): RolloutFormat | null {
  if (Object.hasOwn(record, 'input') || Object.hasOwn(record, 'output')) return 'verl'
  if (Object.hasOwn(record, 'prompt') || Object.hasOwn(record, 'completion')) return 'trl'
  if (Object.hasOwn(record, 'rewards') || Object.hasOwn(record, 'group')) return 'jsonl'
  return null
}

/** The message for a record that is of no format. */
export function noFormatProblem(): string {
  return `a record of no rollout format; accepted: ${ROLLOUT_FORMATS.map((format) => `${FORMAT_NAMES[format]} ${FORMAT_SHAPES[format]}`).join('; ')}`
}
