import { beforeAll, describe, expect, it } from 'vitest'
import { fitBradleyTerry } from '../core/preferences/bradleyTerryFit'
import { BradleyTerryFitError } from '../core/preferences/fitError'
import { selectPairs, type GoldPairs } from '../core/preferences/goldPairs'
import { holdOutPairs } from '../core/preferences/pairSplit'
import { preferenceDifferences } from '../core/preferences/preferencePairs'
import { memberScores, scoreRewardModel } from '../core/preferences/rewardModel'
import { Rng } from '../core/rng'
import { initBackend } from './backend'
import { fitRewardModel, MemberFitError, type RewardModelFit } from './rewardModelFit'

beforeAll(async () => {
  await initBackend('wasm')
})

/** 600 pairs of three features; the gold is x₀ − x₁, the labels are noisy (T = 1) and prefer x₂ (which the gold ignores). */
function noisyPairs(seed: number): GoldPairs {
  const rng = new Rng(seed)
  const count = 600
  const rows: number[][] = []
  const golds: number[][] = []
  for (let i = 0; i < count; i++) {
    const x = [rng.normal(), rng.normal(), rng.normal()]
    const y = [rng.normal(), rng.normal(), rng.normal()]
    const gold = (v: number[]) => v[0] - v[1]
    const label = (v: number[]) => gold(v) + v[2]
    const xWins = rng.uniform() < 1 / (1 + Math.exp(-(label(x) - label(y))))
    rows.push(...(xWins ? [x, y] : [y, x]))
    golds.push(xWins ? [gold(x), gold(y)] : [gold(y), gold(x)])
  }
  return {
    count,
    features: 3,
    preferred: Float64Array.from(rows.filter((_, j) => j % 2 === 0).flat()),
    rejected: Float64Array.from(rows.filter((_, j) => j % 2 === 1).flat()),
    preferredGold: Float64Array.from(golds.map(([winner]) => winner)),
    rejectedGold: Float64Array.from(golds.map(([, loser]) => loser)),
  }
}

const NAMES = ['x0', 'x1', 'x2']

/** Accuracies counted here from the scores: the preferred side strictly higher; over gold pairs, the gold-higher side strictly higher. */
function counted(pairs: GoldPairs, preferred: ArrayLike<number>, rejected: ArrayLike<number>) {
  let ordered = 0
  let gold = 0
  let goldOrdered = 0
  for (let i = 0; i < pairs.count; i++) {
    if (preferred[i] > rejected[i]) ordered++
    const goldMargin = pairs.preferredGold[i] - pairs.rejectedGold[i]
    if (goldMargin === 0) continue
    gold++
    if (Math.sign(preferred[i] - rejected[i]) === Math.sign(goldMargin)) goldOrdered++
  }
  return { accuracy: ordered / pairs.count, goldAccuracy: gold === 0 ? null : goldOrdered / gold }
}

/** Score the fit's own model on its training and held-out pairs again and count: the numbers it reported. */
function expectScoresReproduce(fit: RewardModelFit, pairs: GoldPairs, seed: number, holdout: number): void {
  const split = holdOutPairs(pairs.count, holdout, new Rng(seed).split())
  expect(Array.from(fit.heldOutIndices)).toEqual(Array.from(split.heldOut))
  for (const [indices, judged] of [
    [split.train, fit.train],
    [split.heldOut, fit.heldOut!],
  ] as const) {
    const subset = selectPairs(pairs, indices)
    const preferred = memberScores(fit.model, subset.preferred, subset.count)
    const rejected = memberScores(fit.model, subset.rejected, subset.count)
    preferred.forEach((scores, k) => expect(counted(subset, scores, rejected[k])).toEqual({ accuracy: judged.members[k].accuracy, goldAccuracy: judged.members[k].goldAccuracy }))
    const mean = (rows: Float64Array) => scoreRewardModel(fit.model, rows, subset.count, { kind: 'mean' })
    expect(counted(subset, mean(subset.preferred), mean(subset.rejected))).toEqual({ accuracy: judged.ensemble.accuracy, goldAccuracy: judged.ensemble.goldAccuracy })
  }
}

describe('fitRewardModel', () => {
  it('fits one linear member exactly as the Bradley–Terry fit of the training pairs', async () => {
    const pairs = noisyPairs(1)
    const fit = await fitRewardModel(pairs, NAMES, { kind: 'linear', ensemble: 1, holdout: 0.2, l2: 1, seed: 5 })
    expect([fit.trainPairs, fit.heldOutPairs]).toEqual([480, 120])
    const split = holdOutPairs(600, 0.2, new Rng(5).split())
    expect(fit.model).toEqual({ kind: 'linear', featureNames: NAMES, members: [{ weights: Array.from(fitBradleyTerry(preferenceDifferences(selectPairs(pairs, split.train)), 1).weights) }] })
    // The labels like x₂; the gold does not: the model learns the labeler's taste, about (1, −1, 1)
    const [w0, w1, w2] = (fit.model.members[0] as { weights: number[] }).weights
    expect(w0).toBeGreaterThan(0.6)
    expect(w1).toBeLessThan(-0.6)
    expect(w2).toBeGreaterThan(0.6)
    expect(fit.lossByEpoch).toBeNull()
    expectScoresReproduce(fit, pairs, 5, 0.2)
  })

  it('reproduces its accuracies when its model scores the pairs again: a linear ensemble', async () => {
    const pairs = noisyPairs(2)
    const fit = await fitRewardModel(pairs, NAMES, { kind: 'linear', ensemble: 3, holdout: 0.25, l2: 0.5, seed: 9 })
    expect(fit.model.members).toHaveLength(3)
    // Bootstrap samples: three different members
    const weights = fit.model.members.map((member) => JSON.stringify(member))
    expect(new Set(weights).size).toBe(3)
    expectScoresReproduce(fit, pairs, 9, 0.25)
  })

  it('reproduces its accuracies when its model scores the pairs again: an MLP ensemble', async () => {
    const pairs = noisyPairs(3)
    const fit = await fitRewardModel(pairs, NAMES, { kind: 'mlp', ensemble: 2, holdout: 0.2, l2: 1, seed: 4 })
    expect(fit.model.kind).toBe('mlp')
    expect(fit.lossByEpoch).toHaveLength(2)
    expect(fit.mlpTraining).toEqual({ hidden: 32, epochs: 20, batchSize: 512, learningRate: 0.01 })
    expectScoresReproduce(fit, pairs, 4, 0.2)
    // The same seed, the same fit
    expect(await fitRewardModel(pairs, NAMES, { kind: 'mlp', ensemble: 2, holdout: 0.2, l2: 1, seed: 4 })).toEqual(fit)
  })

  it('holds nothing out with --holdout 0, and says which member failed', async () => {
    const pairs = noisyPairs(4)
    const fit = await fitRewardModel(pairs, NAMES, { kind: 'linear', ensemble: 1, holdout: 0, l2: 1, seed: 1 })
    expect([fit.trainPairs, fit.heldOutPairs, fit.heldOut]).toEqual([600, 0, null])
    // One pair, no penalty: separable
    const one = selectPairs(pairs, [0])
    const failure = await fitRewardModel(one, NAMES, { kind: 'linear', ensemble: 2, holdout: 0, l2: 0, seed: 1 }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(MemberFitError)
    expect((failure as MemberFitError).cause).toBeInstanceOf(BradleyTerryFitError)
    expect((failure as Error).message).toMatch(/^member 1 of 2: the pairs are separable/)
  })
})
