import type { CompletionRecord } from './completionRecord'
import { otherFields, requiredText, shownValue, stepField } from './recordFields'
import { RolloutInputError } from './rolloutInputError'

/*
 * One line of verl's rollout dump (ray_trainer.py `_dump_generations`, one `<step>.jsonl` per
 * training step): "input" the prompt's text, "output" the completion's, "gts" the ground truth
 * (read as text whatever it holds, and not kept), "score" the reward, "step", and one key per
 * entry of the reward function's extra info. Every key but input, output, gts and step may be a
 * component: "score" always is one (a number, or null where it does not apply).
 */

const KNOWN = ['input', 'output', 'gts', 'step']

export function verlRecord(record: Record<string, unknown>, source: string, line: number): CompletionRecord {
  const input = requiredText(record, 'input', 'verl', source, line)
  const output = requiredText(record, 'output', 'verl', source, line)
  if (!Object.hasOwn(record, 'score')) throw new RolloutInputError(source, line, 'verl\'s record has no "score"; it needs the reward as a number')
  const score = record.score
  if (score !== null && typeof score !== 'number' && typeof score !== 'boolean') throw new RolloutInputError(source, line, `"score" is ${shownValue(score)}; verl's score is the reward, a number (null where it does not apply)`)
  return { format: 'verl', step: stepField(record, source, line), groupKey: input, groupLabel: input, text: output, fields: otherFields(record, KNOWN), loggedAdvantage: null }
}
