import { describe, expect, it } from 'vitest'
import { checkSweepDefinition, type Sweep } from './definition'
import { paretoFigure, paretoText, readParetoItem, sweepSpec } from './paretoFigures'
import type { RunRecord } from './runRecord'
import { runAt } from './runIndex'
import { parseParetoFigures, summarizeSweep } from './summary'
import { hazardSweep, record } from './testSweeps'

/* One rule for which way a front's figures are better, the page's scatter and sweep summarize --pareto alike. */

/** MountainCar, whose objective (steps to the flag) is lower-is-better: w.height at 0, 1, 2, one seed. */
function mountainCarSweep(): Sweep {
  const checked = checkSweepDefinition({ config: { env: { id: 'mountaincar' }, learner: { kind: 'reinforce' }, seed: 1 }, axes: ['w.height=0,1,2'], seeds: 1, steps: 1000 })
  if (!checked.ok) throw new Error(checked.problems.join('; '))
  return checked.sweep
}

function carRecord(sweep: Sweep, run: number, objective: number, shapedReturn: number): RunRecord {
  const { point, seed } = runAt(sweep, run)
  return { run, point, axes: sweep.points[point].axes, seed, objective, shapedReturn, contributions: null, zeroAdvantageFraction: null, steps: 1000, seconds: 1 }
}

function figures(text: string, sweep: Sweep) {
  const parsed = parseParetoFigures(text, sweep)
  if (!parsed.ok) throw new Error(parsed.problem)
  return parsed.figures
}

describe('which way a front’s figures are better', () => {
  const car = mountainCarSweep()
  // Steps to the flag and shaped return: point 1 (120 steps, −100) beats point 0 (150, −150) on both; point 2 (200, −50) trades off with it.
  const records = [carRecord(car, 0, 150, -150), carRecord(car, 1, 120, -100), carRecord(car, 2, 200, -50)]

  it('judges a lower-is-better objective lower-is-better, which changes the front', () => {
    expect(sweepSpec(car).objective.higherIsBetter).toBe(false)
    const own = figures('objective,shapedReturn', car)
    expect(own).toEqual([
      { name: 'objective', higherIsBetter: false },
      { name: 'shapedReturn', higherIsBetter: true },
    ])
    expect(summarizeSweep(car, records, own).pareto).toEqual([1, 2])
    // Judged higher-is-better, the slowest car (200 steps) would beat every other point.
    expect(summarizeSweep(car, records, figures('objective:max,shapedReturn', car)).pareto).toEqual([2])
  })

  it('gives the command line’s figures exactly as the page judges them, with or without an override', () => {
    const spec = sweepSpec(car)
    expect(figures('objective,shapedReturn', car)).toEqual([paretoFigure('objective', spec), paretoFigure('shapedReturn', spec)])
    expect(figures('objective:max,shapedReturn:min', car)).toEqual([paretoFigure('objective', spec, 'max'), paretoFigure('shapedReturn', spec, 'min')])
    expect(figures('-shapedReturn,objective', car)).toEqual([paretoFigure('shapedReturn', spec, 'min'), paretoFigure('objective', spec)])
    const cliff = hazardSweep()
    // The zero-advantage fraction (updates that moved nothing) is lower-is-better on its own.
    expect(figures('objective,zeroAdvantageFraction', cliff)).toEqual([
      { name: 'objective', higherIsBetter: true },
      { name: 'zeroAdvantageFraction', higherIsBetter: false },
    ])
    // Point 1 (objective 2, 0.9 of updates idle) beats point 0 (1, 0.95); point 2 (0.5, 0.1) trades off with it.
    const cliffRecords = [{ ...record(cliff, 0, 1, 0), zeroAdvantageFraction: 0.95 }, { ...record(cliff, 2, 2, 0), zeroAdvantageFraction: 0.9 }, { ...record(cliff, 4, 0.5, 0), zeroAdvantageFraction: 0.1 }]
    expect(summarizeSweep(cliff, cliffRecords, figures('objective,zeroAdvantageFraction', cliff)).pareto).toEqual([1, 2])
    expect(summarizeSweep(cliff, cliffRecords, figures('objective,zeroAdvantageFraction:max', cliff)).pareto).toEqual([0, 1])
  })

  it('writes the --pareto text of a front the page shows, and reads it back to the same figures', () => {
    const spec = sweepSpec(car)
    const cases: [ReturnType<typeof paretoFigure>, ReturnType<typeof paretoFigure>][] = [
      [paretoFigure('objective', spec), paretoFigure('shapedReturn', spec)],
      [paretoFigure('objective', spec, 'max'), paretoFigure('contribution:height', spec, 'min')],
    ]
    expect(cases.map((front) => paretoText(front, spec))).toEqual(['objective,shapedReturn', 'objective:max,contribution:height:min'])
    for (const front of cases) expect(figures(paretoText(front, spec), car)).toEqual(front)
  })

  it('reads a figure’s whole name before a suffix, so a component named min is still a figure', () => {
    expect(readParetoItem('contribution:min', ['objective', 'contribution:min'])).toEqual({ name: 'contribution:min', direction: null })
    expect(readParetoItem('contribution:min:max', ['contribution:min'])).toEqual({ name: 'contribution:min', direction: 'max' })
    expect(readParetoItem('contribution:step:min', ['contribution:step'])).toEqual({ name: 'contribution:step', direction: 'min' })
    expect(readParetoItem('-objective', ['objective'])).toEqual({ name: 'objective', direction: 'min' })
  })

  it('refuses an unknown figure, naming the forms and the figures', () => {
    const parsed = parseParetoFigures('objective,length:min', car)
    expect(parsed).toEqual({ ok: false, problem: expect.stringMatching(/^unknown figure "length"; expected two figures FIG1,FIG2, each judged its own way .* or as written FIG:max \(higher is better\) or FIG:min \(lower is better; -FIG is the same\); figures: objective, shapedReturn/) })
  })
})
