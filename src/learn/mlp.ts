import * as tf from '@tensorflow/tfjs'
import type { StoredNetwork } from '../core/credit/storedNetwork'
import type { Rng } from '../core/rng'
import { denseGradients, denseLayer } from './denseLayer'
import { orthogonal } from './orthogonal'

/** A tanh multilayer perceptron whose parameters are trainable tf.Variables. */
export interface Mlp {
  readonly variables: tf.Variable[]
  /** [batch, inputs] → [batch, outputs]; linear output layer. */
  apply(input: tf.Tensor2D): tf.Tensor2D
  /**
   * The forward pass keeping what its backward pass needs, for a caller that computes the loss's
   * gradient with respect to the output itself: no autograd tape, no second forward pass.
   */
  trace(input: tf.Tensor2D): MlpTrace
  dispose(): void
}

export interface MlpTrace {
  output: tf.Tensor2D
  /** ∂L/∂θ for every variable, in `variables` order, from ∂L/∂output (the caller disposes them). */
  gradients(dOutput: tf.Tensor2D): tf.Tensor[]
  /** Frees the kept activations (the output with them). */
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
  return mlpOf(weights, biases)
}

/**
 * A frozen network from stored parameters (a checked StoredNetwork, core/credit/storedNetwork.ts):
 * layer l's weights as rows (inputs × outputs) and its bias, tanh on hidden layers and a linear
 * output as createMlp's. Its variables are not trainable: no optimiser and no gradient moves them.
 */
export function frozenMlp(network: StoredNetwork): Mlp {
  const weights = network.layers.map((layer) => tf.tidy(() => tf.variable(tf.tensor2d(layer.weights), false)))
  const biases = network.layers.map((layer) => tf.tidy(() => tf.variable(tf.tensor1d(layer.bias), false)))
  return mlpOf(weights, biases)
}

/** A network's parameters as plain arrays, the layout frozenMlp reads: its sizes, then each layer's weight rows and bias. */
export async function mlpParameters(network: Mlp): Promise<StoredNetwork> {
  const count = network.variables.length / 2
  const layers: StoredNetwork['layers'] = []
  for (let layer = 0; layer < count; layer++) {
    const [inputs, outputs] = network.variables[layer].shape
    const values = (await network.variables[layer].data()) as Float32Array
    const weights = Array.from({ length: inputs }, (_, row) => Array.from(values.subarray(row * outputs, (row + 1) * outputs)))
    layers.push({ weights, bias: Array.from((await network.variables[count + layer].data()) as Float32Array) })
  }
  return { sizes: [network.variables[0].shape[0], ...layers.map((layer) => layer.bias.length)], layers }
}

/** The network of weight matrices [inputs, outputs] and biases [outputs], layer by layer. */
function mlpOf(weights: tf.Variable[], biases: tf.Variable[]): Mlp {
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
    trace(input) {
      // activations[l] is layer l's input; activations[last + 1] the output
      const activations: tf.Tensor2D[] = [input]
      for (let layer = 0; layer <= last; layer++) {
        activations.push(tf.tidy(() => denseLayer(activations[layer], weights[layer] as tf.Tensor2D, biases[layer] as tf.Tensor1D, layer !== last)))
      }
      const kept = activations.slice(1)
      return {
        output: activations[last + 1],
        gradients: (dOutput) =>
          tf.tidy(() => {
            const dWeights: tf.Tensor[] = []
            const dBiases: tf.Tensor[] = []
            let dy = dOutput
            for (let layer = last; layer >= 0; layer--) {
              const step = denseGradients(activations[layer], weights[layer] as tf.Tensor2D, activations[layer + 1], dy, layer !== last, layer > 0)
              dWeights.unshift(step.dWeights)
              dBiases.unshift(step.dBias)
              if (step.dx) dy = step.dx
            }
            return [...dWeights, ...dBiases]
          }),
        dispose: () => tf.dispose(kept),
      }
    },
    dispose() {
      for (const variable of [...weights, ...biases]) variable.dispose()
    },
  }
}

/** The network's outputs for the first `rows` observations of `inputs` numbers in `obs` (row-major), read back: one forward pass, nothing kept. */
export async function readOutputs(network: Mlp, obs: Float32Array, rows: number, inputs: number): Promise<Float32Array> {
  const outputs = tf.tidy(() => network.apply(tf.tensor2d(obs.subarray(0, rows * inputs), [rows, inputs])))
  try {
    return (await outputs.data()) as Float32Array
  } finally {
    outputs.dispose()
  }
}
