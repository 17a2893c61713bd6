import type { Rng } from '../core/rng'

/**
 * Draw one action per row from π(a|s) = softmax(logits) with `rng`, writing the action and its
 * log-probability. `logits` is rows × numActions, row-major.
 */
export function sampleActions(
  logits: ArrayLike<number>,
  numActions: number,
  rng: Rng,
  actions: Int32Array,
  logProbs: Float32Array,
  scratch: Float64Array = new Float64Array(numActions),
): void {
  const rows = actions.length
  for (let i = 0; i < rows; i++) {
    const base = i * numActions
    let max = -Infinity
    for (let a = 0; a < numActions; a++) max = Math.max(max, logits[base + a])
    let total = 0
    for (let a = 0; a < numActions; a++) {
      // exp(l_a − max l): softmax numerators, shifted so none overflows
      scratch[a] = Math.exp(logits[base + a] - max)
      total += scratch[a]
    }
    const action = rng.categorical(scratch, 0, numActions)
    actions[i] = action
    // log π(a|s) = (l_a − max l) − log Σ_b exp(l_b − max l)
    logProbs[i] = logits[base + action] - max - Math.log(total)
  }
}

/**
 * The most likely action of each row, a = argmax_a logits (the first of tied ones), with its
 * log-probability: greedy decoding, as ReMax's baseline completion is written.
 */
export function greedyActions(logits: ArrayLike<number>, numActions: number, actions: Int32Array, logProbs: Float32Array): void {
  for (let i = 0; i < actions.length; i++) {
    const base = i * numActions
    let best = 0
    for (let a = 1; a < numActions; a++) if (logits[base + a] > logits[base + best]) best = a
    let total = 0
    // Σ_b exp(l_b − l_best), l_best the largest logit
    for (let a = 0; a < numActions; a++) total += Math.exp(logits[base + a] - logits[base + best])
    actions[i] = best
    logProbs[i] = -Math.log(total)
  }
}

/**
 * How an inference engine samples, when it is not the learner: logit noise σ (lower precision),
 * temperature T and top-p. T = 1, top-p 1 and σ = 0 is the learner's own distribution.
 */
export interface SamplerSettings {
  temperature: number
  topP: number
  logitNoise: number
}

/**
 * Draw one action per row as the sampler does, writing the action and its log-probability under
 * the sampler's distribution (the processed log-probability an engine returns):
 *   z_a = (l_a + σ·ε_a)/T, ε_a ~ N(0, 1) from `noiseRng` (drawn only for σ > 0, row after row);
 *   p = softmax(z); top-p keeps the most likely actions, in order of p (the lower index first on a
 *   tie), while the mass ranked above an action is below top-p (vLLM's and HF's rule: at least one
 *   is kept), and renormalises over them: π_s(a) = p_a/Σ_kept p_b.
 */
export function sampleActionsWith(
  logits: ArrayLike<number>,
  numActions: number,
  settings: SamplerSettings,
  rng: Rng,
  noiseRng: Rng | null,
  actions: Int32Array,
  logProbs: Float32Array,
): void {
  const { temperature, topP, logitNoise } = settings
  if (logitNoise > 0 && noiseRng === null) throw new Error('sampleActionsWith: logit noise needs its random stream')
  const z = new Float64Array(numActions)
  const weights = new Float64Array(numActions)
  const order = Array.from({ length: numActions }, (_, a) => a)
  for (let i = 0; i < actions.length; i++) {
    const base = i * numActions
    let max = -Infinity
    for (let a = 0; a < numActions; a++) {
      // z_a = (l_a + σ·ε_a)/T
      z[a] = (logits[base + a] + (logitNoise > 0 ? logitNoise * noiseRng!.normal() : 0)) / temperature
      max = Math.max(max, z[a])
    }
    let total = 0
    for (let a = 0; a < numActions; a++) {
      weights[a] = Math.exp(z[a] - max)
      total += weights[a]
    }
    if (topP < 1) {
      order.sort((a, b) => weights[b] - weights[a] || a - b)
      let above = 0
      let kept = 0
      for (const a of order) {
        const weight = weights[a]
        // keep a while the mass ranked above it is below top-p
        if (above / total < topP) kept += weight
        else weights[a] = 0
        above += weight
      }
      total = kept
    }
    const action = rng.categorical(weights, 0, numActions)
    actions[i] = action
    // log π_s(a) = (z_a − max z) − log Σ_kept exp(z_b − max z)
    logProbs[i] = z[action] - max - Math.log(total)
  }
}
