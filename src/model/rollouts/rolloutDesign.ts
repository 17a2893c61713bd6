import { GroupEstimatorSchema, type GroupEstimator } from '../../core/credit/estimatorSchema'
import { CENTERS, COMBINES, SCALES } from '../../core/credit/estimatorSettings'
import { DEFAULT_WEIGHTED_COMPONENT } from '../../core/rollouts/rolloutWeights'
import { shownText } from '../../core/truncate'

/*
 * The design the "Your rollouts" panel applies to an opened file: a weight per component, by name,
 * and the group estimator with its combine rule. Its default is the file's own: score = 1 and every
 * other component 0, as `rollouts` reads a file with no --weights (rolloutWeights.ts); a file with
 * no score weighs its first component 1. The link keeps the design, never the data, as
 *   rollouts=score:1,format:0.5;combine=sum;center=mean;scale=group;rank=false;batchNormalize=false;eps=0.0001
 * each name URI-encoded (a name may hold , ; or :). It is applied to a file that has every
 * component it names; another file opens with its own default, and says so.
 */

export interface RolloutPageDesign {
  weights: Record<string, number>
  estimator: GroupEstimator
}

/** The file's own design: score = 1 (else its first component), every other component 0, GRPO's group estimator. */
export function defaultRolloutDesign(names: readonly string[]): RolloutPageDesign {
  const weighted = names.includes(DEFAULT_WEIGHTED_COMPONENT) ? DEFAULT_WEIGHTED_COMPONENT : names[0]
  return { weights: Object.fromEntries(names.map((name) => [name, name === weighted ? 1 : 0])), estimator: GroupEstimatorSchema.parse({}) }
}

/** The design a newly opened file gets: the link's where the file has every component it weighs, else the file's own, with a note why. */
export function designForFile(names: readonly string[], linked: RolloutPageDesign | null): { design: RolloutPageDesign; note: string | null } {
  const own = defaultRolloutDesign(names)
  if (linked === null) return { design: own, note: null }
  const missing = Object.keys(linked.weights).filter((name) => !names.includes(name))
  if (missing.length > 0) {
    return { design: own, note: `The link's weights name ${missing.map((name) => `"${shownText(name)}"`).join(', ')}, which this file does not have: its own design is shown.` }
  }
  return { design: { weights: Object.fromEntries(names.map((name) => [name, linked.weights[name] ?? 0])), estimator: linked.estimator }, note: null }
}

/** The rollouts= value of a design. */
export function rolloutDesignToLinkText(design: RolloutPageDesign): string {
  const { estimator } = design
  const weights = Object.entries(design.weights)
    .map(([name, weight]) => `${encodeURIComponent(name)}:${weight}`)
    .join(',')
  return [`weights=${weights}`, `combine=${estimator.combine}`, `center=${estimator.center}`, `scale=${estimator.scale}`, `rank=${estimator.rank}`, `batchNormalize=${estimator.batchNormalize}`, `eps=${estimator.eps}`].join(';')
}

const LINK_FORM = 'weights=NAME:w,…;combine=sum|decoupled;center=mean|median|loo|batch;scale=group|batch|none;rank=true|false;batchNormalize=true|false;eps=E'

/** The design a rollouts= value holds, or the problem in words (the whole value is then ignored). */
export function rolloutDesignFromLinkText(text: string): { design: RolloutPageDesign } | { problem: string } {
  const problem = (why: string) => ({ problem: `The link's rollouts design is ignored: ${why} (accepted: ${LINK_FORM}).` })
  const parts = new Map<string, string>()
  for (const part of text.split(';')) {
    const at = part.indexOf('=')
    if (at <= 0) return problem(`"${shownText(part)}" is no NAME=VALUE`)
    parts.set(part.slice(0, at), part.slice(at + 1))
  }
  const weights: Record<string, number> = {}
  for (const pair of (parts.get('weights') ?? '').split(',').filter((pair) => pair !== '')) {
    const at = pair.lastIndexOf(':')
    const value = at > 0 ? Number(pair.slice(at + 1)) : NaN
    let name: string
    try {
      name = decodeURIComponent(pair.slice(0, Math.max(0, at)))
    } catch {
      return problem(`the weight "${shownText(pair)}" has a badly encoded name`)
    }
    if (name === '' || !Number.isFinite(value) || pair.slice(at + 1).trim() === '') return problem(`the weight "${shownText(pair)}" is no NAME:number`)
    weights[name] = value
  }
  if (Object.keys(weights).length === 0) return problem('it weighs no component')
  for (const key of ['rank', 'batchNormalize']) if (parts.has(key) && !['true', 'false'].includes(parts.get(key)!)) return problem(`${key} is "${shownText(parts.get(key)!)}"`)
  const flag = (key: string) => (parts.has(key) ? parts.get(key) === 'true' : undefined)
  const parsed = GroupEstimatorSchema.safeParse({
    combine: parts.get('combine'),
    center: parts.get('center'),
    scale: parts.get('scale'),
    rank: flag('rank'),
    batchNormalize: flag('batchNormalize'),
    eps: parts.has('eps') ? Number(parts.get('eps')) : undefined,
  })
  if (!parsed.success) return problem(`combine is one of ${COMBINES.join(', ')}, center one of ${CENTERS.join(', ')}, scale one of ${SCALES.join(', ')}, eps a number from 0 to 1`)
  return { design: { weights, estimator: parsed.data } }
}
