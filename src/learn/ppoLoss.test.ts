import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { initBackend } from './backend'
import { clipByNorm } from './gradientStep'
import { ppoLoss, type PpoLossOptions, type PpoMinibatch } from './ppoLoss'
import { Rng } from '../core/rng'

function minibatch(): PpoMinibatch {
  return {
    rows: 2,
    actions: Int32Array.from([0, 1]),
    // π_new = (0.5, 0.5) everywhere; π_old(a_0) = 0.25 so ρ_0 = 2, π_old(a_1) = 0.5 so ρ_1 = 1
    oldLogProbs: Float32Array.from([Math.log(0.25), Math.log(0.5)]),
    advantages: Float32Array.from([1, -1]),
    returns: Float32Array.from([1.5, 0]),
    oldValues: Float32Array.from([0.9, 2.5]),
  }
}

// The backend the app uses in Node and most browsers (and no "install tfjs-node" banner).
beforeAll(async () => {
  await initBackend('wasm')
})

describe('ppoLoss', () => {
  // logits (0, 0) and values 1, 2: rows of [logit 0, logit 1, value]
  const outputs = [0, 0, 1, 0, 0, 2]
  const options = { numActions: 2, clipCoef: 0.2, clipValueLoss: true, entCoef: 0.01, vfCoef: 0.5 }

  it('matches hand-computed terms', () => {
    const terms = ppoLoss(outputs, minibatch(), options, new Float32Array(6))
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

  it('uses the plain squared error without value clipping', () => {
    const terms = ppoLoss(outputs, minibatch(), { ...options, clipValueLoss: false }, new Float32Array(6))
    // L_v = ½·(0.25 + 4)/2 = 1.0625
    expect(terms.valueLoss).toBeCloseTo(1.0625, 5)
  })

  it('differentiates by hand: the gradient of the hand-computed case', () => {
    const gradient = new Float32Array(6)
    ppoLoss(outputs, minibatch(), options, gradient)
    // Row 0: −A·ρ = −2 < −1.2, so max took the clipped term with ρ = 2 outside [0.8, 1.2]: no policy gradient.
    // The entropy term: (c_ent/B)·π_b·(log π_b + H) = (0.01/2)·0.5·(−ln 2 + ln 2) = 0 at a uniform policy.
    expect(gradient[0]).toBeCloseTo(0, 7)
    expect(gradient[1]).toBeCloseTo(0, 7)
    // Row 1: ρ = 1, ∂/∂ρ = −A = 1, ∂L/∂l_b = (1·1/2)·(1[b = 1] − 0.5) = ∓0.25
    expect(gradient[3]).toBeCloseTo(-0.25, 7)
    expect(gradient[4]).toBeCloseTo(0.25, 7)
    // Row 0 value: (V − R)² = 0.25 = (V_clip − R)², a tie, so max took V − R = −0.5: c_v·(−0.5)/2 = −0.125
    expect(gradient[2]).toBeCloseTo(-0.125, 7)
    // Row 1 value: max took V_clip − R = 2.3 with V − V_old = −0.5 outside [−0.2, 0.2]: no gradient
    expect(gradient[5]).toBeCloseTo(0, 7)
  })

  for (const clipValueLoss of [true, false]) {
    it(`agrees with TensorFlow.js autograd on random rows (value clipping ${clipValueLoss ? 'on' : 'off'})`, async () => {
      const rng = new Rng(clipValueLoss ? 3 : 4)
      const rows = 64
      const numActions = 3
      const outputs = Array.from({ length: rows * (numActions + 1) }, () => rng.normal())
      const batch: PpoMinibatch = {
        rows,
        actions: Int32Array.from({ length: rows }, () => rng.int(numActions)),
        // old log-probabilities near the new ones, so that some ratios fall inside the clip range and some outside
        oldLogProbs: Float32Array.from({ length: rows }, () => Math.log(1 / 3) + 0.4 * rng.normal()),
        advantages: Float32Array.from({ length: rows }, () => rng.normal()),
        returns: Float32Array.from({ length: rows }, () => rng.normal()),
        oldValues: Float32Array.from({ length: rows }, () => rng.normal()),
      }
      const lossOptions = { numActions, clipCoef: 0.2, clipValueLoss, entCoef: 0.05, vfCoef: 0.5 }
      const gradient = new Float32Array(outputs.length)
      const terms = ppoLoss(outputs, batch, lossOptions, gradient)
      expect(terms.clipFraction).toBeGreaterThan(0.1)
      expect(terms.clipFraction).toBeLessThan(0.9)
      const input = tf.tensor2d(outputs, [rows, numActions + 1])
      const [reference] = tf.grads((x: tf.Tensor) => referenceLoss(x as tf.Tensor2D, batch, lossOptions))([input])
      const referenceValue = referenceLoss(input, batch, lossOptions)
      expect((await referenceValue.data())[0]).toBeCloseTo(terms.loss, 5)
      const expected = await reference.data()
      for (let j = 0; j < expected.length; j++) expect(gradient[j]).toBeCloseTo(expected[j], 6)
      tf.dispose([input, reference, referenceValue])
    })
  }
})

/** CleanRL's PPO loss in TensorFlow.js ops, differentiated by its autograd: the reference ppoLoss must agree with. */
function referenceLoss(outputs: tf.Tensor2D, batch: PpoMinibatch, options: PpoLossOptions): tf.Scalar {
  const { numActions, clipCoef, entCoef, vfCoef } = options
  return tf.tidy(() => {
    const logits = tf.slice(outputs, [0, 0], [-1, numActions])
    const values = tf.reshape(tf.slice(outputs, [0, numActions], [-1, 1]), [-1])
    const logProbsAll = tf.logSoftmax(logits)
    const newLogProbs = tf.sum(tf.mul(logProbsAll, tf.oneHot(tf.tensor1d(batch.actions, 'int32'), numActions)), 1)
    const entropy = tf.mean(tf.neg(tf.sum(tf.mul(tf.exp(logProbsAll), logProbsAll), 1)))
    const ratio = tf.exp(tf.sub(newLogProbs, tf.tensor1d(batch.oldLogProbs)))
    const advantages = tf.neg(tf.tensor1d(batch.advantages))
    const policyLoss = tf.mean(tf.maximum(tf.mul(advantages, ratio), tf.mul(advantages, tf.clipByValue(ratio, 1 - clipCoef, 1 + clipCoef))))
    const returns = tf.tensor1d(batch.returns)
    const oldValues = tf.tensor1d(batch.oldValues)
    const errors = tf.square(tf.sub(values, returns))
    const clipped = tf.add(oldValues, tf.clipByValue(tf.sub(values, oldValues), -clipCoef, clipCoef))
    const valueLoss = options.clipValueLoss ? tf.mul(0.5, tf.mean(tf.maximum(errors, tf.square(tf.sub(clipped, returns))))) : tf.mul(0.5, tf.mean(errors))
    return tf.add(tf.sub(policyLoss, tf.mul(entCoef, entropy)), tf.mul(vfCoef, valueLoss)) as tf.Scalar
  })
}

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
