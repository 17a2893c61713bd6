import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { initBackend } from './backend'
import { denseLayer, SIGMOID_TANH_FROM } from './denseLayer'

beforeAll(async () => {
  await initBackend('wasm')
})

/** The same layer through TensorFlow.js's own ops and autograd: the reference. */
function referenceLayer(x: tf.Tensor2D, w: tf.Tensor2D, b: tf.Tensor1D, tanh: boolean): tf.Tensor2D {
  const z = tf.add(tf.matMul(x, w), b) as tf.Tensor2D
  return tanh ? tf.tanh(z) : z
}

describe('denseLayer', () => {
  const x = tf.tensor2d([[0.5, -1, 2], [1.5, 0.25, -0.75]])
  const w = tf.tensor2d([[0.3, -0.2], [0.1, 0.4], [-0.5, 0.6]])
  const b = tf.tensor1d([0.05, -0.1])
  // a weighting of the outputs, so that every output's gradient differs
  const weighting = tf.tensor2d([[1, -2], [0.5, 3]])

  for (const tanh of [true, false]) {
    it(`computes ${tanh ? 'tanh(x·W + b)' : 'x·W + b'} and its gradients as autograd does`, async () => {
      const ours = tf.grads((a: tf.Tensor, v: tf.Tensor, c: tf.Tensor) => tf.sum(tf.mul(denseLayer(a as tf.Tensor2D, v as tf.Tensor2D, c as tf.Tensor1D, tanh), weighting)))
      const reference = tf.grads((a: tf.Tensor, v: tf.Tensor, c: tf.Tensor) => tf.sum(tf.mul(referenceLayer(a as tf.Tensor2D, v as tf.Tensor2D, c as tf.Tensor1D, tanh), weighting)))
      const outputs = [denseLayer(x, w, b, tanh), ...ours([x, w, b])]
      const expected = [referenceLayer(x, w, b, tanh), ...reference([x, w, b])]
      for (let k = 0; k < outputs.length; k++) {
        expect(outputs[k].shape).toEqual(expected[k].shape)
        const [got, want] = [await outputs[k].data(), await expected[k].data()]
        for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i], 6)
      }
      tf.dispose([...outputs, ...expected])
    })
  }

  it('computes tanh through the sigmoid on large batches to the same numbers', async () => {
    const rows = SIGMOID_TANH_FROM / 2
    const big = tf.randomNormal([rows, 3], 0, 2, 'float32', 5) as tf.Tensor2D
    const [ours, reference] = [denseLayer(big, w, b, true), referenceLayer(big, w, b, true)]
    expect(ours.size).toBeGreaterThanOrEqual(SIGMOID_TANH_FROM)
    const [got, want] = [await ours.data(), await reference.data()]
    for (let i = 0; i < want.length; i++) expect(Math.abs(got[i] - want[i])).toBeLessThan(1e-6)
    tf.dispose([big, ours, reference])
  })

  it('matches tanh by hand: y = tanh(0.5·0.3 − 1·0.1 + 2·(−0.5) + 0.05)', async () => {
    const y = denseLayer(x, w, b, true)
    expect((await y.data())[0]).toBeCloseTo(Math.tanh(0.15 - 0.1 - 1 + 0.05), 6)
    y.dispose()
  })
})
