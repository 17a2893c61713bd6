import * as tf from '@tensorflow/tfjs'

/**
 * Adam over all of a model's parameters as one flat vector, as torch.optim.Adam computes it:
 *   m ← β₁·m + (1 − β₁)·g,   v ← β₂·v + (1 − β₂)·g²
 *   θ ← θ − (lr / (1 − β₁ᵗ)) · m / (√v / √(1 − β₂ᵗ) + ε)
 * TensorFlow.js's Adam runs about twenty small kernels per variable; here the moments are one
 * vector each, so a step is a dozen kernels over the flat gradient and one subtraction per variable.
 */
export class FlatAdam {
  /** Read at every step, so annealing may set it. */
  learningRate: number
  private readonly sizes: number[]
  private readonly m: tf.Variable
  private readonly v: tf.Variable
  private t = 0

  constructor(
    private readonly variables: tf.Variable[],
    learningRate: number,
    private readonly beta1: number,
    private readonly beta2: number,
    private readonly epsilon: number,
  ) {
    this.learningRate = learningRate
    this.sizes = variables.map((variable) => variable.size)
    const total = this.sizes.reduce((sum, size) => sum + size, 0)
    // tidy frees the zeros; the variables survive it.
    this.m = tf.tidy(() => tf.variable(tf.zeros([total]), false))
    this.v = tf.tidy(() => tf.variable(tf.zeros([total]), false))
  }

  /** Gradients of `variables`, in their order, as one vector (the caller disposes it). */
  flatten(gradients: tf.Tensor[]): tf.Tensor1D {
    if (gradients.length !== this.variables.length) throw new Error(`${gradients.length} gradients for ${this.variables.length} variables`)
    return tf.tidy(() => tf.concat(gradients.map((gradient) => tf.reshape(gradient, [-1]))) as tf.Tensor1D)
  }

  /** One step with the flat gradient `g` (as `flatten` lays it out). */
  apply(g: tf.Tensor1D): void {
    this.t++
    const { beta1, beta2, epsilon, t } = this
    tf.tidy(() => {
      // m ← β₁·m + (1 − β₁)·g
      const m = tf.add(tf.mul(this.m, beta1), tf.mul(g, 1 - beta1))
      // v ← β₂·v + (1 − β₂)·g²
      const v = tf.add(tf.mul(this.v, beta2), tf.mul(tf.square(g), 1 - beta2))
      this.m.assign(m)
      this.v.assign(v)
      // Δ = (lr / (1 − β₁ᵗ)) · m / (√v / √(1 − β₂ᵗ) + ε)
      const denominator = tf.add(tf.mul(tf.sqrt(v), 1 / Math.sqrt(1 - beta2 ** t)), epsilon)
      const delta = tf.div(tf.mul(m, this.learningRate / (1 - beta1 ** t)), denominator)
      const pieces = tf.split(delta, this.sizes)
      this.variables.forEach((variable, k) => variable.assign(tf.sub(variable, tf.reshape(pieces[k], variable.shape))))
    })
  }

  dispose(): void {
    this.m.dispose()
    this.v.dispose()
  }
}
