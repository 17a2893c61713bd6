import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { initBackend } from './backend'
import { FlatAdam } from './flatAdam'

beforeAll(async () => {
  await initBackend('wasm')
})

describe('FlatAdam', () => {
  it('takes the steps torch.optim.Adam takes, across variables of different shapes', async () => {
    const a = tf.variable(tf.tensor2d([[1, 2]]))
    const b = tf.variable(tf.tensor1d([-1]))
    const adam = new FlatAdam([a, b], 0.1, 0.9, 0.999, 1e-8)
    // Step 1, g = (0.5, −2, 4): m = 0.1·g, v = 0.001·g², m̂ = g, v̂ = g², so Δ = 0.1·g/(|g| + 1e-8) ≈ 0.1·sign(g).
    const g1 = adam.flatten([tf.tensor2d([[0.5, -2]]), tf.tensor1d([4])])
    adam.apply(g1)
    expect(Array.from(await a.data())[0]).toBeCloseTo(0.9, 6)
    expect(Array.from(await a.data())[1]).toBeCloseTo(2.1, 6)
    expect((await b.data())[0]).toBeCloseTo(-1.1, 6)
    // Step 2 on a alone (a zero gradient for b), first entry, g = 1, lr 0.05:
    //   m = 0.9·0.05 + 0.1·1 = 0.145, v = 0.999·0.00025 + 0.001·1 = 0.00124975
    //   Δ = (0.05/(1 − 0.81)) · 0.145 / (√0.00124975/√(1 − 0.998001) + 1e-8) = 0.0483277…
    adam.learningRate = 0.05
    const g2 = adam.flatten([tf.tensor2d([[1, 0]]), tf.tensor1d([0])])
    adam.apply(g2)
    const expected = 0.9 - ((0.05 / 0.19) * 0.145) / (Math.sqrt(0.00124975) / Math.sqrt(1 - 0.999 ** 2) + 1e-8)
    expect((await a.data())[0]).toBeCloseTo(expected, 6)
    tf.dispose([g1, g2, a, b])
    adam.dispose()
  })

  it('lays the flat gradient out in the order of its variables', async () => {
    const a = tf.variable(tf.tensor1d([0, 0]))
    const b = tf.variable(tf.tensor2d([[0], [0]]))
    const adam = new FlatAdam([b, a], 0.1, 0.9, 0.999, 1e-8)
    const flat = adam.flatten([tf.tensor2d([[3], [4]]), tf.tensor1d([1, 2])])
    expect(Array.from(await flat.data())).toEqual([3, 4, 1, 2])
    tf.dispose([flat, a, b])
    adam.dispose()
  })
})
