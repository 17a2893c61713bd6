import { RolloutInputError } from './rolloutInputError'

/* Reading the fields every format shares: a step, a piece of text, a logged number. */

/** A record's step: a whole number from 0, or null where absent or null. */
export function stepField(record: Record<string, unknown>, source: string, line: number): number | null {
  const value = record.step
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new RolloutInputError(source, line, `"step" is ${shownValue(value)}; a step is a whole number from 0`)
  return value
}

/** A text field the format requires. */
export function requiredText(record: Record<string, unknown>, key: string, format: string, source: string, line: number): string {
  const value = record[key]
  if (typeof value === 'string') return value
  if (value === undefined || !Object.hasOwn(record, key)) throw new RolloutInputError(source, line, `${format}'s record has no "${key}"; it needs the text of the ${key}`)
  throw new RolloutInputError(source, line, `"${key}" is ${shownValue(value)}; ${format}'s "${key}" is text`)
}

/** A number the run logged (an advantage): a finite number, or null where absent or null. */
export function loggedNumber(record: Record<string, unknown>, key: string, source: string, line: number): number | null {
  const value = record[key]
  if (value === undefined || value === null) return null
  if (typeof value !== 'number') throw new RolloutInputError(source, line, `"${key}" is ${shownValue(value)}; the logged ${key} is a number (or null)`)
  if (!Number.isFinite(value)) throw new RolloutInputError(source, line, `"${key}" is ${value}, not a finite number`)
  return value
}

/** A value as a message shows it: its kind, and a short number or text as it is. */
export function shownValue(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return `text (${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)})`
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' ? 'an object' : typeof value
}

/** The fields of `record` other than `known`, in the record's order. */
export function otherFields(record: Record<string, unknown>, known: readonly string[]): [string, unknown][] {
  return Object.entries(record).filter(([key]) => !known.includes(key))
}
