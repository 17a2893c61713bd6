import { describe, expect, it } from 'vitest'
import { figureNames, parseParetoFigures, summarizeSweep } from './summary'
import { hazardSweep, record } from './testSweeps'

/* A sweep's summary: each figure's mean ± sample standard deviation per point, by hand, and the front. */

const OBJECTIVE_AND_RETURN = [
  { name: 'objective', higherIsBetter: true },
  { name: 'shapedReturn', higherIsBetter: true },
] as const

describe('summarizeSweep', () => {
  const sweep = hazardSweep(3)
  // Point 0: objective 1, 2, 4; point 1: 0.5, 0.5 and a run with none; point 2: nothing yet.
  const records = [record(sweep, 0, 1, -10), record(sweep, 1, 2, -20), record(sweep, 2, 4, -60), record(sweep, 3, 0.5, -5), record(sweep, 4, 0.5, -7), record(sweep, 5, null, null)]

  it('gives each figure its mean and sample standard deviation over the point’s seeds, and every seed’s value', () => {
    const summary = summarizeSweep(sweep, records, OBJECTIVE_AND_RETURN)
    expect(summary.points).toHaveLength(3)
    const [first, second, third] = summary.points
    expect(first.axes).toEqual({ 'w.hazard': 0 })
    expect(first.runs).toBe(3)
    // mean = (1 + 2 + 4)/3 = 7/3; std = √(((1 − 7/3)² + (2 − 7/3)² + (4 − 7/3)²)/2) = √(7/3).
    expect(first.figures.objective.seeds).toEqual([1, 2, 4])
    expect(first.figures.objective.mean).toBeCloseTo(7 / 3, 14)
    expect(first.figures.objective.std).toBeCloseTo(Math.sqrt(7 / 3), 14)
    // shapedReturn −10, −20, −60: mean −30, std √((400 + 100 + 900)/2) = √700.
    expect(first.figures.shapedReturn.mean).toBe(-30)
    expect(first.figures.shapedReturn.std).toBeCloseTo(Math.sqrt(700), 12)
    expect(first.figures.zeroAdvantageFraction).toEqual({ mean: 0.5, std: 0, seeds: [0.5, 0.5, 0.5] })
    expect(first.figures['contribution:step'].seeds).toEqual([-10, -20, -60])
    // A run without the figure is null among the seeds and left out of mean and std.
    expect(second.figures.objective).toEqual({ mean: 0.5, std: 0, seeds: [0.5, 0.5, null] })
    expect(second.figures.shapedReturn.mean).toBe(-6)
    expect(second.figures.shapedReturn.std).toBeCloseTo(Math.SQRT2, 14)
    expect(third).toEqual({
      axes: { 'w.hazard': 100 },
      runs: 0,
      figures: Object.fromEntries(figureNames(sweep).map((name) => [name, { mean: null, std: null, seeds: [] }])),
    })
    // Point 0 has the better objective, point 1 the better return; point 2 has neither.
    expect(summary.pareto).toEqual([0, 1])
  })

  it('is the same whatever order the runs come in, and counts a run found twice once', () => {
    const summary = summarizeSweep(sweep, records, OBJECTIVE_AND_RETURN)
    const shuffled = [records[4], records[1], records[5], records[0], records[3], records[2], { ...records[1], seconds: 9 }]
    expect(JSON.stringify(summarizeSweep(sweep, shuffled, OBJECTIVE_AND_RETURN))).toBe(JSON.stringify(summary))
  })

  it('draws the front of any two figures, either way round', () => {
    const step = { name: 'contribution:step', higherIsBetter: false }
    expect(summarizeSweep(sweep, records, [OBJECTIVE_AND_RETURN[0], step]).pareto).toEqual([0])
    expect(summarizeSweep(sweep, records, [{ name: 'objective', higherIsBetter: false }, step]).pareto).toEqual([0, 1])
  })
})

describe('figureNames and parseParetoFigures', () => {
  const sweep = hazardSweep()
  const names = figureNames(sweep)

  it('names the figures every run has, then one contribution per component', () => {
    expect(names).toEqual(['objective', 'shapedReturn', 'zeroAdvantageFraction', 'episodeLength', 'contribution:step', 'contribution:hazard', 'contribution:goal', 'contribution:progress'])
  })

  it('reads two figures, higher-is-better unless written with a leading -', () => {
    expect(parseParetoFigures('objective,-contribution:step', sweep)).toEqual({
      ok: true,
      figures: [
        { name: 'objective', higherIsBetter: true },
        { name: 'contribution:step', higherIsBetter: false },
      ],
    })
    expect(parseParetoFigures(' -objective , shapedReturn ', sweep)).toEqual({
      ok: true,
      figures: [
        { name: 'objective', higherIsBetter: false },
        { name: 'shapedReturn', higherIsBetter: true },
      ],
    })
  })

  it.each([
    ['objective', 'expected two figures FIG1,FIG2'],
    ['objective,shapedReturn,zeroAdvantageFraction', 'expected two figures FIG1,FIG2'],
    ['objective,length', 'unknown figure "length"; expected two figures FIG1,FIG2'],
    ['objective,-objective', 'names objective twice; expected two figures FIG1,FIG2'],
  ])('refuses %j, listing the figures', (text, start) => {
    const parsed = parseParetoFigures(text, sweep)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.problem.startsWith(start)).toBe(true)
      expect(parsed.problem).toContain('figures: objective, shapedReturn, zeroAdvantageFraction, episodeLength, contribution:step, contribution:hazard, contribution:goal, contribution:progress')
    }
  })
})
