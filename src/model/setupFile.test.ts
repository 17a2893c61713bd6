import { describe, expect, it } from 'vitest'
import { rewardDesignToJson } from '../core/rewards/designSchema'
import { LearnerOptionsSchema } from '../core/run/config'
import { defaultDesign, rewardDesignOf } from './design'
import { readDesignOrSetup, setupExportText, setupToJson } from './setupFile'
import { designFromSearch, designToSearch, MAX_LINK_REWARD_MODEL_CHARS } from './designLink'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { gridSetup, mountainCarSetup } from './testDesigns'

describe('the whole setup as a run config', () => {
  it.each([
    ['cartpole', defaultDesign()],
    ['mountaincar', mountainCarSetup()],
    ['gridworld', gridSetup()],
  ])('%s: imports back as the identical design, whatever the page shows now', (_, design) => {
    const read = readDesignOrSetup(setupToJson(design), defaultDesign('bandit'))
    expect(read).toEqual({ ok: true, kind: 'setup', design })
  })
})

describe('GRPO’s loss options in a setup file', () => {
  it('round-trip, and our older aggregation names are read as verl’s', () => {
    const design = { ...defaultDesign('tokenseq'), learner: LearnerOptionsSchema.parse({ kind: 'grpo', policyLoss: 'ppo', dualClip: 3, kl: 'k1', aggregation: 'seq-mean-token-sum' }) }
    expect(readDesignOrSetup(setupToJson(design), defaultDesign('bandit'))).toEqual({ ok: true, kind: 'setup', design })
    const older = JSON.parse(setupToJson(defaultDesign('tokenseq')))
    older.learner.aggregation = 'constant'
    const read = readDesignOrSetup(JSON.stringify(older), defaultDesign('bandit'))
    expect(read.ok && read.kind === 'setup' && read.design.learner).toMatchObject({ kind: 'grpo', aggregation: 'seq-mean-token-sum-norm' })
  })

  it('carry the masking of truncated completions and the overlong penalty with its cache, and refuse a cache as long as max_length', () => {
    const design = {
      ...defaultDesign('tokenseq'),
      params: { ...defaultDesign('tokenseq').params, max_length: 6, overlong_cache: 3 },
      weights: { ...defaultDesign('tokenseq').weights, overlong: 1 },
      learner: LearnerOptionsSchema.parse({ kind: 'grpo', maskTruncated: true }),
    }
    expect(readDesignOrSetup(setupToJson(design), defaultDesign('bandit'))).toEqual({ ok: true, kind: 'setup', design })
    const setup = JSON.parse(setupToJson(design))
    setup.env.params.overlong_cache = 6
    const refused = readDesignOrSetup(JSON.stringify(setup), defaultDesign('bandit'))
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.problems).toEqual(['env.params: parameter "overlong_cache" of tokenseq must be an integer from 0 to 5 (less than max_length, 6), got 6'])
  })

  it('carry the baseline, pass@k’s k and the KL’s placement, and leave them out where a design never set them', () => {
    const design = { ...defaultDesign('tokenseq'), learner: LearnerOptionsSchema.parse({ kind: 'grpo', klPlacement: 'reward', estimator: { baseline: 'opo', k: 3 } }) }
    expect(readDesignOrSetup(setupToJson(design), defaultDesign('bandit'))).toEqual({ ok: true, kind: 'setup', design })
    const plain = JSON.parse(setupToJson(defaultDesign('tokenseq')))
    expect(plain.learner).not.toHaveProperty('klPlacement')
    expect(plain.learner.estimator).not.toHaveProperty('baseline')
    const setup = JSON.parse(setupToJson(design))
    setup.learner.estimator.baseline = 'passk'
    expect(readDesignOrSetup(JSON.stringify(setup), defaultDesign('bandit'))).toEqual({
      ok: false,
      problems: ['learner.klPlacement: the passk baseline judges each answer right or wrong by its task reward, which a KL penalty in the reward would blur; put the KL in the loss for passk, or pick another baseline'],
    })
  })

  it('refuse a dual clip with another policy loss, naming what is accepted', () => {
    const setup = JSON.parse(setupToJson(defaultDesign('tokenseq')))
    setup.learner = { ...setup.learner, policyLoss: 'cispo', dualClip: 2 }
    expect(readDesignOrSetup(JSON.stringify(setup), defaultDesign('bandit'))).toEqual({
      ok: false,
      problems: ['learner.dualClip: the dual clip C applies to the ppo policy loss only, not cispo; set it to none for cispo'],
    })
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
      'learner.learningrate: unknown key in a ppo learner; accepted: kind, numEnvs, numSteps, numMinibatches, updateEpochs, learningRate, annealLr, totalSteps, gamma, gaeLambda, normAdvantages, clipCoef, clipValueLoss, entCoef, vfCoef, maxGradNorm, hiddenSize, normObs',
      expect.stringMatching(/^mix\.terms\[0\]\.name: /),
      expect.stringMatching(/^seed: /),
    ])
  })
})

describe('a design with a fitted reward model', () => {
  const linearModel = { kind: 'linear', featureNames: [...TOKEN_FEATURE_NAMES], members: [{ weights: TOKEN_FEATURE_NAMES.map(() => 0.1) }] }
  const rmDesign = {
    version: 1,
    weights: { correct: 0, rm: 1 },
    rewardModels: [{ name: 'rm', model: linearModel }],
  }
  const tokenseq = { ...defaultDesign('tokenseq', 1), learner: LearnerOptionsSchema.parse({ kind: 'grpo' }) }
  /** An MLP member of [15, 32, 32, 1]: as long as the page's MLP fit writes one. */
  const mlpModel = {
    kind: 'mlp',
    featureNames: [...TOKEN_FEATURE_NAMES],
    activation: 'tanh',
    members: [
      {
        inputMean: TOKEN_FEATURE_NAMES.map(() => 0.123456789012345),
        inputScale: TOKEN_FEATURE_NAMES.map(() => 1.23456789012345),
        layers: [
          { weights: TOKEN_FEATURE_NAMES.map(() => Array.from({ length: 32 }, () => 0.0123456789012345)), bias: Array.from({ length: 32 }, () => 0) },
          { weights: Array.from({ length: 32 }, () => Array.from({ length: 32 }, () => -0.0123456789012345)), bias: Array.from({ length: 32 }, () => 0) },
          { weights: Array.from({ length: 32 }, () => [0.5]), bias: [0] },
        ],
      },
    ],
  }

  // This pinned the refusal of every such design ("the page does not train against a fitted reward model yet"), which is the behaviour now changed.
  it('is read by the file import, design or setup, with its model and the rm weight', () => {
    const asDesign = readDesignOrSetup(JSON.stringify(rmDesign), tokenseq)
    expect(asDesign.ok && asDesign.kind === 'design' && asDesign.reward.rewardModels).toEqual([{ name: 'rm', model: linearModel, aggregate: 'mean' }])
    expect(asDesign.ok && asDesign.kind === 'design' && asDesign.weights).toEqual({ correct: 0, rm: 1 })
    const setup = { env: { id: 'tokenseq', params: {} }, mix: rmDesign, learner: { kind: 'grpo' }, seed: 1 }
    const asSetup = readDesignOrSetup(JSON.stringify(setup), defaultDesign())
    expect(asSetup.ok && asSetup.kind === 'setup' && asSetup.design.reward.rewardModels?.[0].model).toEqual(linearModel)
    expect(asSetup.ok && asSetup.kind === 'setup' && asSetup.design.weights.rm).toBe(1)
  })

  it('exports as a setup that imports back as the identical design', () => {
    const read = readDesignOrSetup(JSON.stringify({ env: { id: 'tokenseq', params: {} }, mix: rmDesign, learner: { kind: 'grpo' }, seed: 1 }), tokenseq)
    if (!read.ok || read.kind !== 'setup') throw new Error('not read')
    expect(readDesignOrSetup(setupToJson(read.design), defaultDesign())).toEqual(read)
  })

  it('is still refused where the environment declares no features for it, naming why', () => {
    const read = readDesignOrSetup(JSON.stringify({ ...rmDesign, weights: { rm: 1 } }), defaultDesign('mountaincar'))
    expect(read.ok).toBe(false)
    expect(!read.ok && read.problems.join(' ')).toContain("which mountaincar does not declare")
  })

  it('travels in a link when its models fit the link bound, and opens with the model and its weight', () => {
    const read = readDesignOrSetup(JSON.stringify({ ...rmDesign, weights: { correct: 0, rm: 2 } }), tokenseq)
    if (!read.ok || read.kind !== 'design') throw new Error('not read')
    const design = { ...tokenseq, reward: read.reward, weights: { ...tokenseq.weights, correct: 0, rm: 2 } }
    const search = designToSearch(design)
    expect(search).toContain('w.rm=2')
    const loaded = designFromSearch(search)
    expect(loaded.ignored).toEqual([])
    expect(loaded.design).toEqual(design)
  })

  it('is refused by a link whose models are longer than the bound, with the bound and where such a model travels named', () => {
    const big = { ...rmDesign, rewardModels: [{ name: 'rm', model: mlpModel }] }
    expect(JSON.stringify(big.rewardModels).length).toBeGreaterThan(MAX_LINK_REWARD_MODEL_CHARS)
    const { design, ignored } = designFromSearch(`?env=tokenseq&r=${encodeURIComponent(JSON.stringify(big))}`)
    expect(design.reward.rewardModels).toBeUndefined()
    expect(ignored.join(' ')).toMatch(new RegExp(`rewardModels: \\d+ characters of reward models, more than the ${MAX_LINK_REWARD_MODEL_CHARS} a link carries .*saved run`))
  })

  it('writes a link without models longer than the bound (and without their weight), the rest of the reward kept', () => {
    const read = readDesignOrSetup(JSON.stringify({ version: 1, weights: { rm: 1.5 }, terms: [{ name: 'short', expression: 't', weight: 1 }], rewardModels: [{ name: 'rm', model: mlpModel }] }), tokenseq)
    if (!read.ok || read.kind !== 'design') throw new Error(`not read: ${JSON.stringify(read)}`)
    const search = designToSearch({ ...tokenseq, reward: read.reward, weights: { ...tokenseq.weights, short: 1, rm: 1.5 } })
    expect(search).not.toMatch(/rewardModels|w\.rm=/)
    const loaded = designFromSearch(search)
    expect(loaded.ignored).toEqual([])
    expect(loaded.design.reward.terms.map((term) => term.name)).toEqual(['short'])
    expect(loaded.design.reward.rewardModels).toBeUndefined()
  })
})

describe('what Export setup says', () => {
  it('names the file and says labels, pins and sweeps are not in it', () => {
    expect(setupExportText('setup-cartpole-seed1.json')).toBe('Exported setup-cartpole-seed1.json: the environment, its parameters, the reward design, the learner and the seed (train --config reads it). Labels, pins and sweeps are not in it: export them from their own panels.')
  })
})

describe('a cost constraint in a file', () => {
  it('travels in a whole setup and imports back as the identical design', () => {
    const design = { ...defaultDesign(), constraints: { alive: { budget: 50, stepSize: 0.01, initial: 0.5 } } }
    const read = readDesignOrSetup(setupToJson(design), defaultDesign('bandit'))
    expect(read).toEqual({ ok: true, kind: 'setup', design })
  })

  it('is refused, with what is accepted, in a reward design file applied to the design in use', () => {
    const read = readDesignOrSetup(JSON.stringify({ constraints: { alive: { budget: 50, stepSize: 0.01 } } }), defaultDesign())
    expect(read).toEqual({ ok: false, problems: ['constraints: a reward design file\'s budgets are not applied to the design in use; accepted: the same reward as "mix" of a whole setup {"env", "mix", "learner", "seed"}'] })
  })
})
