import type { Design } from './design'
import { truncate } from '../core/truncate'
import { flatten } from './learnerCodec'
import { estimatorChoiceOf } from './estimatorComparison'

/** The most differing settings a pin's name lists before "+K more". */
export const MAX_NAMED_SETTINGS = 3

/**
 * A design's settings as name → text, the seed left out: the learner's fields by their dotted
 * names (estimator.center), weights as w.<component>, parameters as p.<name>, and each kind of
 * reward extra (terms, shaping, bonuses, transforms) as one JSON text.
 */
export function settingsOf(design: Design): Map<string, string> {
  const settings = new Map<string, string>()
  settings.set('env', design.envId)
  // A field that is off (null, as GRPO's dual clip) reads "none".
  for (const [key, value] of Object.entries(flatten(learnerSettings(design.learner)))) settings.set(key === 'kind' ? 'learner' : key, String(value ?? 'none'))
  for (const [name, weight] of Object.entries(design.weights)) settings.set(`w.${name}`, String(weight))
  for (const [name, value] of Object.entries(design.params)) settings.set(`p.${name}`, JSON.stringify(value))
  for (const [kind, value] of Object.entries(design.reward)) settings.set(kind, JSON.stringify(value))
  return settings
}

/** The learner as its settings read: a DPO set of labelled pairs reads as its size, not a field per token. */
function learnerSettings(learner: Design['learner']): object {
  if (learner.kind !== 'dpo' || learner.preferences.source !== 'labelled') return learner
  const count = learner.preferences.pairs.length
  return { ...learner, preferences: { source: 'labelled', pairs: `${count} labelled ${count === 1 ? 'pair' : 'pairs'}` } }
}

/**
 * What tells each design apart from the others: for every design, "name value" of each setting
 * whose value is not the same in all of them (a setting a design lacks counts as "none"), in one
 * stable order; the learner's kind is left out, since a pin's name always gives it. A learner's
 * field is compared only among designs of the same learner kind: between a GRPO and a DPO design
 * the learner itself is what differs. Designs that differ only by seed get empty lists.
 */
export function differingSettings(designs: readonly Design[]): string[][] {
  const all = designs.map(settingsOf)
  const kinds = designs.map((design) => design.learner.kind)
  const learnerFields = new Set(designs.flatMap((design) => Object.keys(flatten(learnerSettings(design.learner)))))
  const names = [...new Set(all.flatMap((settings) => [...settings.keys()]))].filter((name) => name !== 'learner' && name !== 'env')
  const differsAmong = (name: string, among: (k: number) => boolean) => new Set(all.filter((_, k) => among(k)).map((settings) => settings.get(name) ?? 'none')).size > 1
  return all.map((settings, i) => {
    const shown = names.filter((name) => (learnerFields.has(name) ? differsAmong(name, (k) => kinds[k] === kinds[i]) : differsAmong(name, () => true)))
    return shown.map((name) => `${name} ${truncate(settings.get(name) ?? 'none')}`)
  })
}

/**
 * The learner as a pin's name gives it: its kind, or for the GRPO family the named estimator it
 * trains with where that is not plain GRPO's (Dr. GRPO, RLOO, …), so a Dr. GRPO run is not named
 * "grpo".
 */
export function learnerName(learner: Design['learner']): string {
  if (learner.kind !== 'grpo') return learner.kind
  const choice = estimatorChoiceOf(learner.estimator)
  return choice === null || choice.name === 'grpo' ? learner.kind : choice.label
}

/** The automatic name of a design's group of pins: "<environment>, <learner>[, what differs]" (at most MAX_NAMED_SETTINGS, then "+K more"). */
export function autoGroupName(envLabel: string, design: Design, differences: readonly string[]): string {
  const shown = differences.slice(0, MAX_NAMED_SETTINGS)
  const more = differences.length - shown.length
  return [envLabel, learnerName(design.learner), ...shown, ...(more > 0 ? [`+${more} more`] : [])].join(', ')
}
