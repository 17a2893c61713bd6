import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { initBackend } from './backend'
import { sequenceLayout, sequenceMean, stopGradient } from './sequenceOps'

beforeAll(async () => {
  await initBackend('wasm')
})

describe('sequence operations', () => {
  it('gives each token the mean over its own sequence, and the gradient of that mean', async () => {
    // Sequences of 1, 3 and 2 tokens.
    const layout = sequenceLayout([1, 3, 2])
    const values = tf.tensor1d([4, 1, 2, 6, -1, 3])
    const mean = sequenceMean(values, layout)
    expect(Array.from(await mean.data())).toEqual([4, 3, 3, 3, 1, 1])
    // L = Σ_t c_t·y_t: ∂L/∂x_u = Σ_{t in seq(u)} c_t / |o_seq(u)|
    const weights = tf.tensor1d([1, 1, 2, 3, 1, -3])
    const gradient = tf.grad((x: tf.Tensor) => tf.sum(tf.mul(weights, sequenceMean(x as tf.Tensor1D, layout))))(values)
    expect(Array.from(await gradient.data())).toEqual([1, 2, 2, 2, -1, -1])
    tf.dispose([mean, values, weights, gradient, Object.values(layout)])
  })

  it('stops the gradient and keeps the value', async () => {
    const x = tf.tensor1d([0.5, -2])
    const gradient = tf.grad((input: tf.Tensor) => tf.sum(tf.mul(stopGradient(input), input)))(x)
    // d/dx (sg(x)·x) = sg(x)
    expect(Array.from(await gradient.data())).toEqual([0.5, -2])
    tf.dispose([x, gradient])
  })

  it('refuses a sequence without tokens', () => {
    expect(() => sequenceLayout([2, 0])).toThrow('sequenceLayout: sequence 1 has 0 tokens; every sequence needs at least one')
  })
})
