import type { EnvSpec } from '../../core/envs/types'
import { specOf } from '../design'
import type { Sweep } from './definition'
import { figureHigherIsBetter } from './figureText'
import type { ParetoFigure } from './pareto'

/*
 * The one rule that says which way each figure of a Pareto front is better, for the page's
 * trade-off scatter and for `sweep summarize --pareto` alike: a figure's own way (figureText.ts:
 * the objective as the environment says, the zero-advantage fraction less, the rest more) unless
 * it is overridden, on the page by its "lower is better" box, on the command line as FIG:max or
 * FIG:min (-FIG is short for FIG:min).
 */

/** An override of a figure's own way: 'max' higher is better, 'min' lower is better. */
export type FigureDirection = 'max' | 'min'

/** The environment a sweep's figures are judged by (every point trains the same one). */
export function sweepSpec(sweep: Sweep): Pick<EnvSpec, 'objective'> {
  return specOf(sweep.points[0].design)
}

/** Figure `name` as a front judges it: its own way, or `direction` when one is given. */
export function paretoFigure(name: string, spec: Pick<EnvSpec, 'objective'>, direction: FigureDirection | null = null): ParetoFigure {
  return { name, higherIsBetter: direction === null ? figureHigherIsBetter(name, spec) : direction === 'max' }
}

/** What --pareto accepts, for messages. */
export function paretoAccepted(names: readonly string[]): string {
  return `two figures FIG1,FIG2, each judged its own way (objective as the environment says, zeroAdvantageFraction lower is better, the rest higher) or as written FIG:max (higher is better) or FIG:min (lower is better; -FIG is the same); figures: ${names.join(', ')}`
}

/**
 * One item of --pareto: "FIG", "FIG:max", "FIG:min" or "-FIG". A figure's whole name wins over a
 * suffix (a component named min gives the figure contribution:min), so every figure can be named.
 */
export function readParetoItem(item: string, names: readonly string[]): { name: string; direction: FigureDirection | null } {
  if (names.includes(item)) return { name: item, direction: null }
  if (item.startsWith('-')) return { name: item.slice(1), direction: 'min' }
  const suffix = /:(max|min)$/.exec(item)
  if (suffix !== null) return { name: item.slice(0, suffix.index), direction: suffix[1] as FigureDirection }
  return { name: item, direction: null }
}

/** The --pareto text that judges as `figures` do: a figure's bare name where it goes its own way, else FIG:max or FIG:min. */
export function paretoText(figures: readonly [ParetoFigure, ParetoFigure], spec: Pick<EnvSpec, 'objective'>): string {
  return figures.map((figure) => (figure.higherIsBetter === figureHigherIsBetter(figure.name, spec) ? figure.name : `${figure.name}:${figure.higherIsBetter ? 'max' : 'min'}`)).join(',')
}
