import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { initBackend } from './backend'
import { clipByNorm } from './gradientStep'
import type { Mlp } from './mlp'
import { ppoLoss, type PpoMinibatch } from './ppoLoss'

/** A network that ignores its input and outputs fixed rows. */
function constant(rows: number[][]): Mlp {
  return { variables: [], apply: () => tf.tensor2d(rows), dispose: () => undefined }
}

function minibatch(): PpoMinibatch {
  return {
    obs: tf.zeros([2, 1]),
    actions: tf.tensor1d([0, 1], 'int32'),
    // π_new = (0.5, 0.5) everywhere; π_old(a_0) = 0.25 so ρ_0 = 2, π_old(a_1) = 0.5 so ρ_1 = 1
    oldLogProbs: tf.tensor1d([Math.log(0.25), Math.log(0.5)]),
    advantages: tf.tensor1d([1, -1]),
    returns: tf.tensor1d([1.5, 0]),
    oldValues: tf.tensor1d([0.9, 2.5]),
  }
}

async function numbers(terms: Record<string, tf.Scalar>): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const [name, tensor] of Object.entries(terms)) out[name] = (await tensor.data())[0]
  tf.dispose(Object.values(terms))
  return out
}

// The backend the app uses in Node and most browsers (and no "install tfjs-node" banner).
beforeAll(async () => {
  await initBackend('wasm')
})

describe('ppoLoss', () => {
  const actor = constant([
    [0, 0],
    [0, 0],
  ])
  const critic = constant([[1], [2]])
  const options = { numActions: 2, clipCoef: 0.2, clipValueLoss: true, entCoef: 0.01, vfCoef: 0.5 }

  it('matches hand-computed terms', async () => {
    const terms = await numbers({ ...ppoLoss(actor, critic, minibatch(), options) })
    // L_pg: sample 0: max(−1·2, −1·clip(2) = −1.2) = −1.2; sample 1: max(1·1, 1·1) = 1; mean = −0.1
    expect(terms.policyLoss).toBeCloseTo(-0.1, 6)
    // H = ln 2 for a uniform policy over two actions
    expect(terms.entropy).toBeCloseTo(Math.LN2, 6)
    // KL ≈ mean((2 − 1) − ln 2, (1 − 1) − ln 1) = (1 − 0.693147)/2 = 0.153426
    expect(terms.approxKl).toBeCloseTo(0.153426, 5)
    // |ρ − 1| > 0.2 for sample 0 only
    expect(terms.clipFraction).toBeCloseTo(0.5, 6)
    // V = (1, 2), R = (1.5, 0), V_old = (0.9, 2.5)
    // unclipped (V − R)² = (0.25, 4); V_clip = (0.9 + 0.1, 2.5 − 0.2) = (1.0, 2.3), (V_clip − R)² = (0.25, 5.29)
    // L_v = ½·mean(max) = ½·(0.25 + 5.29)/2 = 1.385
    expect(terms.valueLoss).toBeCloseTo(1.385, 5)
    // L = −0.1 − 0.01·0.693147 + 0.5·1.385 = 0.585569
    expect(terms.loss).toBeCloseTo(0.585569, 5)
  })

  it('uses the plain squared error without value clipping', async () => {
    const terms = await numbers({ ...ppoLoss(actor, critic, minibatch(), { ...options, clipValueLoss: false }) })
    // L_v = ½·(0.25 + 4)/2 = 1.0625
    expect(terms.valueLoss).toBeCloseTo(1.0625, 5)
  })
})

describe('clipByNorm', () => {
  it('scales the whole gradient to the maximum norm', async () => {
    const g = tf.tensor1d([3, 0, 4])
    const clipping = clipByNorm(g, 0.5)
    // ‖g‖ = √(9 + 16) = 5; scale = 0.5/(5 + 1e-6)
    expect((await clipping.norm.data())[0]).toBeCloseTo(5, 5)
    const values = Array.from(await clipping.clipped.data())
    expect(values[0]).toBeCloseTo(0.3, 5)
    expect(values[2]).toBeCloseTo(0.4, 5)
    tf.dispose([g, clipping.norm, clipping.clipped])
  })

  it('leaves gradients below the maximum norm alone', async () => {
    const g = tf.tensor1d([0.3, 0.4])
    const clipping = clipByNorm(g, 0.5)
    // ‖g‖ = 0.5 ⇒ scale = min(1, 0.5/(0.5 + 1e-6)) ≈ 1
    const values = Array.from(await clipping.clipped.data())
    expect(values[0]).toBeCloseTo(0.3, 5)
    expect(values[1]).toBeCloseTo(0.4, 5)
    tf.dispose([g, clipping.norm, clipping.clipped])
  })
})
