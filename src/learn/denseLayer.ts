import * as tf from '@tensorflow/tfjs'

/**
 * y = x·W + b, or tanh(x·W + b) when `tanh`, with a gradient written out by hand so that every
 * matrix product in it is a plain one. TensorFlow.js differentiates matMul into products with a
 * transposed operand, which its wasm backend computes in a scalar loop (about 7× slower for a
 * 128 × 64 by 64 × 64 product than its XNNPACK path, which takes only untransposed operands);
 * transposing first is a cheap copy and sends the product down the fast path.
 */
export function denseLayer(x: tf.Tensor2D, weights: tf.Tensor2D, bias: tf.Tensor1D, tanh: boolean): tf.Tensor2D {
  return (tanh ? hiddenLayer : outputLayer)(x, weights, bias) as tf.Tensor2D
}

/**
 * tanh(z), as wasm computes it fastest: its tanh is scalar and its sigmoid vectorised, so from
 * about 64 rows of 64 on, 2σ(2z) − 1 (the same function) in four kernels beats one tanh (25 against
 * 101 µs at 128 × 64); below that the kernels' fixed cost wins (47 against 28 µs at 16 × 64).
 */
function fastTanh(z: tf.Tensor2D): tf.Tensor2D {
  if (z.size < SIGMOID_TANH_FROM) return tf.tanh(z)
  return tf.sub(tf.mul(tf.sigmoid(tf.mul(z, 2)), 2), 1)
}

/** The size from which fastTanh goes through the sigmoid (measured in Node 20, wasm, Intel Xeon). */
export const SIGMOID_TANH_FROM = 4096

const hiddenLayer = makeLayer(true)
const outputLayer = makeLayer(false)

function makeLayer(tanh: boolean) {
  return tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const [x, weights, bias] = args as tf.Tensor2D[]
    const save = args[3] as tf.GradSaveFunc
    // z = x·W + b
    const z = tf.fused.matMul({ a: x, b: weights, bias }) as tf.Tensor2D
    const y = tanh ? fastTanh(z) : z
    save([x, weights, y])
    return {
      value: y,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [input, w, output] = saved as tf.Tensor2D[]
        const { dx, dWeights, dBias } = denseGradients(input, w, output, dy as tf.Tensor2D, tanh, true)
        return [dx as tf.Tensor2D, dWeights, dBias]
      },
    }
  })
}

/**
 * The gradients of a dense layer y = act(x·W + b) given ∂L/∂y, from its input x and output y;
 * ∂L/∂x only when `withInput` (the first layer's input needs none).
 */
export function denseGradients(x: tf.Tensor2D, weights: tf.Tensor2D, y: tf.Tensor2D, dy: tf.Tensor2D, tanh: boolean, withInput: boolean): { dx: tf.Tensor2D | null; dWeights: tf.Tensor2D; dBias: tf.Tensor1D } {
  // ∂L/∂z = ∂L/∂y ⊙ (1 − y²) through tanh, ∂L/∂y otherwise
  const dz: tf.Tensor2D = tanh ? tf.mul(dy, tf.sub(1, tf.square(y))) : dy
  return {
    // ∂L/∂x = ∂L/∂z · Wᵀ
    dx: withInput ? (tf.matMul(dz, tf.transpose(weights)) as tf.Tensor2D) : null,
    // ∂L/∂W = xᵀ · ∂L/∂z
    dWeights: tf.matMul(tf.transpose(x), dz),
    // ∂L/∂b = Σ_rows ∂L/∂z
    dBias: tf.sum(dz, 0) as tf.Tensor1D,
  }
}
