import { escapeControls } from '../truncate'
import type { RolloutDesign, RolloutTransform } from './rolloutDesign'
import { rolloutWeights } from './rolloutWeights'

/*
 * What the exports for TRL and verl share: the design's weights in the file's order, and the
 * sentence for each transformed component (neither trainer transforms a reward function's value).
 */

/** The design's weight of each of `names`, in order; or the problem (a component the file lacks). */
export function exportWeights(design: RolloutDesign, names: readonly string[]): { weights: Float64Array } | { problem: string } {
  const named = design.components === undefined ? null : new Map(Object.entries(design.components).map(([name, component]) => [name, component.weight]))
  return rolloutWeights(names, named)
}

/** A component's name as the exports write it: JSON's quotes, every control character escaped. */
export function quotedName(name: string): string {
  return escapeControls(JSON.stringify(name))
}

/** "scale 2, then clip to [0, 1], then bounded at 0.5". */
export function describeChain(chain: readonly RolloutTransform[]): string {
  return chain
    .map((transform) => {
      if (transform.kind === 'scale') return `scale ${transform.factor}`
      if (transform.kind === 'clip') return `clip to [${transform.lo}, ${transform.hi}]`
      return `bounded at ${transform.reference} (σ(c − ${transform.reference}))`
    })
    .join(', then ')
}

/** One sentence per component of `names` with transforms: what they do, and where the trainer would need them. */
export function transformNotes(design: RolloutDesign, names: readonly string[], trainer: string, where: string): string[] {
  const notes: string[] = []
  for (const name of names) {
    const chain = design.components?.[name]?.transforms ?? []
    if (chain.length === 0) continue
    notes.push(`${quotedName(name)}: ${describeChain(chain)}: ${trainer} uses each reward's value as it is returned, with no transform; apply it in ${where}.`)
  }
  return notes
}
