import { beforeAll, describe, expect, it } from 'vitest'
import { fitBradleyTerry } from '../core/preferences/bradleyTerryFit'
import type { GoldPairs } from '../core/preferences/goldPairs'
import { preferenceDifferences } from '../core/preferences/preferencePairs'
import { rewardModelAccuracy } from '../core/preferences/rewardModelAccuracy'
import { Rng } from '../core/rng'
import { initBackend } from './backend'
import { bradleyTerryMinibatch, fitMlpMember, MLP_EPOCHS, MLP_HIDDEN } from './mlpRewardModel'

beforeAll(async () => {
  await initBackend('wasm')
})

/** 2000 pairs of two standard-normal features, labelled by the gold r*(x) = x₀² − x₁ (the higher side preferred). */
function curvedPairs(seed: number): GoldPairs {
  const rng = new Rng(seed)
  const count = 2000
  const preferred: number[] = []
  const rejected: number[] = []
  const preferredGold: number[] = []
  const rejectedGold: number[] = []
  for (let i = 0; i < count; i++) {
    const x = [rng.normal(), rng.normal()]
    const y = [rng.normal(), rng.normal()]
    const [gx, gy] = [x, y].map(([x0, x1]) => x0 * x0 - x1)
    const [winner, loser, winnerGold, loserGold] = gx >= gy ? [x, y, gx, gy] : [y, x, gy, gx]
    preferred.push(...winner)
    rejected.push(...loser)
    preferredGold.push(winnerGold)
    rejectedGold.push(loserGold)
  }
  return { count, features: 2, preferred: Float64Array.from(preferred), rejected: Float64Array.from(rejected), preferredGold: Float64Array.from(preferredGold), rejectedGold: Float64Array.from(rejectedGold) }
}

describe('fitMlpMember', () => {
  it('lowers the Bradley–Terry loss over the epochs and learns a reward no linear one can', async () => {
    const pairs = curvedPairs(1)
    const { member, lossByEpoch } = await fitMlpMember(pairs, 1, new Rng(2))
    expect(lossByEpoch).toHaveLength(MLP_EPOCHS)
    // From about ln 2 ≈ 0.69 (an untrained network orders pairs at random) to well below it
    expect(lossByEpoch[0]).toBeGreaterThan(0.3)
    expect(lossByEpoch[MLP_EPOCHS - 1]).toBeLessThan(0.5 * lossByEpoch[0])
    // Down epoch after epoch, but for the noise of Adam's minibatches
    const falls = lossByEpoch.slice(1).filter((loss, epoch) => loss < lossByEpoch[epoch]).length
    expect(falls).toBeGreaterThanOrEqual(MLP_EPOCHS - 5)
    expect(member.layers.map((layer) => [layer.weights.length, layer.bias.length])).toEqual([
      [2, MLP_HIDDEN],
      [MLP_HIDDEN, MLP_HIDDEN],
      [MLP_HIDDEN, 1],
    ])
    // x₀² is even in x₀: the best linear reward gets little of it, the network most (measured: 0.98 against 0.76)
    const network = rewardModelAccuracy({ kind: 'mlp', featureNames: ['x0', 'x1'], activation: 'tanh', members: [member] }, pairs).ensemble.accuracy
    const line = rewardModelAccuracy({ kind: 'linear', featureNames: ['x0', 'x1'], members: [{ weights: Array.from(fitBradleyTerry(preferenceDifferences(pairs), 1).weights) }] }, pairs).ensemble.accuracy
    expect(network).toBeGreaterThan(0.9)
    expect(line).toBeLessThan(0.85)
    expect(network - line).toBeGreaterThan(0.15)
  })

  it('keeps the standardisation it trained with, and gives the same member for the same seed', async () => {
    const pairs = curvedPairs(3)
    const first = await fitMlpMember(pairs, 1, new Rng(4), { epochs: 2, batchSize: 512, learningRate: 1e-2 })
    // Mean and population standard deviation of each feature over both sides of every pair
    const column = (k: number) => [...pairs.preferred, ...pairs.rejected].filter((_, j) => j % 2 === k)
    for (const k of [0, 1]) {
      const values = column(k)
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length
      expect(first.member.inputMean[k]).toBeCloseTo(mean, 12)
      expect(first.member.inputScale[k]).toBeCloseTo(Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length), 12)
    }
    expect(await fitMlpMember(pairs, 1, new Rng(4), { epochs: 2, batchSize: 512, learningRate: 1e-2 })).toEqual(first)
    expect((await fitMlpMember(pairs, 1, new Rng(5), { epochs: 2, batchSize: 512, learningRate: 1e-2 })).member).not.toEqual(first.member)
  })

  it('only centres a feature that never varies', async () => {
    const pairs = curvedPairs(6)
    const constant = { ...pairs, preferred: pairs.preferred.map((value, j) => (j % 2 === 1 ? 4 : value)), rejected: pairs.rejected.map((value, j) => (j % 2 === 1 ? 4 : value)) }
    const { member } = await fitMlpMember(constant, 1, new Rng(1), { epochs: 1, batchSize: 512, learningRate: 1e-2 })
    expect(member.inputMean[1]).toBe(4)
    expect(member.inputScale[1]).toBe(1)
  })
})

describe('bradleyTerryMinibatch', () => {
  it('gives the mean of −log σ(m) over the pairs and ±σ(−m)/B for the two scores of each pair', () => {
    // Scores: winners 2, 0, −1; losers 1, 0, 3 → m = 1, 0, −4
    const { loss, dScores } = bradleyTerryMinibatch([2, 0, -1, 1, 0, 3], 3)
    const sigmoid = (x: number) => 1 / (1 + Math.exp(-x))
    // −log σ(1) = log(1 + e^−1), −log σ(0) = log 2, −log σ(−4) = log(1 + e^4)
    expect(loss).toBeCloseTo((Math.log(1 + Math.exp(-1)) + Math.LN2 + Math.log(1 + Math.exp(4))) / 3, 14)
    const expected = [-sigmoid(-1) / 3, -0.5 / 3, -sigmoid(4) / 3, sigmoid(-1) / 3, 0.5 / 3, sigmoid(4) / 3]
    Array.from(dScores).forEach((value, j) => expect(value).toBeCloseTo(expected[j], 7))
  })

  it('stays finite for margins far past exp’s range', () => {
    // m = −1000: −log σ(−1000) = 1000; m = 1000: 0
    const { loss, dScores } = bradleyTerryMinibatch([-500, 500, 500, -500], 2)
    expect(loss).toBeCloseTo(500, 10)
    expect(Array.from(dScores)).toEqual([-0.5, -0, 0.5, 0])
  })
})
