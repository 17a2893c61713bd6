import { describe, expect, it } from 'vitest'
import { rewardDesignToJson } from '../core/rewards/designSchema'
import { resolveEnvironment } from '../core/envs/registry'
import { defaultDesign, designProblems, keepSchedules, rewardDesignOf, runConfigOf, specOf, withSchedule, type Design } from './design'
import { designFromSearch, designToSearch } from './designLink'
import { readDesignOrSetup, setupToJson } from './setupFile'

/* A design's weight schedules: the design's own part, the link, the setup and design files. */

const linear = { kind: 'linear' as const, from: 1, to: 0, steps: 10_000 }
const cosine = { kind: 'cosine' as const, from: 0, to: 1.5, steps: 2000 }
const scheduled: Design = withSchedule(withSchedule(defaultDesign(), 'alive', linear), 'upright', cosine)

describe('a design’s schedules', () => {
  it('are absent from a design, its run config and its link until a weight is scheduled, and absent again once none is', () => {
    const plain = defaultDesign()
    expect('schedules' in plain).toBe(false)
    expect('schedules' in runConfigOf(plain).mix).toBe(false)
    expect(designToSearch(plain)).not.toContain('ws.')
    expect(scheduled.schedules).toEqual({ alive: linear, upright: cosine })
    const cleared = withSchedule(withSchedule(scheduled, 'alive', null), 'upright', null)
    expect(cleared).toEqual(plain)
    expect('schedules' in cleared).toBe(false)
  })

  it('go with the components a new spec no longer has', () => {
    const spec = specOf(defaultDesign())
    expect(keepSchedules(spec, { alive: linear, gone: cosine })).toEqual({ schedules: { alive: linear } })
    expect(keepSchedules(spec, { gone: cosine })).toEqual({})
  })

  it('are checked as weights are: the range of each end, and names only of components', () => {
    const base = resolveEnvironment('cartpole').spec
    expect(designProblems(scheduled, base)).toEqual([])
    const bad = { ...scheduled, schedules: { alive: { ...linear, to: 3 }, wobble: linear } }
    expect(designProblems(bad, base)).toEqual([
      "schedules.alive.to: 3 is outside alive's slider range; accepted: a number from 0 to 2",
      'schedules.wobble: there is no component "wobble" to schedule; accepted: alive, upright, centred, calm, effort, failure',
    ])
  })
})

describe('schedules in a link', () => {
  it('round-trip, each under its own compact ws. key', () => {
    const search = designToSearch(scheduled)
    expect(new URLSearchParams(search).get('ws.alive')).toBe('linear_1_0_10000')
    expect(new URLSearchParams(search).get('ws.upright')).toBe('cosine_0_1.5_2000')
    expect(designFromSearch(search)).toEqual({ design: scheduled, ignored: [] })
  })

  it('schedule a custom term the link adds, and a step schedule', () => {
    const withTerm: Design = { ...defaultDesign(), reward: { terms: [{ name: 'keep', expression: '-abs(x)', weight: 1 }], shaping: [], bonuses: [], transforms: {} }, weights: { ...defaultDesign().weights, keep: 1 } }
    const design = withSchedule(withTerm, 'keep', { kind: 'step', from: -1, to: 2, steps: 1 })
    expect(designFromSearch(designToSearch(design))).toEqual({ design, ignored: [] })
  })

  it.each([
    ['ws.alive=exponential_1_0_100', 'schedule of alive "exponential_1_0_100" (accepted: kind_from_to_steps, e.g. linear_1_0_10000: kind linear, cosine, step; from and to from 0 to 2; steps a whole number from 1 to 1000000000)'],
    ['ws.alive=linear_1_0', 'schedule of alive "linear_1_0" (accepted: kind_from_to_steps'],
    ['ws.alive=linear_1__100', 'schedule of alive "linear_1__100" (accepted'],
    ['ws.alive=linear_1_5_100', 'schedule of alive "linear_1_5_100" (accepted'],
    ['ws.alive=linear_1_0_0', 'schedule of alive "linear_1_0_0" (accepted'],
    ['ws.alive=linear_1_0_2.5', 'schedule of alive "linear_1_0_2.5" (accepted'],
    ['ws.alive=linear_1_0_1e10', 'schedule of alive "linear_1_0_1e10" (accepted'],
    ['ws.alive=linear_NaN_0_10', 'schedule of alive "linear_NaN_0_10" (accepted'],
    ['ws.wobble=linear_1_0_10', 'schedule of unknown component "wobble" (accepted: alive, upright, centred, calm, effort, failure)'],
    ['ws.__proto__=linear_1_0_10', 'schedule of __proto__: the name "__proto__" is reserved'],
    ['ws.constructor=linear_1_0_10', 'schedule of constructor: the name "constructor" is reserved'],
  ])('drop %s, name it and keep the rest', (part, problem) => {
    const { design, ignored } = designFromSearch(`?env=cartpole&${part}&ws.upright=step_0_1_50`)
    expect(ignored).toHaveLength(1)
    expect(ignored[0]).toContain(problem)
    expect(design.schedules).toEqual({ upright: { kind: 'step', from: 0, to: 1, steps: 50 } })
  })

  it('cut a long bad value in its message', () => {
    const { ignored } = designFromSearch(`?ws.alive=${'x'.repeat(500)}`)
    expect(ignored[0].length).toBeLessThan(400)
  })
})

describe('schedules in files', () => {
  it('a whole setup keeps them (train --config reads them as mix.schedules)', () => {
    const json = setupToJson(scheduled)
    expect(JSON.parse(json).mix.schedules).toEqual({ alive: linear, upright: cosine })
    expect(readDesignOrSetup(json, defaultDesign('gridworld'))).toEqual({ ok: true, kind: 'setup', design: scheduled })
  })

  it('a setup without schedules is the JSON it was before them', () => {
    expect(setupToJson(defaultDesign())).not.toContain('schedules')
  })

  it('a reward design file carries them, and names a bad one', () => {
    const read = readDesignOrSetup(rewardDesignToJson(rewardDesignOf(scheduled)), defaultDesign())
    expect(read).toEqual({ ok: true, kind: 'design', reward: defaultDesign().reward, weights: defaultDesign().weights, schedules: { alive: linear, upright: cosine } })
    const bad = readDesignOrSetup(JSON.stringify({ schedules: { alive: { kind: 'linear', from: 1, to: 0, steps: -4 } } }), defaultDesign())
    expect(bad).toEqual({ ok: false, problems: ['schedules.alive.steps: expected steps: a whole number from 1 to 1000000000'] })
  })

  it('a setup names a schedule outside its slider’s range under mix', () => {
    const config = JSON.parse(setupToJson(scheduled))
    config.mix.schedules.alive.from = 7
    expect(readDesignOrSetup(JSON.stringify(config), defaultDesign())).toEqual({ ok: false, problems: ["mix.schedules.alive.from: 7 is outside alive's slider range; accepted: a number from 0 to 2"] })
  })
})
