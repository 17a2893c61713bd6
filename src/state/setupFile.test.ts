import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseRunConfig } from '../cli/train-command'
import { cliAsync, jsonLines } from '../cli/testing'
import { PpoOptionsSchema, ReinforceOptionsSchema } from '../core/run/config'
import { rewardDesignToJson } from '../core/rewards/designSchema'
import { defaultDesign, rewardDesignOf, runConfigOf, type Design } from './design'
import { readDesignOrSetup, setupToJson } from './setupFile'

const DIR = mkdtempSync(join(tmpdir(), 'setup-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

/** MountainCar with a custom term, a shaping term, a transform, changed weights, REINFORCE and seed 5. */
function mountainCarSetup(): Design {
  const design = defaultDesign('mountaincar', 5)
  design.params = { ...design.params, time_limit: 300 }
  design.reward = {
    terms: [{ name: 'right', expression: 'position > 0.3', weight: 1 }],
    shaping: [{ potential: 'height', weight: 2, gamma: 0.99, naive: false }],
    bonuses: [],
    transforms: { step: [{ kind: 'clip', lo: -0.5, hi: 0.5 }] },
  }
  design.weights = { ...design.weights, step: 0.5, right: 1.5, shaping_height: 2 }
  design.learner = ReinforceOptionsSchema.parse({ kind: 'reinforce', learningRate: 0.002 })
  return design
}

function gridSetup(): Design {
  const design = defaultDesign('gridworld', 11)
  design.params = { ...design.params, map: 'lava' }
  design.weights = { ...design.weights, hazard: 20 }
  return design
}

describe('the whole setup as a run config', () => {
  it.each([
    ['cartpole, defaults', defaultDesign()],
    ['mountaincar with terms, shaping, a transform, REINFORCE', mountainCarSetup()],
    ['gridworld lava, tabular', gridSetup()],
  ])('%s: the command line’s parseRunConfig reads the exported text as the same config', (_, design) => {
    const text = setupToJson(design)
    expect(parseRunConfig(text, 'setup.json')).toEqual(runConfigOf(design))
    expect(Object.keys(JSON.parse(text))).toEqual(['env', 'mix', 'learner', 'seed'])
  })

  it.each([
    ['cartpole', defaultDesign()],
    ['mountaincar', mountainCarSetup()],
    ['gridworld', gridSetup()],
  ])('%s: imports back as the identical design, whatever the page shows now', (_, design) => {
    const read = readDesignOrSetup(setupToJson(design), defaultDesign('bandit'))
    expect(read).toEqual({ ok: true, kind: 'setup', design })
  })

  it('trains from the command line: `train --config` on the exported file', async () => {
    const design = defaultDesign('cartpole', 3)
    design.learner = PpoOptionsSchema.parse({ kind: 'ppo', numEnvs: 2, numSteps: 32 })
    const path = join(DIR, 'setup.json')
    writeFileSync(path, setupToJson(design))
    const { code, stdout, stderr } = await cliAsync(['train', '--config', path, '--iterations', '2'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const lines = jsonLines<{ iteration?: number; envSteps: number; done?: boolean }>(stdout)
    expect(lines.map((line) => line.envSteps)).toEqual([64, 128, 128])
    expect(lines.at(-1)!.done).toBe(true)
  })
})

describe('reading a file: a design or a setup, told apart by shape', () => {
  it('a reward design applies to the page’s environment', () => {
    const current = mountainCarSetup()
    const read = readDesignOrSetup(rewardDesignToJson(rewardDesignOf(current)), defaultDesign('mountaincar'))
    expect(read).toEqual({ ok: true, kind: 'design', reward: current.reward, weights: current.weights })
  })

  it('a reward design that does not fit the page’s environment names every misfit', () => {
    const read = readDesignOrSetup(JSON.stringify({ weights: { nope: 1, alive: 99 }, shaping: [{ potential: 'height' }] }), defaultDesign('cartpole'))
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems).toEqual([
      expect.stringMatching(/^weights\.nope: cartpole has no component "nope"/),
      expect.stringMatching(/^shaping\[0\]\.potential: cartpole offers no potential "height"/),
    ])
  })

  it('a weight outside its slider is refused', () => {
    const read = readDesignOrSetup(JSON.stringify({ weights: { alive: 99 } }), defaultDesign('cartpole'))
    expect(read).toEqual({ ok: false, problems: ['weights.alive: 99 is outside its slider\'s range; accepted: a number from 0 to 2'] })
  })

  it('bad JSON, and JSON that is not an object, are one problem each', () => {
    const bad = readDesignOrSetup('{"env": ', defaultDesign())
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.problems).toEqual([expect.stringMatching(/^not valid JSON \(.+\); accepted: a reward design or a whole setup/)])
    expect(readDesignOrSetup('[1, 2]', defaultDesign())).toEqual({ ok: false, problems: [expect.stringContaining('expected a JSON object')] })
  })

  it('a setup with several wrong fields lists every one of them', () => {
    const text = JSON.stringify({
      env: { id: 'cartpole', params: { time_limit: -4, gravity: 3 } },
      mix: { weights: { nope: 1 }, terms: [{ name: '9lives', expression: 'x' }] },
      learner: { kind: 'ppo', gamma: 2, learningrate: 0.1 },
      seed: 'one',
      colour: 'red',
    })
    const read = readDesignOrSetup(text, defaultDesign())
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems).toEqual([
      'colour: unknown key in a run config; accepted: env, mix, learner, seed',
      expect.stringMatching(/^env\.params: parameter "time_limit" of cartpole must be/),
      expect.stringMatching(/^env\.params: unknown parameter "gravity" for cartpole/),
      expect.stringMatching(/^learner\.gamma: /),
      'learner.learningrate: unknown key in a ppo learner; accepted: kind, numEnvs, numSteps, numMinibatches, updateEpochs, learningRate, annealLr, totalSteps, gamma, gaeLambda, normAdvantages, clipCoef, clipValueLoss, entCoef, vfCoef, maxGradNorm, hiddenSize',
      expect.stringMatching(/^mix\.terms\[0\]\.name: /),
      expect.stringMatching(/^seed: /),
    ])
  })
})
