import type { EnvSpec, RewardComponentSpec } from '../envs/types'
import type { RewardDesign } from './designSchema'
import { potentialsFor } from './shaping'
import { describeRndBonus } from './rnd'
import { describeRewardModelComponent } from './rewardModelComponent'
import { isProcessModel } from '../preferences/rewardModel'
import { ownValue } from '../reservedNames'

/** One component a design adds to its environment: a custom term, a shaping term, a bonus or a reward model. */
export interface ExtraComponent extends RewardComponentSpec {
  source: { kind: 'term'; index: number } | { kind: 'shaping'; index: number } | { kind: 'bonus'; index: number } | { kind: 'rewardModel'; index: number }
}

/** The variables a custom term or a custom potential may read: the state, the action and the episode step. */
export function expressionVariables(spec: EnvSpec): string[] {
  const variables = [...spec.stateVars]
  for (const extra of ['action', 't']) if (!variables.includes(extra)) variables.push(extra)
  return variables
}

/**
 * The components a design adds, in order: terms, shaping, bonuses, reward models. Their names are
 * what the sliders, the chart and the mix use: a term's own name, shaping_<potential>
 * (naive_<potential> for the naive counterpart), bonus_<kind>, a reward model's own name (rm by
 * default); a repeated generated name gets _2, _3, …
 */
export function extraComponents(design: RewardDesign, spec: EnvSpec): ExtraComponent[] {
  const taken = new Set(spec.components.map((c) => c.name))
  const unique = (base: string) => {
    let name = base
    for (let k = 2; taken.has(name); k++) name = `${base}_${k}`
    taken.add(name)
    return name
  }
  const extras: ExtraComponent[] = []
  // Chosen names are taken before any generated one, wherever they come in the list.
  for (const entry of design.rewardModels ?? []) taken.add(entry.name)
  design.terms.forEach((term, index) => {
    taken.add(term.name)
    extras.push({ name: term.name, description: `Your term: ${term.expression}`, defaultWeight: term.weight, range: widen([-2, 2], term.weight), source: { kind: 'term', index } })
  })
  design.shaping.forEach((term, index) => {
    const about = term.potential === 'custom' ? `Φ = ${term.expression}` : (potentialsFor(spec.id).find((p) => p.name === term.potential)?.description ?? term.potential)
    const description = term.naive
      ? `Naive shaping: pays Φ(s′) every step, which can change the best policy. ${about}`
      : `Potential-based shaping F = γΦ(s′) − Φ(s) (γ = ${term.gamma}; Φ = 0 at a terminal state): the best policy stays the same. ${about}`
    extras.push({ name: unique(`${term.naive ? 'naive' : 'shaping'}_${term.potential}`), description, defaultWeight: term.weight, range: widen([-10, 10], term.weight), source: { kind: 'shaping', index } })
  })
  design.bonuses.forEach((bonus, index) => {
    const description = bonus.kind === 'rnd' ? describeRndBonus(bonus.beta) : `Exploration bonus β/√N (β = ${bonus.beta}, ${bonus.kind.replace('count_', '')} visit counts).`
    extras.push({ name: unique(`bonus_${bonus.kind}`), description, defaultWeight: 1, range: [0, 10], source: { kind: 'bonus', index } })
  })
  design.rewardModels?.forEach((entry, index) => {
    extras.push({ name: entry.name, description: describeRewardModelComponent(entry, spec), defaultWeight: 1, range: [0, 4], source: { kind: 'rewardModel', index }, ...(isProcessModel(entry.model) ? { process: true as const } : {}) })
  })
  return extras
}

/** The environment's spec with the design's extra components appended. */
export function rewardedSpec(spec: EnvSpec, design: RewardDesign): EnvSpec {
  const extras = extraComponents(design, spec)
  if (extras.length === 0) return spec
  return { ...spec, components: [...spec.components, ...extras.map(({ source: _source, ...component }) => component)] }
}

/** Weights for every component of the rewarded spec: the design's, else each extra's own weight, else the default. */
export function designWeights(design: RewardDesign, spec: EnvSpec): Record<string, number> {
  // fromEntries and own lookups: a name is a key like any other, even one a prototype has.
  const weight = (component: { name: string; defaultWeight: number }) => [component.name, ownValue(design.weights, component.name) ?? component.defaultWeight] as const
  return Object.fromEntries([...spec.components.map(weight), ...extraComponents(design, spec).map(weight)])
}

function widen(range: [number, number], weight: number): [number, number] {
  return [Math.min(range[0], weight), Math.max(range[1], weight)]
}
