import { GroupEstimatorSchema } from '../../core/credit/estimatorSchema'
import { CENTERS, COMBINES, SCALES } from '../../core/credit/estimatorSettings'
import { AGGREGATIONS } from '../../core/losses/aggregation'
import { parseRolloutDesign, ROLLOUT_TRANSFORM_KINDS, type RolloutComponent, type RolloutDesign, type RolloutTransform } from '../../core/rollouts/rolloutDesign'
import { DEFAULT_WEIGHTED_COMPONENT } from '../../core/rollouts/rolloutWeights'
import { shownText } from '../../core/truncate'

/*
 * The design the "Your rollouts" panel applies to an opened file: the core's RolloutDesign with
 * every component of the file named (its weight and transforms), the group estimator with its
 * combine rule, and the loss aggregation the trainer export reads. Its default is the file's own:
 * score = 1 and every other component 0, nothing transformed, as `rollouts` reads a file with no
 * --weights (rolloutWeights.ts); a file with no score weighs its first component 1. The link keeps
 * the design, never the data, as
 *   rollouts=weights=score:1,format:0.5;transforms.score=clip(0,1)+scale(2);combine=sum;center=mean;
 *            scale=group;rank=false;batchNormalize=false;eps=0.0001;aggregation=token-mean
 * each name URI-encoded (a name may hold , ; : or =), a transforms.NAME part per component that has
 * transforms and aggregation only when chosen; what is read is validated by the core's schema. It
 * is applied to a file that has every component it names; another file opens with its own
 * default, and says so.
 */

export type RolloutPageDesign = RolloutDesign & { components: Record<string, RolloutComponent> }

/** The file's own design: score = 1 (else its first component), every other component 0, nothing transformed, GRPO's group estimator. */
export function defaultRolloutDesign(names: readonly string[]): RolloutPageDesign {
  const weighted = names.includes(DEFAULT_WEIGHTED_COMPONENT) ? DEFAULT_WEIGHTED_COMPONENT : names[0]
  return { components: Object.fromEntries(names.map((name) => [name, { weight: name === weighted ? 1 : 0, transforms: [] }])), estimator: GroupEstimatorSchema.parse({}) }
}

/** The design a newly opened file gets: the link's where the file has every component it names, else the file's own, with a note why. */
export function designForFile(names: readonly string[], linked: RolloutPageDesign | null): { design: RolloutPageDesign; note: string | null } {
  const own = defaultRolloutDesign(names)
  if (linked === null) return { design: own, note: null }
  const missing = Object.keys(linked.components).filter((name) => !names.includes(name))
  if (missing.length > 0) {
    return { design: own, note: `The link's design names ${missing.map((name) => `"${shownText(name)}"`).join(', ')}, which this file does not have: its own design is shown.` }
  }
  const components = Object.fromEntries(names.map((name) => [name, linked.components[name] ?? { weight: 0, transforms: [] }]))
  return { design: { ...linked, components }, note: null }
}

/** Each transform kind's fields, in the order the link writes them: scale(factor), clip(lo,hi), bounded(reference). */
const TRANSFORM_FIELDS: Record<RolloutTransform['kind'], readonly string[]> = { scale: ['factor'], clip: ['lo', 'hi'], bounded: ['reference'] }

const TRANSFORMS_PREFIX = 'transforms.'

/** A component's transforms as the link writes them: clip(0,1)+scale(2). */
export function transformsToLinkText(transforms: readonly RolloutTransform[]): string {
  return transforms.map((transform) => `${transform.kind}(${TRANSFORM_FIELDS[transform.kind].map((field) => String((transform as Record<string, unknown>)[field])).join(',')})`).join('+')
}

/** The rollouts= value of a design. */
export function rolloutDesignToLinkText(design: RolloutPageDesign): string {
  const { estimator } = design
  const entries = Object.entries(design.components)
  const weights = entries.map(([name, component]) => `${encodeURIComponent(name)}:${component.weight}`).join(',')
  const transforms = entries.filter(([, component]) => component.transforms.length > 0).map(([name, component]) => `${TRANSFORMS_PREFIX}${encodeURIComponent(name)}=${transformsToLinkText(component.transforms)}`)
  const aggregation = design.aggregation === undefined ? [] : [`aggregation=${design.aggregation}`]
  return [`weights=${weights}`, ...transforms, `combine=${estimator.combine}`, `center=${estimator.center}`, `scale=${estimator.scale}`, `rank=${estimator.rank}`, `batchNormalize=${estimator.batchNormalize}`, `eps=${estimator.eps}`, ...aggregation].join(';')
}

const LINK_FORM = `weights=NAME:w,…;transforms.NAME=scale(f)+clip(lo,hi)+bounded(ref);combine=${COMBINES.join('|')};center=${CENTERS.join('|')};scale=${SCALES.join('|')};rank=true|false;batchNormalize=true|false;eps=E;aggregation=${AGGREGATIONS.join('|')}`

const ESTIMATOR_KEYS = ['combine', 'center', 'scale', 'rank', 'batchNormalize', 'eps']

/** The design a rollouts= value holds, or the problem in words (the whole value is then ignored). */
export function rolloutDesignFromLinkText(text: string): { design: RolloutPageDesign } | { problem: string } {
  const problem = (why: string) => ({ problem: `The link's rollouts design is ignored: ${why} (accepted: ${LINK_FORM}).` })
  const parts = new Map<string, string>()
  for (const part of text.split(';')) {
    const at = part.indexOf('=')
    if (at <= 0) return problem(`"${shownText(part)}" is no NAME=VALUE`)
    const key = part.slice(0, at)
    if (!['weights', 'aggregation', ...ESTIMATOR_KEYS].includes(key) && !key.startsWith(TRANSFORMS_PREFIX)) return problem(`"${shownText(key)}" is no part of a rollouts design`)
    parts.set(key, part.slice(at + 1))
  }
  const components: Record<string, { weight: number; transforms: unknown[] }> = {}
  for (const pair of (parts.get('weights') ?? '').split(',').filter((pair) => pair !== '')) {
    const at = pair.lastIndexOf(':')
    const value = at > 0 ? Number(pair.slice(at + 1)) : NaN
    const name = decodedName(pair.slice(0, Math.max(0, at)))
    if (name === null) return problem(`the weight "${shownText(pair)}" has a badly encoded name`)
    if (name === '' || !Number.isFinite(value) || pair.slice(at + 1).trim() === '') return problem(`the weight "${shownText(pair)}" is no NAME:number`)
    components[name] = { weight: value, transforms: [] }
  }
  if (Object.keys(components).length === 0) return problem('it weighs no component')
  for (const [key, chain] of parts) {
    if (!key.startsWith(TRANSFORMS_PREFIX)) continue
    const name = decodedName(key.slice(TRANSFORMS_PREFIX.length))
    if (name === null || name === '') return problem(`"${shownText(key)}" names no component`)
    const transforms = transformsFromLinkText(chain)
    if ('problem' in transforms) return problem(`${key}: ${transforms.problem}`)
    components[name] = { weight: components[name]?.weight ?? 0, transforms: transforms.transforms }
  }
  for (const key of ['rank', 'batchNormalize']) if (parts.has(key) && !['true', 'false'].includes(parts.get(key)!)) return problem(`${key} is "${shownText(parts.get(key)!)}"`)
  const flag = (key: string) => (parts.has(key) ? parts.get(key) === 'true' : undefined)
  const estimator = GroupEstimatorSchema.safeParse({
    combine: parts.get('combine'),
    center: parts.get('center'),
    scale: parts.get('scale'),
    rank: flag('rank'),
    batchNormalize: flag('batchNormalize'),
    eps: parts.has('eps') ? Number(parts.get('eps')) : undefined,
  })
  if (!estimator.success) return problem(`combine is one of ${COMBINES.join(', ')}, center one of ${CENTERS.join(', ')}, scale one of ${SCALES.join(', ')}, eps a number from 0 to 1`)
  // The whole design through the core's schema: each transform's values, the aggregation.
  const parsed = parseRolloutDesign({ components, estimator: estimator.data, aggregation: parts.get('aggregation') })
  if (!parsed.ok) return problem(parsed.problems.join('; '))
  return { design: parsed.design as RolloutPageDesign }
}

function decodedName(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded)
  } catch {
    return null
  }
}

/** clip(0,1)+scale(2) as transform objects for the schema to judge; or the problem with the text itself. */
function transformsFromLinkText(text: string): { transforms: unknown[] } | { problem: string } {
  const transforms: unknown[] = []
  for (const item of text.split('+')) {
    const match = /^([A-Za-z]+)\(([^()]*)\)$/.exec(item)
    if (match === null) return { problem: `"${shownText(item)}" is no KIND(values)` }
    const [, kind, args] = match
    const fields = TRANSFORM_FIELDS[kind as RolloutTransform['kind']]
    // A kind the file's components do not take goes to the schema as it is, which says why and what is accepted.
    if (!(ROLLOUT_TRANSFORM_KINDS as readonly string[]).includes(kind)) {
      transforms.push({ kind })
      continue
    }
    const values = args.split(',')
    if (values.length !== fields.length) return { problem: `${kind} takes ${fields.length} value${fields.length === 1 ? '' : 's'} (${fields.join(', ')}), not "${shownText(args)}"` }
    // An empty or non-numeric value stays text, so that the schema names it.
    transforms.push(Object.fromEntries([['kind', kind], ...fields.map((field, i) => [field, values[i].trim() !== '' && Number.isFinite(Number(values[i])) ? Number(values[i]) : values[i]])]))
  }
  return { transforms }
}
