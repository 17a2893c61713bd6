import { specOf, type Design } from '../design'
import { designFromSearch, designToSearch } from '../designLink'
import { flatten } from '../learnerCodec'
import { valueText, type AxisValue } from './axisText'

/*
 * Whether an axis fits a design, asked of the link codec itself: a point is the base design written
 * as a link, the axes' keys set to their values, and the link read back. What the link would drop,
 * the sweep refuses, in the link's own words; so a sweep accepts exactly the values a shared link
 * accepts, and the browser's sweep panel will too.
 */

/** The link's keys an axis can be: a weight, a learner field, an environment parameter. */
const AXIS_PREFIXES = ['w.', 'l.', 'p.'] as const

/** The names an axis can take on `design`, by kind: its components' weights (w.), its learner's fields (l.), its environment's parameters (p.), without their prefixes. */
export function axisKeys(design: Design): { components: string[]; fields: string[]; params: string[] } {
  return {
    components: specOf(design).components.map((component) => component.name),
    fields: Object.keys(flatten(design.learner)).filter((field) => field !== 'kind'),
    params: Object.keys(design.params),
  }
}

/** Every axis `design` has, as the link's keys: w.<component>, then l.<field>, then p.<parameter>. */
export function axisNames(design: Design): string[] {
  const { components, fields, params } = axisKeys(design)
  return [...components.map((name) => `w.${name}`), ...fields.map((name) => `l.${name}`), ...params.map((name) => `p.${name}`)]
}

/** `base` with each named link key set to its value, read back as a link: the design and what the link refused. */
export function designWith(base: Design, assignments: readonly (readonly [string, AxisValue])[]): { design: Design; refused: string[] } {
  const query = new URLSearchParams(designToSearch(base))
  for (const [name, value] of assignments) query.set(name, valueText(value))
  const { design, ignored } = designFromSearch(`?${query}`)
  return { design, refused: ignored }
}

/**
 * Why `name` is no axis, naming the ones `design` has; null when it has the form of one (the link
 * then says whether that component, field or parameter exists). The link's other keys (env, seed,
 * l, r) change what every other key means, so they are no axes.
 */
export function axisNameProblem(name: string, design: Design): string | null {
  if (AXIS_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length)) return null
  const { components, fields, params } = axisKeys(design)
  const seeds = name === 'seed' ? ' (every point trains on the sweep\'s seeds)' : ''
  return `unknown axis "${name}"${seeds}; accepted: w.<component> (${components.join(', ')}), l.<learner field> (${fields.join(', ')}), p.<parameter> (${params.length > 0 ? params.join(', ') : 'none'})`
}
