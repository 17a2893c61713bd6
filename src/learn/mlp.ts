import * as tf from '@tensorflow/tfjs'
import type { Rng } from '../core/rng'
import { denseLayer } from './denseLayer'
import { orthogonal } from './orthogonal'

/** A tanh multilayer perceptron whose parameters are trainable tf.Variables. */
export interface Mlp {
  readonly variables: tf.Variable[]
  /** [batch, inputs] → [batch, outputs]; linear output layer. */
  apply(input: tf.Tensor2D): tf.Tensor2D
  dispose(): void
}

/**
 * `sizes` = [inputs, hidden…, outputs]. Weights are orthogonal with gain √2 on hidden layers and
 * `outputGain` on the last (CleanRL: 0.01 for the actor head, 1 for the critic), biases zero; all
 * drawn from `rng`, so the same seed gives the same network on every backend.
 */
export function createMlp(sizes: number[], outputGain: number, rng: Rng): Mlp {
  if (sizes.length < 2) throw new Error(`an MLP needs at least input and output sizes, got [${sizes.join(', ')}]`)
  const weights: tf.Variable[] = []
  const biases: tf.Variable[] = []
  for (let layer = 0; layer + 1 < sizes.length; layer++) {
    const [inputs, outputs] = [sizes[layer], sizes[layer + 1]]
    const gain = layer + 2 === sizes.length ? outputGain : Math.SQRT2
    const initial = orthogonal(inputs, outputs, gain, rng)
    // tidy frees the initial tensors; variables survive it.
    weights.push(tf.tidy(() => tf.variable(tf.tensor2d(initial, [inputs, outputs]))))
    biases.push(tf.tidy(() => tf.variable(tf.zeros([outputs]))))
  }
  const last = weights.length - 1
  return {
    variables: [...weights, ...biases],
    apply(input) {
      return tf.tidy(() => {
        let activation = input
        for (let layer = 0; layer <= last; layer++) {
          // h = tanh(x·W + b) on hidden layers; the output layer stays linear
          activation = denseLayer(activation, weights[layer] as tf.Tensor2D, biases[layer] as tf.Tensor1D, layer !== last)
        }
        return activation
      })
    },
    dispose() {
      for (const variable of [...weights, ...biases]) variable.dispose()
    },
  }
}
