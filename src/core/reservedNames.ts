import { z } from 'zod'

/*
 * Names a user chooses (a term, a component, a weight's or a transform's key, a parameter) become
 * keys of plain objects. A plain object already answers to the names of Object.prototype
 * (__proto__, constructor, toString, …): such a name would reach JavaScript's internals instead of
 * the user's data (a weight that is a function, a record whose prototype is replaced). So those
 * names, and prototype, are refused wherever a name comes in, with one message; the names only a
 * function has (length, name, call, …) are ordinary names, since no plain object has them. Lookups
 * read own properties only (ownValue), so nothing reaches a prototype even where a path is missed.
 */

/** Every own name of Object.prototype, and prototype, sorted. */
export const RESERVED_NAMES: readonly string[] = [...new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype'])].sort()

const RESERVED = new Set(RESERVED_NAMES)

export function isReservedName(name: string): boolean {
  return RESERVED.has(name)
}

/** The one message for a reserved name, wherever it is given. */
export function reservedNameProblem(name: string): string {
  return `the name "${name}" is reserved: every JavaScript object already has it (reserved: ${RESERVED_NAMES.join(', ')}); accepted: any other name`
}

/** The reserved own keys of a raw parsed value; JSON.parse keeps "__proto__" as an own key, which object spread and zod's records drop unnamed. */
export function reservedKeys(raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return []
  return Object.keys(raw).filter(isReservedName)
}

/**
 * z.record keyed by names a user chooses, with each reserved key named, "__proto__" too (zod's
 * record skips that key before its key schema sees it, so it is looked for on the raw value).
 */
export function nameRecord<V extends z.ZodType>(value: V, params?: { error: string }) {
  return z.preprocess((raw, context) => {
    const reserved = reservedKeys(raw)
    if (reserved.length === 0) return raw
    const entries = Object.entries(raw as Record<string, unknown>)
    // An unrecognized_keys issue does not stop the record from checking its other entries, so every problem is listed (the reserved ones once each).
    for (const key of reserved) context.addIssue({ code: 'unrecognized_keys', keys: [key], message: reservedNameProblem(key), input: Object.fromEntries(entries) })
    return Object.fromEntries(entries.filter(([key]) => !isReservedName(key)))
  }, z.record(z.string(), value, params))
}

/** record[key] where the record has that key as its own property, else undefined: never a prototype's member. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}
