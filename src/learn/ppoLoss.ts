/**
 * CleanRL's PPO objective for a discrete policy (clipped surrogate, clipped value loss, entropy
 * bonus), computed from the networks' outputs in plain arrays, with its gradient with respect to
 * those outputs. The networks stay in TensorFlow.js; the loss is a few numbers per row, and
 * writing its gradient out saves the hundred or so small kernels autograd would run for it.
 * Where the loss has a kink, the gradient is the one TensorFlow.js's autograd takes (max passes it
 * to its first argument on ties, clip passes it inside the closed interval), so the two agree.
 */

/** One minibatch's rows, gathered from the rollout. */
export interface PpoMinibatch {
  rows: number
  actions: Int32Array
  oldLogProbs: Float32Array
  /** Normalised per minibatch when the options say so (done by the caller). */
  advantages: Float32Array
  returns: Float32Array
  oldValues: Float32Array
}

export interface PpoLossOptions {
  numActions: number
  clipCoef: number
  clipValueLoss: boolean
  entCoef: number
  vfCoef: number
}

/** `loss` is what is minimised; the rest are its parts and diagnostics. */
export interface PpoLossTerms {
  loss: number
  policyLoss: number
  valueLoss: number
  entropy: number
  approxKl: number
  clipFraction: number
}

/**
 * `outputs` is rows × (numActions + 1): the actor's logits, then the critic's value. Writes
 * ∂loss/∂outputs into `gradient` (same layout) and returns the terms.
 */
export function ppoLoss(outputs: ArrayLike<number>, batch: PpoMinibatch, options: PpoLossOptions, gradient: Float32Array): PpoLossTerms {
  const { numActions, clipCoef, clipValueLoss, entCoef, vfCoef } = options
  const { rows } = batch
  const width = numActions + 1
  const logProbs = new Float64Array(numActions)
  let policySum = 0
  let valueSum = 0
  let entropySum = 0
  let klSum = 0
  let clipped = 0
  for (let i = 0; i < rows; i++) {
    const base = i * width
    // log π(a|s) = l_a − log Σ_b exp(l_b)   (shifted by max l so nothing overflows)
    let max = -Infinity
    for (let a = 0; a < numActions; a++) max = Math.max(max, outputs[base + a])
    let total = 0
    for (let a = 0; a < numActions; a++) total += Math.exp(outputs[base + a] - max)
    const logTotal = max + Math.log(total)
    // H = −Σ_a π(a|s)·log π(a|s)
    let entropy = 0
    for (let a = 0; a < numActions; a++) {
      logProbs[a] = outputs[base + a] - logTotal
      entropy -= Math.exp(logProbs[a]) * logProbs[a]
    }
    const action = batch.actions[i]
    // log ρ = log π_new(a|s) − log π_old(a|s)
    const logRatio = logProbs[action] - batch.oldLogProbs[i]
    const ratio = Math.exp(logRatio)
    const advantage = batch.advantages[i]
    // L_pg = mean(max(−A·ρ, −A·clip(ρ, 1 − ε, 1 + ε)))
    const inside = ratio >= 1 - clipCoef && ratio <= 1 + clipCoef
    const unclippedTerm = -advantage * ratio
    const clippedTerm = -advantage * Math.min(Math.max(ratio, 1 - clipCoef), 1 + clipCoef)
    policySum += Math.max(unclippedTerm, clippedTerm)
    // ∂/∂ρ: −A through whichever term max took, 0 when that is the clipped one outside [1 − ε, 1 + ε]
    const dRatio = unclippedTerm >= clippedTerm || inside ? -advantage : 0
    // ∂L/∂l_b = (∂/∂ρ · ρ/B)·(1[b = a] − π_b) + (c_ent/B)·π_b·(log π_b + H)
    const dLogProb = (dRatio * ratio) / rows
    for (let b = 0; b < numActions; b++) {
      const probability = Math.exp(logProbs[b])
      gradient[base + b] = dLogProb * ((b === action ? 1 : 0) - probability) + ((entCoef / rows) * probability * (logProbs[b] + entropy))
    }
    entropySum += entropy
    // KL(π_old‖π_new) ≈ (ρ − 1) − log ρ   (Schulman's low-variance estimator, as CleanRL)
    klSum += ratio - 1 - logRatio
    if (Math.abs(ratio - 1) > clipCoef) clipped++

    const value = outputs[base + numActions]
    const error = value - batch.returns[i]
    let dValue: number
    if (clipValueLoss) {
      // V_clip = V_old + clip(V − V_old, −ε, ε);  L_v = ½·mean(max((V − R)², (V_clip − R)²))
      const change = value - batch.oldValues[i]
      const clippedError = batch.oldValues[i] + Math.min(Math.max(change, -clipCoef), clipCoef) - batch.returns[i]
      const squared = error * error
      const clippedSquared = clippedError * clippedError
      valueSum += 0.5 * Math.max(squared, clippedSquared)
      dValue = squared >= clippedSquared ? error : change >= -clipCoef && change <= clipCoef ? clippedError : 0
    } else {
      // L_v = ½·mean((V − R)²)
      valueSum += 0.5 * error * error
      dValue = error
    }
    // ∂L/∂V = c_v · ∂L_v/∂V
    gradient[base + numActions] = (vfCoef * dValue) / rows
  }
  const policyLoss = policySum / rows
  const valueLoss = valueSum / rows
  const entropy = entropySum / rows
  // L = L_pg − c_ent·H + c_v·L_v
  const loss = policyLoss - entCoef * entropy + vfCoef * valueLoss
  return { loss, policyLoss, valueLoss, entropy, approxKl: klSum / rows, clipFraction: clipped / rows }
}
