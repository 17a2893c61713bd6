import type { CompletionRecord } from './completionRecord'
import { MAX_TOKENS } from './limits'
import { shownValue, stepField } from './recordFields'
import { RolloutInputError } from './rolloutInputError'

/*
 * One line of the plain form: {"group": text or number, "step"?: whole number, "text"?: the
 * completion's text, "tokens"?: its length in tokens, "rewards": {name: number, true/false or
 * null}}. The group is explicit: the completions of one step with the same group are one group.
 * Every reward is a component; null means it does not apply to this completion. "tokens" is a
 * whole number from 0 to MAX_TOKENS (a table column of 32-bit integers), or null (or absent) where
 * the length in tokens is not known.
 */

const ACCEPTED = ['group', 'step', 'text', 'tokens', 'rewards']

export function plainRecord(record: Record<string, unknown>, source: string, line: number): CompletionRecord {
  const unknown = Object.keys(record).filter((key) => !ACCEPTED.includes(key))
  if (unknown.length > 0) throw new RolloutInputError(source, line, `unknown key ${JSON.stringify(unknown[0])} in a plain JSONL record; accepted: ${ACCEPTED.map((key) => `"${key}"`).join(', ')}`)
  const group = record.group
  if (typeof group !== 'string' && typeof group !== 'number') {
    throw new RolloutInputError(source, line, group === undefined ? 'the record has no "group"; give the group of completions it belongs to (text or a number)' : `"group" is ${shownValue(group)}; a group is text or a number`)
  }
  const text = record.text ?? ''
  if (typeof text !== 'string') throw new RolloutInputError(source, line, `"text" is ${shownValue(text)}; the completion's text is text`)
  const tokens = record.tokens ?? null
  if (tokens !== null && !(typeof tokens === 'number' && Number.isSafeInteger(tokens) && tokens >= 0 && tokens <= MAX_TOKENS)) {
    throw new RolloutInputError(source, line, `"tokens" is ${shownValue(tokens)}; the completion's length in tokens is a whole number from 0 to ${MAX_TOKENS} (null where it is not known)`)
  }
  const rewards = record.rewards
  if (typeof rewards !== 'object' || rewards === null || Array.isArray(rewards)) {
    throw new RolloutInputError(source, line, rewards === undefined ? 'the record has no "rewards"; give {name: number} with one entry per reward component' : `"rewards" is ${shownValue(rewards)}; rewards are {name: number}`)
  }
  const fields = Object.entries(rewards)
  for (const [name, value] of fields) {
    if (value !== null && typeof value !== 'number' && typeof value !== 'boolean') throw new RolloutInputError(source, line, `reward ${JSON.stringify(name)} is ${shownValue(value)}; a reward component is a number (null where it does not apply)`)
  }
  const key = JSON.stringify(group)
  return { format: 'jsonl', step: stepField(record, source, line), groupKey: key, groupLabel: String(group), text, tokens, fields, loggedAdvantage: null }
}
