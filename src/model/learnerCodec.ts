import { defaultLearnerFor, describeIssues, DpoPreferencesSchema, GRPO_ABSENT_FIELDS, LearnerOptionsSchema, type LearnerKind, type LearnerOptions } from '../core/run/config'
import { learnerFits, LEARNER_LABELS } from '../core/run/learnerFit'
import type { EnvSpec } from '../core/envs/types'
import { truncate } from '../core/truncate'
import { withPath } from './paths'
import { LINK } from './linkKeys'

type Flat = Record<string, string | number | boolean | null>

/** Options as dotted keys: { kind, learningRate, 'estimator.center', … }; a field set to undefined is absent. */
export function flatten(options: object, prefix = ''): Flat {
  const flat: Flat = {}
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue
    if (value !== null && typeof value === 'object') Object.assign(flat, flatten(value as object, `${prefix}${key}.`))
    else flat[`${prefix}${key}`] = value as string | number | boolean | null
  }
  return flat
}

/**
 * URL text → the type the default has (numbers and booleans stay typed for the schema). A field off
 * by default (null, as GRPO's dual clip) is a number once set; "null" or nothing turns it off.
 */
function coerce(text: string, like: unknown): unknown {
  if (like === null) return text.trim() === '' || text === 'null' ? null : Number(text)
  // "null" on a number field is none, which a field that may be none (the sampler correction's C_max) takes and the others refuse
  if (typeof like === 'number') return text.trim() === '' ? NaN : text === 'null' ? null : Number(text)
  if (typeof like === 'boolean') return text === 'true' ? true : text === 'false' ? false : text
  return text
}

/** The link field that holds a DPO learner's labelled pairs whole. */
const LABELLED_FIELD = 'preferences'

/** The value a JSON text spells, or undefined where it is not JSON. */
function jsonField(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** Every field of a learner kind with its default, the fields absent by default with what their absence means. */
function fieldDefaults(kind: LearnerKind): Flat {
  return { ...flatten(LearnerOptionsSchema.parse({ kind })), ...(kind === 'grpo' ? GRPO_ABSENT_FIELDS : {}) }
}

/** The learner's search parameters: `l=<kind>` and `l.<field>=value` for fields off their default. */
export function learnerToQuery(learner: LearnerOptions, query: URLSearchParams): void {
  query.set(LINK.learner, learner.kind)
  const defaults = fieldDefaults(learner.kind)
  // A DPO set of labelled pairs travels whole, as one JSON field (l.preferences): its pairs are no fields of their own.
  const labelled = learner.kind === 'dpo' && learner.preferences.source === 'labelled'
  if (labelled) query.set(`${LINK.learnerField}${LABELLED_FIELD}`, JSON.stringify(learner.preferences))
  for (const [key, value] of Object.entries(flatten(labelled ? { ...learner, preferences: undefined } : learner))) {
    if (key !== 'kind' && defaults[key] !== value) query.set(`${LINK.learnerField}${key}`, String(value))
  }
}

/**
 * Read the learner from search parameters for an environment. An unknown kind, a learner that
 * does not fit the environment, or a bad field is dropped and named in `ignored`.
 */
export function learnerFromQuery(query: URLSearchParams, spec: EnvSpec, ignored: string[]): LearnerOptions {
  const fallback = defaultLearnerFor(spec)
  const kind = query.get(LINK.learner)
  if (kind === null) return fallback
  const known = Object.keys(LEARNER_LABELS)
  if (!known.includes(kind)) {
    ignored.push(`learner "${truncate(kind)}" (accepted: ${known.join(', ')})`)
    return fallback
  }
  const misfit = learnerFits(kind as LearnerOptions['kind'], spec)
  if (misfit !== null) {
    ignored.push(`learner ${kind}: ${misfit}`)
    return fallback
  }
  const base = LearnerOptionsSchema.parse({ kind })
  const defaults = fieldDefaults(kind as LearnerKind)
  // The link's fields by name (a repeated one: its last value), each typed as its default is.
  const fields = new Map<string, unknown>()
  const unknown: string[] = []
  for (const [key, text] of query) {
    if (!key.startsWith(LINK.learnerField)) continue
    const field = key.slice(LINK.learnerField.length)
    if (kind === 'dpo' && field === LABELLED_FIELD) {
      const preferences = jsonField(text)
      const parsed = DpoPreferencesSchema.safeParse(preferences)
      if (preferences === undefined) ignored.push(`learner ${LABELLED_FIELD}: not valid JSON; a DPO link gives its labelled pairs as {"source": "labelled", "pairs": [...]}`)
      else if (!parsed.success) ignored.push(`learner ${LABELLED_FIELD}: ${describeIssues(parsed.error)}`)
      else fields.set(field, parsed.data)
      continue
    }
    if (!Object.hasOwn(defaults, field) || field === 'kind') {
      unknown.push(`learner field "${truncate(field)}" (accepted for ${kind}: ${Object.keys(defaults).filter((k) => k !== 'kind').join(', ')})`)
      continue
    }
    fields.set(field, coerce(text, defaults[field]))
  }
  const learner = learnerFromFields(base, fields, ignored)
  // Bad values first, then the names that are no field at all.
  for (const problem of unknown) ignored.push(problem)
  return learner
}

/**
 * The learner with every field applied at once, so a rule across fields (copies × steps per
 * rollout) sees the very combination the page wrote. Fields the schema's issues name are dropped
 * and the rest tried again.
 */
function learnerFromFields(base: LearnerOptions, fields: Map<string, unknown>, ignored: string[]): LearnerOptions {
  for (;;) {
    const parsed = LearnerOptionsSchema.safeParse(withFields(base, fields))
    if (parsed.success) return parsed.data
    const named = new Map<string, string[]>()
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.')
      if (fields.has(field)) named.set(field, [...(named.get(field) ?? []), issue.message])
    }
    if (named.size === 0) break
    for (const [field, messages] of named) {
      ignored.push(`learner ${field}: ${messages.join('; ')}`)
      fields.delete(field)
    }
  }
  // The issues name only fields the link leaves at their defaults (numSteps, when a link asks for
  // more copies than the default steps allow): keep each field that fits with those kept before it.
  let learner = base
  for (const [field, value] of fields) {
    const parsed = LearnerOptionsSchema.safeParse(withPath(learner, field, value))
    if (parsed.success) learner = parsed.data
    else ignored.push(`learner ${field} "${truncate(String(value))}" (does not fit with the rest: ${describeIssues(parsed.error)})`)
  }
  return learner
}

function withFields(base: LearnerOptions, fields: ReadonlyMap<string, unknown>): LearnerOptions {
  let learner = base
  for (const [field, value] of fields) learner = withPath(learner, field, value)
  return learner
}
