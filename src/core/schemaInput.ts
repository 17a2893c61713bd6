import type { z } from 'zod'
import { describeJsonSyntax } from './jsonSyntax'

/*
 * Input from outside (a file, a link, a message, the command line) checked against a zod schema,
 * and where in it a problem is, as every message says it.
 */

/** A key written after a dot: letters, digits and _, not starting with a digit. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

/** ["transforms", "alive", 0, "lo"] → transforms.alive[0].lo; ["values", "0,1"] → values["0,1"]; [] → "". */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = ''
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`
    else if (typeof key === 'string' && PLAIN_KEY.test(key)) text += text === '' ? key : `.${key}`
    else text += `[${JSON.stringify(String(key))}]`
  }
  return text
}

export type SchemaInput<T> = { ok: true; value: T } | { ok: false; problems: string[]; refused: { value: unknown; issues: z.core.$ZodIssue[] } | null }

/**
 * JSON text or an already parsed value, checked against `schema`. On failure every problem at once,
 * each as "path: what is wrong; what is accepted", `root` naming the whole ("design: not valid JSON
 * (…)"); `refused` holds the value and zod's issues where the text was JSON.
 */
export function parseWithSchema<T>(schema: z.ZodType<T>, json: unknown, root: string): SchemaInput<T> {
  let value = json
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json)
    } catch {
      // Where it stops being JSON, not the parser's message, which quotes the text.
      return { ok: false, problems: [`${root}: not valid JSON (${describeJsonSyntax(json)})`], refused: null }
    }
  }
  const result = schema.safeParse(value)
  if (result.success) return { ok: true, value: result.data }
  const { issues } = result.error
  return { ok: false, problems: issues.map((issue) => `${formatPath(issue.path) || root}: ${issue.message.replace(/^Invalid input: /, '')}`), refused: { value, issues } }
}
