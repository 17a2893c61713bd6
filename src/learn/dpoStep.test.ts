import * as tf from '@tensorflow/tfjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { Rng } from '../core/rng'
import { initBackend } from './backend'
import { dpoBatchLoss } from './dpoBatch'
import { actionLogProbs, logitsGradient } from './logSoftmax'
import { createMlp, readOutputs } from './mlp'

beforeAll(async () => {
  await initBackend('wasm')
})

/*
 * One DPO step's gradient as the learner computes it (∂L/∂log π per token from dpoBatch, through the
 * log-softmax to the logits, then Mlp.trace to the parameters) against a central difference of the
 * loss in every parameter of a tiny network: 3 inputs, 4 hidden, 3 actions; two pairs of 2 + 1 and
 * 1 + 2 tokens.
 */
describe('a DPO step’s gradient', () => {
  it('matches a central difference of the loss in each parameter of the network', async () => {
    const sizes = [3, 4, 3]
    const network = createMlp(sizes, 1, new Rng(5))
    const obs = Float32Array.from([0.5, -1, 0.2, 0.1, 0.3, -0.4, 1, 0, 0.7, -0.6, 0.2, 0.9, 0.3, 0.3, -0.2, 0.8, -0.5, 0.1])
    const actions = Int32Array.from([2, 0, 1, 1, 0, 2])
    const lengths = [2, 1, 1, 2]
    const refChosen = [-2.1, -1.2]
    const refRejected = [-1.3, -2.4]
    const options = { beta: 0.5, loss: 'sigmoid' as const, labelSmoothing: 0.1 }
    const lossNow = async () => dpoBatchLoss(actionLogProbs(await readOutputs(network, obs, 6, 3), actions, 3).logProbs, lengths, refChosen, refRejected, options, new Float64Array(6)).loss

    const input = tf.tensor2d(obs, [6, 3])
    const trace = network.trace(input)
    const { probabilities, logProbs } = actionLogProbs((await trace.output.data()) as Float32Array, actions, 3)
    const slopes = new Float64Array(6)
    dpoBatchLoss(logProbs, lengths, refChosen, refRejected, options, slopes)
    const gradients = trace.gradients(tf.tensor2d(logitsGradient(probabilities, actions, 3, slopes), [6, 3]))
    const analytic = await Promise.all(gradients.map(async (gradient) => Array.from(await gradient.data())))
    tf.dispose([input, ...gradients])
    trace.dispose()

    const step = 1e-2
    let checked = 0
    for (const [v, variable] of network.variables.entries()) {
      const values = Array.from(await variable.data())
      for (let j = 0; j < values.length; j++) {
        const at = (delta: number) => variable.assign(tf.tensor(values.map((value, k) => (k === j ? value + delta : value)), variable.shape))
        at(step)
        const plus = await lossNow()
        at(-step)
        const minus = await lossNow()
        at(0)
        expect(analytic[v][j]).toBeCloseTo((plus - minus) / (2 * step), 3)
        checked++
      }
    }
    // 3·4 + 4·3 weights and 4 + 3 biases
    expect(checked).toBe(31)
    network.dispose()
  })
})
