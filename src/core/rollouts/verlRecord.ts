import type { CompletionRecord } from './completionRecord'
import { otherFields, requiredText, shownValue, stepField } from './recordFields'
import { RolloutInputError } from './rolloutInputError'

/*
 * One line of verl's rollout dump (ray_trainer.py `_dump_generations`, one `<step>.jsonl` per
 * training step): "input" the prompt's text, "output" the completion's, "gts" the ground truth
 * (read as text whatever it holds, and not kept), "score" the reward, "step", and one key per
 * entry of the reward function's extra info. Every key but input, output, gts, step and uid may
 * be a component: "score" always is one (a number, or null where it does not apply). verl groups a
 * prompt's completions by the batch's "uid", which its dump leaves out: so the group is the step and
 * the prompt's text, and two rows of one prompt in one batch read as one group. Where a line does
 * carry "uid" (text or a number: our own dump writes it, a recipe may add it), the group is the
 * step and the uid. The dump gives no length in tokens (it decodes the responses to text and
 * writes only the keys above), so the completion's tokens are not known.
 */

const KNOWN = ['input', 'output', 'gts', 'step', 'uid']

export function verlRecord(record: Record<string, unknown>, source: string, line: number): CompletionRecord {
  const input = requiredText(record, 'input', 'verl', source, line)
  const output = requiredText(record, 'output', 'verl', source, line)
  if (!Object.hasOwn(record, 'score')) throw new RolloutInputError(source, line, 'verl\'s record has no "score"; it needs the reward as a number')
  const score = record.score
  if (score !== null && typeof score !== 'number' && typeof score !== 'boolean') throw new RolloutInputError(source, line, `"score" is ${shownValue(score)}; verl's score is the reward, a number (null where it does not apply)`)
  const uid = record.uid
  if (uid !== undefined && uid !== null && typeof uid !== 'string' && typeof uid !== 'number') throw new RolloutInputError(source, line, `"uid" is ${shownValue(uid)}; verl's uid, the group's id, is text or a number`)
  // The group: the uid where the line has one, else the prompt's text (distinct prefixes: a uid never equals a prompt).
  const groupKey = uid === undefined || uid === null ? `p${input}` : `u${JSON.stringify(uid)}`
  return { format: 'verl', step: stepField(record, source, line), groupKey, groupLabel: input, text: output, tokens: null, fields: otherFields(record, KNOWN), loggedAdvantage: null }
}
