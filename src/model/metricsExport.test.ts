import { describe, expect, it } from 'vitest'
import { defaultDesign } from './design'
import { componentColumns, csvField, metricsCsv, metricsFileName, metricsJson } from './metricsExport'
import type { CurvePoint } from './series'
import { runConfigOf } from './design'

const SERIES: CurvePoint[] = [
  { envSteps: 512, wallSeconds: 0.25, shapedReturn: 21.5, objective: 21.5, contributions: { alive: 21.5, failure: 0 } },
  { envSteps: 1024, wallSeconds: 0.5, shapedReturn: 0.1 + 0.2, objective: NaN, contributions: { alive: 1 / 3, failure: -1 } },
  // A term added mid-run: a column of its own, empty where a point lacks it.
  { envSteps: 1536, wallSeconds: 0.75, shapedReturn: -2e-7, objective: Infinity, contributions: { alive: 40, failure: -1, lean: 1e21 } },
]

describe('metricsCsv', () => {
  it('writes the header, one row per point, full precision and empty cells for non-finite values', () => {
    expect(metricsCsv(SERIES, ['alive', 'failure'])).toBe(
      'env_steps,wall_seconds,shaped_return,objective,component:alive,component:failure,component:lean\r\n' +
        '512,0.25,21.5,21.5,21.5,0,\r\n' +
        '1024,0.5,0.30000000000000004,,0.3333333333333333,-1,\r\n' +
        '1536,0.75,-2e-7,,40,-1,1e+21\r\n',
    )
  })

  it('puts known components first in their order, then names only some points carry', () => {
    expect(componentColumns(SERIES, ['failure'])).toEqual(['failure', 'alive', 'lean'])
    expect(componentColumns([], ['alive'])).toEqual(['alive'])
  })

  it('is only the header for an empty curve', () => {
    expect(metricsCsv([], ['alive'])).toBe('env_steps,wall_seconds,shaped_return,objective,component:alive\r\n')
  })

  it('quotes names with commas, quotes or line breaks as RFC 4180 asks', () => {
    const series: CurvePoint[] = [{ envSteps: 1, wallSeconds: 2, shapedReturn: 3, objective: 4, contributions: { 'a,b': 5, 'say "hi"': 6, 'two\nlines': 7 } }]
    expect(metricsCsv(series)).toBe('env_steps,wall_seconds,shaped_return,objective,"component:a,b","component:say ""hi""","component:two\nlines"\r\n1,2,3,4,5,6,7\r\n')
    expect(csvField('plain')).toBe('plain')
  })
})

describe('metricsJson', () => {
  it('holds the format version, the setup, the components, the curve, the marks and the final figures', () => {
    const config = runConfigOf(defaultDesign('cartpole', 3))
    const text = metricsJson({
      config,
      series: SERIES.slice(0, 2),
      marks: [{ envSteps: 1024, changes: { alive: 0.5 }, note: 'term1 := x' }, { envSteps: 1100, changes: {} }],
      componentNames: ['alive', 'failure'],
      meanLength: 22.25,
    })
    expect(JSON.parse(text)).toEqual({
      format: 'reward-playground-metrics',
      version: 1,
      config: JSON.parse(JSON.stringify(config)),
      components: ['alive', 'failure'],
      series: [
        { envSteps: 512, wallSeconds: 0.25, shapedReturn: 21.5, objective: 21.5, contributions: { alive: 21.5, failure: 0 } },
        { envSteps: 1024, wallSeconds: 0.5, shapedReturn: 0.30000000000000004, objective: null, contributions: { alive: 0.3333333333333333, failure: -1 } },
      ],
      marks: [
        { envSteps: 1024, changes: { alive: 0.5 }, note: 'term1 := x' },
        { envSteps: 1100, changes: {} },
      ],
      // The mean of the last (up to 5) points: (21.5 + 0.30000000000000004) / 2; NaN objective → null.
      final: { envSteps: 1024, wallSeconds: 0.5, shapedReturn: 10.9, objective: null, length: 22.25 },
    })
    expect(text.startsWith('{\n  "format": "reward-playground-metrics",\n  "version": 1,\n  "config": {\n')).toBe(true)
  })

  it('has no final figures before the first point, and an unknown length as null', () => {
    const parsed = JSON.parse(metricsJson({ config: runConfigOf(defaultDesign()), series: [], marks: [] }))
    expect(parsed.final).toBeNull()
    expect(parsed.series).toEqual([])
    expect(JSON.parse(metricsJson({ config: runConfigOf(defaultDesign()), series: SERIES.slice(0, 1), marks: [] })).final.length).toBeNull()
  })
})

it('names files after the environment and the seed', () => {
  expect(metricsFileName('cartpole', 1, 'csv')).toBe('run-cartpole-seed1.csv')
  expect(metricsFileName('gridworld', 42, 'json')).toBe('run-gridworld-seed42.json')
})
