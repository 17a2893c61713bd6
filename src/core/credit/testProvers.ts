import { answerDigits, END, NUM_TOKENS, TOKEN_OBS_SIZE } from '../envs/tokenseq'
import { Rng } from '../rng'
import type { Prover } from './proverSuccess'

/* Provers of the token task for the tests and the benchmark of proverSuccess. */

/** μ(x | o) = 1/12 for every token and observation. */
export const uniformProver: Prover = (_observations, rows) => new Float64Array(rows * NUM_TOKENS).fill(1 / NUM_TOKENS)

/**
 * A small random MLP as a plain function: softmax(W₂·tanh(W₁·o + b₁) + b₂), 47 → `hidden` → 12,
 * weights and biases drawn N(0, 1) from `seed`. Every entry of the observation moves it, and every
 * token keeps a probability above 0.
 */
export function randomMlpProver(seed: number, hidden = 16): Prover {
  const rng = new Rng(seed)
  const w1 = Float64Array.from({ length: hidden * TOKEN_OBS_SIZE }, () => rng.normal())
  const b1 = Float64Array.from({ length: hidden }, () => rng.normal())
  const w2 = Float64Array.from({ length: NUM_TOKENS * hidden }, () => rng.normal())
  const b2 = Float64Array.from({ length: NUM_TOKENS }, () => rng.normal())
  const h = new Float64Array(hidden)
  // Local copies: an imported binding read in the inner loop can cost a property look-up each time.
  const inputs = TOKEN_OBS_SIZE
  const tokens = NUM_TOKENS
  return (observations, rows) => {
    const out = new Float64Array(rows * tokens)
    for (let r = 0; r < rows; r++) {
      const o = r * inputs
      for (let i = 0; i < hidden; i++) {
        let z = b1[i]
        for (let k = 0; k < inputs; k++) z += w1[i * inputs + k] * observations[o + k]
        h[i] = Math.tanh(z)
      }
      let max = -Infinity
      for (let x = 0; x < tokens; x++) {
        let z = b2[x]
        for (let i = 0; i < hidden; i++) z += w2[x * hidden + i] * h[i]
        out[r * tokens + x] = z
        max = Math.max(max, z)
      }
      let sum = 0
      for (let x = 0; x < tokens; x++) {
        out[r * tokens + x] = Math.exp(out[r * tokens + x] - max)
        sum += out[r * tokens + x]
      }
      for (let x = 0; x < tokens; x++) out[r * tokens + x] /= sum
    }
    return out
  }
}

/** A prover that puts probability 1 on `choose(observation)` for every row. */
export function deterministicProver(choose: (observation: Float32Array) => number): Prover {
  return (observations, rows) => {
    const out = new Float64Array(rows * NUM_TOKENS)
    for (let r = 0; r < rows; r++) out[r * NUM_TOKENS + choose(observations.subarray(r * TOKEN_OBS_SIZE, (r + 1) * TOKEN_OBS_SIZE))] = 1
    return out
  }
}

// Where tokenseq's observation keeps a, b and the digit count (one-hot each).
const OBS_A = 0
const OBS_B = 10
const OBS_DIGIT_COUNT = 33
const oneHot = (observation: Float32Array, from: number, size: number) => observation.subarray(from, from + size).indexOf(1)

/** The prover that writes the answer at once: the next digit of a + b while digits are missing (as it counts them), then end. */
export const answersAtOnceProver = deterministicProver((o) => {
  const answer = answerDigits(oneHot(o, OBS_A, 10), oneHot(o, OBS_B, 10))
  const written = oneHot(o, OBS_DIGIT_COUNT, 4)
  return written < answer.length ? answer[written] : END
})

/** The prover that ends at once, whatever was written. */
export const endsAtOnceProver = deterministicProver(() => END)
