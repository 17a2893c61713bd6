import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { initBackend } from './backend'
import { Rng } from '../core/rng'
import { createMlp, frozenMlp, mlpParameters, readOutputs } from './mlp'

// The backend the app uses in Node and most browsers (and no "install tfjs-node" banner).
beforeAll(async () => {
  await initBackend('wasm')
})

describe('createMlp', () => {
  it('maps [batch, inputs] to [batch, outputs] with zero biases and a scaled head', async () => {
    const mlp = createMlp([4, 8, 8, 2], 0.01, new Rng(1))
    // three weight matrices then three biases
    expect(mlp.variables.map((v) => v.shape)).toEqual([[4, 8], [8, 8], [8, 2], [8], [8], [2]])
    for (const bias of mlp.variables.slice(3)) expect(Array.from(await bias.data()).every((b) => b === 0)).toBe(true)
    // The 8 × 2 head has orthogonal columns of length 0.01.
    const head = await mlp.variables[2].data()
    const columnNorm = Math.hypot(...Array.from({ length: 8 }, (_, r) => head[r * 2]))
    expect(columnNorm).toBeCloseTo(0.01, 6)
    const output = mlp.apply(tf.ones([3, 4]))
    expect(output.shape).toEqual([3, 2])
    output.dispose()
    mlp.dispose()
  })

  it('computes tanh(x·W + b) layer by layer with a linear output', async () => {
    const mlp = createMlp([2, 3, 1], 1, new Rng(4))
    const [w1, w2] = await Promise.all([mlp.variables[0].data(), mlp.variables[1].data()])
    const x = [0.5, -1]
    // h_j = tanh(Σ_i x_i·W1_ij); y = Σ_j h_j·W2_j
    const hidden = [0, 1, 2].map((j) => Math.tanh(x[0] * w1[j] + x[1] * w1[3 + j]))
    const expected = hidden.reduce((sum, h, j) => sum + h * w2[j], 0)
    const output = mlp.apply(tf.tensor2d([x]))
    expect((await output.data())[0]).toBeCloseTo(expected, 5)
    output.dispose()
    mlp.dispose()
  })

  it('draws the same parameters from the same seed', async () => {
    const a = createMlp([4, 16, 2], 1, new Rng(7))
    const b = createMlp([4, 16, 2], 1, new Rng(7))
    for (let k = 0; k < a.variables.length; k++) expect(await a.variables[k].data()).toEqual(await b.variables[k].data())
    a.dispose()
    b.dispose()
  })

  it('traces a forward pass whose gradients are the ones autograd takes through apply', async () => {
    const mlp = createMlp([3, 5, 4, 2], 0.5, new Rng(9))
    const input = tf.tensor2d([[0.2, -0.4, 1.1], [-1, 0.3, 0.5], [0.7, 0.7, -0.2]])
    const dOutput = tf.tensor2d([[1, -0.5], [0.25, 2], [-1.5, 0.75]])
    // L = Σ apply(x) ⊙ G, so ∂L/∂output = G
    const { grads } = tf.variableGrads(() => tf.sum(tf.mul(mlp.apply(input), dOutput)) as tf.Scalar, mlp.variables)
    const trace = mlp.trace(input)
    const applied = mlp.apply(input)
    expect(Array.from(await trace.output.data())).toEqual(Array.from(await applied.data()))
    const traced = trace.gradients(dOutput)
    expect(traced.map((g) => g.shape)).toEqual(mlp.variables.map((v) => v.shape))
    for (let k = 0; k < traced.length; k++) {
      const [got, want] = [await traced[k].data(), await grads[mlp.variables[k].name].data()]
      for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i], 6)
    }
    trace.dispose()
    tf.dispose([input, dOutput, applied, ...traced, ...Object.values(grads)])
    mlp.dispose()
  })
})

describe('frozenMlp and mlpParameters', () => {
  // W1 = [[0.5, −1], [1, 0.25]], b1 = [0, 0.5]; W2 = [[1, 2], [−1, 0.5]], b2 = [0.1, −0.2]
  const tiny = {
    sizes: [2, 2, 2],
    layers: [
      { weights: [[0.5, -1], [1, 0.25]], bias: [0, 0.5] },
      { weights: [[1, 2], [-1, 0.5]], bias: [0.1, -0.2] },
    ],
  }

  it('computes the stored network’s logits: tanh on the hidden layer, linear out', async () => {
    const mlp = frozenMlp(tiny)
    // x = [1, 2]: z1 = [1·0.5 + 2·1 + 0, 1·(−1) + 2·0.25 + 0.5] = [2.5, 0], h = [tanh 2.5, 0] = [0.98661430, 0],
    //   y = [h0·1 − h1 + 0.1, h0·2 + h1·0.5 − 0.2] = [1.08661430, 1.77322860]
    // x = [0, 0]: h = [tanh 0, tanh 0.5] = [0, 0.46211716], y = [−0.46211716 + 0.1, 0.5·0.46211716 − 0.2] = [−0.36211716, 0.03105858]
    const logits = await readOutputs(mlp, Float32Array.of(1, 2, 0, 0), 2, 2)
    const expected = [1.0866143, 1.7732286, -0.36211716, 0.03105858]
    expected.forEach((value, i) => expect(logits[i]).toBeCloseTo(value, 6))
    expect(mlp.variables.every((variable) => !variable.trainable)).toBe(true)
    mlp.dispose()
  })

  it('reads a network’s parameters back as they are stored, and rebuilds the same network from them', async () => {
    const frozen = frozenMlp(tiny)
    // As float32, as the network holds them: 0.1 reads back as fround(0.1).
    expect(await mlpParameters(frozen)).toEqual({ sizes: tiny.sizes, layers: tiny.layers.map((layer) => ({ weights: layer.weights, bias: layer.bias.map(Math.fround) })) })
    frozen.dispose()
    const trained = createMlp([3, 4, 2], 1, new Rng(5))
    const stored = await mlpParameters(trained)
    expect(stored.sizes).toEqual([3, 4, 2])
    expect(stored.layers.map((layer) => [layer.weights.length, layer.weights[0].length, layer.bias.length])).toEqual([[3, 4, 4], [4, 2, 2]])
    // Row r of layer 0 is W1[r, ·]: the variable's values r·4 … r·4 + 3.
    expect(stored.layers[0].weights[1]).toEqual(Array.from((await trained.variables[0].data()).subarray(4, 8)))
    const rebuilt = frozenMlp(stored)
    const obs = Float32Array.of(0.2, -0.4, 1.1, -1, 0.3, 0.5)
    expect(Array.from(await readOutputs(rebuilt, obs, 2, 3))).toEqual(Array.from(await readOutputs(trained, obs, 2, 3)))
    trained.dispose()
    rebuilt.dispose()
  })
})
