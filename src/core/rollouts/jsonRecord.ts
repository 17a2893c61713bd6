import { jsonSyntaxProblem } from '../jsonSyntax'
import { shownValue } from './recordFields'
import { RolloutInputError } from './rolloutInputError'

/*
 * One record's JSON text (a JSONL line, an element of a JSON array) as an object. Text that is not
 * JSON is refused naming the line and column where it stops being JSON, never quoting it; where
 * that place holds NaN or Infinity, which Python's json writes for a non-finite float but JSON has
 * no word for, the message says so.
 */

const PYTHON_NON_FINITE = /^-?(?:NaN|Infinity)/

/** `text` parsed as a JSON object; `firstLine` is the line the text starts on. */
export function jsonRecord(text: string, source: string, firstLine: number): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw notJson(text, source, firstLine)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RolloutInputError(source, firstLine, `the record is ${shownValue(value)}; a rollout record is a JSON object {…}`)
  }
  return value as Record<string, unknown>
}

function notJson(text: string, source: string, firstLine: number): RolloutInputError {
  const found = jsonSyntaxProblem(text)
  if (found === null) return new RolloutInputError(source, firstLine, 'the record is not JSON')
  const line = firstLine + found.line - 1
  const there = text.split('\n', found.line)[found.line - 1].slice(found.column - 1)
  if (PYTHON_NON_FINITE.test(there)) {
    return new RolloutInputError(source, line, `column ${found.column}: NaN or Infinity, which Python writes for a non-finite number but JSON does not accept; a reward is finite (null where it does not apply)`)
  }
  return new RolloutInputError(source, line, `the record is not JSON (column ${found.column}: ${found.problem})`)
}
