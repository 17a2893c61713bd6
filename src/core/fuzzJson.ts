import { Rng } from './rng'

/*
 * Deterministic garbling of JSON for the fuzz suites (seeded, so a failure reproduces): a valid
 * document with values swapped for hostile ones, keys renamed to JavaScript's own names, entries
 * dropped or duplicated, and the text itself cut or spliced.
 */

/** Values that have broken readers before: overflow, wrong types, JavaScript's own names, huge text. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null, true, 0, -0, -1, 1.5, 1e308, -1e308, 1e300, 2 ** 53, 8.64e15 + 1, '', ' ', 'NaN', 'Infinity', '1e999',
  '__proto__', 'constructor', 'toString', '<img src=x onerror=alert(1)>', 'constructor.constructor("globalThis.pwned = true")()',
  'x'.repeat(5000), [], [1, 2, 3], {}, JSON.parse('{"__proto__": {"polluted": true}}'), { length: 1e9 },
]
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '', ' ', 'x'.repeat(300)]

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]

/** The value with one random change somewhere inside it (a value swapped, a key renamed, an entry dropped or doubled). */
export function garbleValue(value: unknown, rng: Rng, depth = 0): unknown {
  const container = Array.isArray(value) ? 'array' : value !== null && typeof value === 'object' ? 'object' : null
  if (container === null || depth > 6 || rng.uniform() < 0.15) return pick(rng, HOSTILE_VALUES)
  if (container === 'array') {
    const items = [...(value as unknown[])]
    if (items.length === 0 || rng.uniform() < 0.15) return [...items, pick(rng, HOSTILE_VALUES)]
    const index = rng.int(items.length)
    if (rng.uniform() < 0.15) items.splice(index, 1)
    else if (rng.uniform() < 0.1) items.push(...Array.from({ length: 200 }, () => items[index]))
    else items[index] = garbleValue(items[index], rng, depth + 1)
    return items
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0 || rng.uniform() < 0.1) return Object.fromEntries([...entries, [pick(rng, HOSTILE_KEYS), pick(rng, HOSTILE_VALUES)]])
  const index = rng.int(entries.length)
  const roll = rng.uniform()
  if (roll < 0.15) entries.splice(index, 1)
  else if (roll < 0.25) entries[index] = [pick(rng, HOSTILE_KEYS), entries[index][1]]
  else entries[index] = [entries[index][0], garbleValue(entries[index][1], rng, depth + 1)]
  return Object.fromEntries(entries)
}

/** JSON text of a garbled value, now and then cut short or with a random span replaced (not JSON any more). */
export function garbleJson(value: unknown, rng: Rng): string {
  let text = JSON.stringify(garbleValue(value, rng))
  const roll = rng.uniform()
  if (roll < 0.1) text = text.slice(0, rng.int(text.length + 1))
  else if (roll < 0.2) {
    const at = rng.int(text.length + 1)
    text = `${text.slice(0, at)}${pick(rng, ['"', '{', ']', ',', '\\u0000', '\u2028', 'NaN', '\n'])}${text.slice(at + rng.int(4))}`
  }
  return text
}

/** Control bytes and separators that break a message's line, as a hostile record's text holds them. */
const CONTROL_BYTES = ['\n', '\r', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u2028', '\t']

/** Text as a forged or damaged record holds it: up to 10 KB long, with control bytes mixed in. */
export function hostileText(rng: Rng): string {
  const length = [1, 41, 300, 10_240][rng.int(4)]
  let stretch = ''
  while (stretch.length < Math.min(length, 64)) stretch += rng.uniform() < 0.2 ? pick(rng, CONTROL_BYTES) : String.fromCharCode(97 + rng.int(26))
  return stretch.repeat(Math.ceil(length / stretch.length)).slice(0, length)
}
