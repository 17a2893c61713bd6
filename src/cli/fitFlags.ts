import { parseNumber } from './args'
import { UsageError } from './usage'

/* The flags every reward-model fit reads alike, on pairs or on step labels. */

/** --holdout: the fraction held out, from 0 (none) to below 1; `fallback` when absent. */
export function holdoutFlag(flags: ReadonlyMap<string, string>, fallback: number): number {
  const text = flags.get('holdout')
  const holdout = text === undefined ? fallback : parseNumber(text, '--holdout')
  if (!(holdout >= 0 && holdout < 1)) throw new UsageError(`--holdout must be a fraction from 0 (none held out) to below 1, got ${text}`)
  return holdout
}

/** --l2: the weights' penalty λ, at least 0; `fallback` when absent. */
export function l2Flag(flags: ReadonlyMap<string, string>, fallback: number): number {
  const text = flags.get('l2')
  const l2 = text === undefined ? fallback : parseNumber(text, '--l2')
  if (l2 < 0) throw new UsageError(`--l2 must be at least 0 (0 for no penalty), got ${text}`)
  return l2
}

/** --<name>: a whole number from `min` to `max`, or undefined when the flag is not given. */
export function wholeNumberFlag(flags: ReadonlyMap<string, string>, name: string, min: number, max: number): number | undefined {
  const text = flags.get(name)
  if (text === undefined) return undefined
  const value = parseNumber(text, `--${name}`)
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`)
  return value
}
