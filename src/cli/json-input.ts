import type { z } from 'zod'
import { UsageError } from './usage'
import { describeJsonSyntax } from '../core/jsonSyntax'
import { formatPath } from '../core/schemaInput'

/*
 * JSON on standard input for the commands that take data (advantages, credit): parsed, validated
 * with zod, and every failure turned into one line that names the problem and the accepted shape.
 */

/** Parse `text` as JSON and validate it; `shape` describes the accepted input for error messages. */
export function parseJsonInput<T>(text: string, schema: z.ZodType<T>, shape: string): T {
  return validateInput(parseJson(text, shape), schema, shape)
}

/** Validate already parsed JSON. */
export function validateInput<T>(raw: unknown, schema: z.ZodType<T>, shape: string): T {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new UsageError(`${describeIssue(parsed.error.issues[0], raw)}; expected ${shape}`)
  return parsed.data
}

/** Only the JSON syntax, for input whose form must be inspected before it is validated. */
export function parseJson(text: string, shape: string): unknown {
  if (text.trim() === '') throw new UsageError(`no JSON on stdin; expected ${shape}`)
  return parseJsonText(text, 'stdin', shape)
}

/**
 * The JSON of a file or of stdin (`where` names it); one that is not JSON is refused naming where
 * it stops being JSON (line, column), never quoting it: the file may be anything, a key file too.
 */
export function parseJsonText(text: string, where: string, expected: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new UsageError(`${where} is not valid JSON (${describeJsonSyntax(text)}); expected ${expected}`)
  }
}

/** "rewards[2]: expected number, received string", ""lastValue" is missing", "unknown key "x"". */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const where = formatPath(issue.path)
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ')
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${where === '' ? '' : ` in ${where}`}`
  }
  if (where !== '' && valueAt(input, issue.path) === undefined) return `"${where}" is missing`
  const message = issue.message.replace(/^Invalid (input|option): /, '')
  return where === '' ? `input: ${message}` : `${where}: ${message}`
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined
    value = (value as Record<PropertyKey, unknown>)[segment]
  }
  return value
}

/**
 * JSON would print ±Infinity and NaN as null: refuse instead (only overflow can produce them).
 * Each value is named `name[i]`, or `name label` where `labels` name the entries.
 */
export function assertFinite(values: ArrayLike<number>, name: string, labels?: readonly string[]): void {
  for (let i = 0; i < values.length; i++) assertFiniteValue(values[i], labels === undefined ? `${name}[${i}]` : `${name} ${labels[i]}`)
}

/** One value, as assertFinite does it. */
export function assertFiniteValue(value: number, name: string): void {
  if (!Number.isFinite(value)) throw new UsageError(`${name} came out as ${value}: the input is too large to compute with`)
}
