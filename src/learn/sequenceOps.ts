import * as tf from '@tensorflow/tfjs'

/*
 * Two operations the sequence-level and stop-gradient losses need that TensorFlow.js lacks on every
 * backend: sg(x) (the value of x, no gradient) and each token's mean over its own sequence. Tokens
 * lie completion after completion in one flat tensor. The sequence mean gathers each sequence's
 * tokens into a padded row and sums the row (gather alone: its gradient needs UnsortedSegmentSum,
 * which the wasm backend does not have), and carries its own gradient instead.
 */

/** Where each token of a flat batch sits: its sequence, and each sequence's tokens (a type, so tf.dispose takes it). */
export type SequenceLayout = {
  /** int32 [T]: the sequence of each token. */
  tokenSequence: tf.Tensor1D
  /** int32 [S, longest]: each sequence's token indices, padded with T (which points at an appended 0). */
  sequenceTokens: tf.Tensor2D
  /** float32 [S]: |o_i|. */
  lengths: tf.Tensor1D
}

/** The layout of sequences of `lengths` tokens laid out one after another (every length at least 1). */
export function sequenceLayout(lengths: ArrayLike<number>): SequenceLayout {
  const sequences = lengths.length
  let tokens = 0
  let longest = 0
  for (let i = 0; i < sequences; i++) {
    if (!(lengths[i] >= 1)) throw new Error(`sequenceLayout: sequence ${i} has ${lengths[i]} tokens; every sequence needs at least one`)
    tokens += lengths[i]
    longest = Math.max(longest, lengths[i])
  }
  const tokenSequence = new Int32Array(tokens)
  const sequenceTokens = new Int32Array(sequences * longest).fill(tokens)
  let offset = 0
  for (let i = 0; i < sequences; i++) {
    for (let t = 0; t < lengths[i]; t++) sequenceTokens[i * longest + t] = offset + t
    tokenSequence.fill(i, offset, offset + lengths[i])
    offset += lengths[i]
  }
  return {
    tokenSequence: tf.tensor1d(tokenSequence, 'int32'),
    sequenceTokens: tf.tensor2d(sequenceTokens, [sequences, longest], 'int32'),
    lengths: tf.tensor1d(Float32Array.from(lengths)),
  }
}

/** sg(x): x's value, with no gradient through it. */
export const stopGradient = tf.customGrad((...inputs) => ({ value: tf.clone(inputs[0] as tf.Tensor), gradFunc: (dy: tf.Tensor) => tf.zerosLike(dy) })) as <T extends tf.Tensor>(x: T) => T

/** y_t = Σ_{u in seq(t)} x_u / |o_seq(t)|, without a gradient: the forward pass of sequenceMean. */
function sequenceMeanValue(values: tf.Tensor1D, layout: SequenceLayout): tf.Tensor1D {
  return tf.tidy(() => {
    const padded = tf.gather(tf.concat([values, tf.zeros([1])]), layout.sequenceTokens)
    return tf.gather(tf.div(tf.sum(padded, 1), layout.lengths), layout.tokenSequence) as tf.Tensor1D
  })
}

/**
 * Each token's mean of `values` over its own sequence, y_t = Σ_{u in seq(t)} x_u / |o_seq(t)|,
 * with its gradient. The map is symmetric (∂y_t/∂x_u = 1/|o_i| when t and u share sequence i, else
 * 0), so the gradient is the same map applied to the incoming gradient: ∂L/∂x_u = mean over seq(u) of ∂L/∂y.
 */
export function sequenceMean(values: tf.Tensor1D, layout: SequenceLayout): tf.Tensor1D {
  const mean = tf.customGrad((...inputs) => ({
    value: sequenceMeanValue(inputs[0] as tf.Tensor1D, layout),
    gradFunc: (dy: tf.Tensor) => sequenceMeanValue(dy as tf.Tensor1D, layout),
  }))
  return mean(values) as tf.Tensor1D
}
