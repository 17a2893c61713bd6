import { defaultLearnerFor, describeIssues, LearnerOptionsSchema, type LearnerOptions } from '../core/run/config'
import { learnerFits, LEARNER_LABELS } from '../core/run/learnerFit'
import type { EnvSpec } from '../core/envs/types'
import { withPath } from './paths'

type Flat = Record<string, string | number | boolean>

/** Options as dotted keys: { kind, learningRate, 'estimator.center', … }. */
function flatten(options: object, prefix = ''): Flat {
  const flat: Flat = {}
  for (const [key, value] of Object.entries(options)) {
    if (value !== null && typeof value === 'object') Object.assign(flat, flatten(value as object, `${prefix}${key}.`))
    else flat[`${prefix}${key}`] = value as string | number | boolean
  }
  return flat
}

/** URL text → the type the default has (numbers and booleans stay typed for the schema). */
function coerce(text: string, like: unknown): unknown {
  if (typeof like === 'number') return text.trim() === '' ? NaN : Number(text)
  if (typeof like === 'boolean') return text === 'true' ? true : text === 'false' ? false : text
  return text
}

/** The learner's search parameters: `l=<kind>` and `l.<field>=value` for fields off their default. */
export function learnerToQuery(learner: LearnerOptions, query: URLSearchParams): void {
  query.set('l', learner.kind)
  const defaults = flatten(LearnerOptionsSchema.parse({ kind: learner.kind }))
  for (const [key, value] of Object.entries(flatten(learner))) {
    if (key !== 'kind' && defaults[key] !== value) query.set(`l.${key}`, String(value))
  }
}

/**
 * Read the learner from search parameters for an environment. An unknown kind, a learner that
 * does not fit the environment, or a bad field is dropped and named in `ignored`.
 */
export function learnerFromQuery(query: URLSearchParams, spec: EnvSpec, ignored: string[]): LearnerOptions {
  const fallback = defaultLearnerFor(spec)
  const kind = query.get('l')
  if (kind === null) return fallback
  const known = Object.keys(LEARNER_LABELS)
  if (!known.includes(kind)) {
    ignored.push(`learner "${kind.slice(0, 40)}" (accepted: ${known.join(', ')})`)
    return fallback
  }
  const misfit = learnerFits(kind as LearnerOptions['kind'], spec)
  if (misfit !== null) {
    ignored.push(`learner ${kind}: ${misfit}`)
    return fallback
  }
  const defaults = flatten(LearnerOptionsSchema.parse({ kind }))
  let learner = LearnerOptionsSchema.parse({ kind })
  for (const [key, text] of query) {
    if (!key.startsWith('l.')) continue
    const field = key.slice(2)
    if (!Object.hasOwn(defaults, field) || field === 'kind') {
      ignored.push(`learner field "${field.slice(0, 40)}" (accepted for ${kind}: ${Object.keys(defaults).filter((k) => k !== 'kind').join(', ')})`)
      continue
    }
    const candidate = withPath(learner, field, coerce(text, defaults[field]))
    const parsed = LearnerOptionsSchema.safeParse(candidate)
    if (parsed.success) learner = parsed.data
    else ignored.push(`learner ${describeIssues(parsed.error)}`)
  }
  return learner
}
