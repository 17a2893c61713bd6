import type { EnvSpec } from '../../core/envs/types'

/* A sweep figure (summary.ts's names) in words, and which way is better by default. */

const CONTRIBUTION = 'contribution:'

/** "objective" → "path efficiency (true objective)", "contribution:step" → "step (contribution)". */
export function figureLabel(name: string, spec: Pick<EnvSpec, 'objective'>): string {
  if (name === 'objective') return `${spec.objective.name} (true objective)`
  if (name === 'shapedReturn') return 'shaped return'
  if (name === 'zeroAdvantageFraction') return 'zero-advantage fraction'
  if (name === 'episodeLength') return 'episode length (last 20)'
  if (name.startsWith(CONTRIBUTION)) return `${name.slice(CONTRIBUTION.length)} (contribution)`
  return name
}

/**
 * Whether more of a figure is better, as a trade-off is first judged: the objective as the
 * environment says, the zero-advantage fraction (updates that moved nothing) less, the rest more.
 */
export function figureHigherIsBetter(name: string, spec: Pick<EnvSpec, 'objective'>): boolean {
  if (name === 'objective') return spec.objective.higherIsBetter
  return name !== 'zeroAdvantageFraction'
}
