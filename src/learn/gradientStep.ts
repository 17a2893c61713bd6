import * as tf from '@tensorflow/tfjs'
import type { FlatAdam } from './flatAdam'

/** What `objective` returns: the scalar to differentiate and diagnostic scalars to read back with it. */
export interface Objective {
  loss: tf.Scalar
  terms: tf.Scalar[]
}

export interface StepResult {
  loss: number
  terms: number[]
  /** Global gradient norm before clipping. */
  gradNorm: number
  /** False when any number read back was not finite: then the parameters were left alone. */
  applied: boolean
}

/**
 * One optimiser step on `variables`: gradients of `objective().loss`, global-norm clipping to
 * `maxGradNorm` (none when null), then the optimiser. The loss, the terms and the norm are read
 * back first, and nothing is applied when any of them is NaN or ±Infinity.
 */
export async function gradientStep(variables: tf.Variable[], optimizer: FlatAdam, maxGradNorm: number | null, objective: () => Objective): Promise<StepResult> {
  const kept: { terms?: tf.Tensor1D } = {}
  const { value: loss, grads } = tf.variableGrads(() => {
    const { loss, terms } = objective()
    kept.terms = tf.keep((terms.length > 0 ? tf.stack(terms) : tf.zeros([0])) as tf.Tensor1D)
    return loss
  }, variables)
  const head = tf.tidy(() => tf.concat([tf.reshape(loss, [1]), kept.terms as tf.Tensor1D]) as tf.Tensor1D)
  try {
    const numbers = await clipAndApply(variables.map((variable) => grads[variable.name]), optimizer, maxGradNorm, head)
    return { loss: numbers[0], terms: numbers.slice(1, -1), gradNorm: numbers[numbers.length - 1], applied: numbers.every(Number.isFinite) }
  } finally {
    tf.dispose([loss, head, ...Object.values(grads)])
    if (kept.terms) kept.terms.dispose()
  }
}

/**
 * One optimiser step from gradients the caller computed (in the optimiser's variable order, e.g.
 * from Mlp.trace): clipping and the finiteness check as gradientStep. `alsoRead` (numbers the
 * caller wants back, e.g. a loss term computed on the backend) is read with the norm, in one
 * read, and counts in the check. The caller disposes them.
 */
export async function applyGradientStep(optimizer: FlatAdam, maxGradNorm: number | null, gradients: tf.Tensor[], alsoRead: tf.Tensor1D | null = null): Promise<{ gradNorm: number; applied: boolean; read: number[] }> {
  const numbers = await clipAndApply(gradients, optimizer, maxGradNorm, alsoRead)
  return { gradNorm: numbers[numbers.length - 1], applied: numbers.every(Number.isFinite), read: numbers.slice(0, -1) }
}

/**
 * Flatten and clip `gradients` (in the optimiser's variable order), read `before` (when given) and the norm back, norm last, and apply
 * the step only when every number read is finite. Read with data(), never dataSync(): WebGPU
 * cannot read synchronously.
 */
async function clipAndApply(gradients: tf.Tensor[], optimizer: FlatAdam, maxGradNorm: number | null, before: tf.Tensor1D | null): Promise<number[]> {
  const flat = optimizer.flatten(gradients)
  const clipping = clipByNorm(flat, maxGradNorm ?? Number.MAX_VALUE)
  flat.dispose()
  try {
    const summary = tf.tidy(() => tf.concat([...(before ? [before] : []), tf.reshape(clipping.norm, [1])]))
    const numbers = Array.from(await summary.data())
    summary.dispose()
    if (numbers.every(Number.isFinite)) optimizer.apply(clipping.clipped)
    return numbers
  } finally {
    tf.dispose([clipping.clipped, clipping.norm])
  }
}

/**
 * Scale a flat gradient so that its norm is at most `maxNorm` (PyTorch's clip_grad_norm_ over all
 * parameters at once). Returns a new vector and the norm before clipping; the caller disposes both.
 */
export function clipByNorm(g: tf.Tensor1D, maxNorm: number): { clipped: tf.Tensor1D; norm: tf.Scalar } {
  return tf.tidy(() => {
    // ‖g‖ = √(Σ_i g_i²)
    const norm = tf.sqrt(tf.sum(tf.square(g))) as tf.Scalar
    // g ← g · min(1, maxNorm / (‖g‖ + 1e-6))
    const scale = tf.minimum(tf.scalar(1), tf.div(tf.scalar(maxNorm), tf.add(norm, 1e-6)))
    return { clipped: tf.mul(g, scale) as tf.Tensor1D, norm }
  })
}

/** A number for a message: four significant digits, NaN and ±Infinity as words. */
export function show(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(4))) : String(value)
}
