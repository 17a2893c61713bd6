import { ownValue } from '../../core/reservedNames'
import { meanStd } from '../compare'
import { specOf } from '../design'
import type { AxisValue } from './axisText'
import type { Sweep } from './definition'
import { paretoFront, type ParetoFigure } from './pareto'
import { paretoAccepted, paretoFigure, readParetoItem, sweepSpec } from './paretoFigures'
import type { RunRecord } from './runRecord'

/*
 * A sweep's results per point: each figure's mean and sample standard deviation over the point's
 * seeds, and the Pareto front of two figures. It depends on the runs only, never on the order they
 * finished in or how many processes trained them.
 */

/** The figures every run has (null where it has none); the contributions follow, one per component. */
const RUN_FIGURES = ['objective', 'shapedReturn', 'zeroAdvantageFraction', 'episodeLength'] as const

/** The two figures a front is drawn for when none are named. */
export const DEFAULT_PARETO = 'objective,shapedReturn'

export interface FigureSummary {
  /** Over the runs that have the figure; null when none has. */
  mean: number | null
  /** Sample standard deviation, √(Σ(x − mean)²/(n − 1)); 0 for one run. */
  std: number | null
  /** Each run's value, in seed order (null: that run has none). */
  seeds: (number | null)[]
}

export interface PointSummary {
  axes: Record<string, AxisValue>
  /** Runs of the point found. */
  runs: number
  figures: Record<string, FigureSummary>
}

export interface SweepSummary {
  /** Every point of the sweep, by index. */
  points: PointSummary[]
  /** The indices of the points on the Pareto front of the two figures. */
  pareto: number[]
}

/** The figures a sweep's runs have: objective, shapedReturn, zeroAdvantageFraction, episodeLength, then contribution:<component> for every component of any point, in the points' order. */
export function figureNames(sweep: Sweep): string[] {
  const components = new Set(sweep.points.flatMap((point) => specOf(point.design).components.map((component) => component.name)))
  return [...RUN_FIGURES, ...[...components].map((name) => `contribution:${name}`)]
}

/** One figure of a run, or null where it has none. */
export function figureOf(record: RunRecord, figure: string): number | null {
  if (figure === 'objective') return record.objective
  if (figure === 'shapedReturn') return record.shapedReturn
  if (figure === 'zeroAdvantageFraction') return record.zeroAdvantageFraction
  if (figure === 'episodeLength') return record.episodeLength ?? null
  const component = figure.slice('contribution:'.length)
  return record.contributions === null ? null : (ownValue(record.contributions, component) ?? null)
}

/** Summarise the runs found (a run found twice counts once) per point, and the front of `pareto`'s two figures. */
export function summarizeSweep(sweep: Sweep, records: readonly RunRecord[], pareto: readonly [ParetoFigure, ParetoFigure]): SweepSummary {
  const byRun = new Map<number, RunRecord>()
  for (const record of records) if (!byRun.has(record.run)) byRun.set(record.run, record)
  // By run index, so each point's runs come in seed order.
  const ordered = [...byRun.values()].sort((a, b) => a.run - b.run)
  const byPoint = new Map<number, RunRecord[]>()
  for (const record of ordered) {
    const runs = byPoint.get(record.point)
    if (runs === undefined) byPoint.set(record.point, [record])
    else runs.push(record)
  }
  const names = figureNames(sweep)
  const points = sweep.points.map((point): PointSummary => {
    const runs = byPoint.get(point.index) ?? []
    const figures = Object.fromEntries(names.map((name) => [name, figureSummary(runs.map((record) => figureOf(record, name)))]))
    return { axes: point.axes, runs: runs.length, figures }
  })
  const scores = points.map((point) => [ownValue(point.figures, pareto[0].name)?.mean ?? null, ownValue(point.figures, pareto[1].name)?.mean ?? null] as const)
  return { points, pareto: paretoFront(scores, [pareto[0].higherIsBetter, pareto[1].higherIsBetter]) }
}

function figureSummary(seeds: (number | null)[]): FigureSummary {
  const present = seeds.filter((value): value is number => value !== null)
  if (present.length === 0) return { mean: null, std: null, seeds }
  return { ...meanStd(present), seeds }
}

/**
 * "FIG1,FIG2" → the two figures of a front, each judged by the one rule the page's scatter uses
 * (paretoFigures.ts): its own way, or as written FIG:max / FIG:min (-FIG); a problem names what is
 * accepted.
 */
export function parseParetoFigures(text: string, sweep: Sweep): { ok: true; figures: [ParetoFigure, ParetoFigure] } | { ok: false; problem: string } {
  const names = figureNames(sweep)
  const accepted = paretoAccepted(names)
  const items = text.split(',').map((item) => item.trim())
  if (items.length !== 2) return { ok: false, problem: `expected ${accepted}; got "${text}"` }
  const read = items.map((item) => readParetoItem(item, names))
  const unknown = read.find((figure) => !names.includes(figure.name))
  if (unknown !== undefined) return { ok: false, problem: `unknown figure "${unknown.name}"; expected ${accepted}` }
  if (read[0].name === read[1].name) return { ok: false, problem: `names ${read[0].name} twice; expected ${accepted}` }
  const spec = sweepSpec(sweep)
  return { ok: true, figures: [paretoFigure(read[0].name, spec, read[0].direction), paretoFigure(read[1].name, spec, read[1].direction)] }
}
