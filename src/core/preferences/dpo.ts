import { sigmoid, softplus } from './logistic'

/*
 * Direct preference optimisation's losses on one batch of preference pairs, from the summed
 * log-probabilities of the chosen and the rejected completion under the policy π and the frozen
 * reference. With the implicit reward r = β(log π − log ref) of each completion and
 *
 *   h = (πc − refc) − (πr − refr),
 *
 * each pair's loss is
 *   sigmoid (DPO, Rafailov et al. 2023; with ε, conservative DPO, Mitchell 2023):
 *            ℓ = −(1 − ε)·log σ(βh) − ε·log σ(−βh)
 *   ipo     (Azar et al. 2023, eq. 17; β is their τ):  ℓ = (h − 1/(2β))²
 *   hinge   (SLiC, Zhao et al. 2023):                  ℓ = max(0, 1 − βh)
 * ipo and hinge have no label smoothing and ignore ε. IPO is applied to the log-probabilities as
 * given: TRL averages them over the completion's tokens for IPO, and a caller who wants that
 * passes the averages.
 */

export const DPO_LOSSES = ['sigmoid', 'ipo', 'hinge'] as const
export type DpoLoss = (typeof DPO_LOSSES)[number]

/**
 * The label smoothing ε is at least 0 and below this. TRL documents its label_smoothing as between
 * 0 and 0.5 (cDPO, robust DPO): ε is the chance that a label is flipped, so at ε = 1/2 the loss is
 * symmetric in h and the labels say nothing (robust DPO divides by 1 − 2ε), and above it they
 * would be believed backwards.
 */
export const MAX_LABEL_SMOOTHING = 0.5

/** Summed log-probabilities, one entry per pair. */
export interface DpoLogProbs {
  policyChosen: ArrayLike<number>
  policyRejected: ArrayLike<number>
  refChosen: ArrayLike<number>
  refRejected: ArrayLike<number>
}

export interface DpoOptions {
  /** β > 0: the strength of the implicit KL penalty towards the reference. */
  beta: number
  loss: DpoLoss
  /** ε in [0, 1/2), sigmoid only. */
  labelSmoothing: number
}

export interface DpoResult {
  /** The mean of `losses`. */
  loss: number
  losses: Float64Array
  /** β(πc − refc). */
  chosenRewards: Float64Array
  /** β(πr − refr). */
  rejectedRewards: Float64Array
  /** The fraction of pairs whose chosen reward is strictly greater than the rejected one. */
  accuracy: number
}

export function dpoLosses(logProbs: DpoLogProbs, options: DpoOptions): DpoResult {
  const { policyChosen, policyRejected, refChosen, refRejected } = logProbs
  const { beta, loss, labelSmoothing: epsilon } = options
  const n = policyChosen.length
  if (n === 0) throw new Error('dpoLosses: needs at least one pair')
  if (policyRejected.length !== n || refChosen.length !== n || refRejected.length !== n) {
    throw new Error(`dpoLosses: the four arrays need one entry per pair, got ${n}, ${policyRejected.length}, ${refChosen.length} and ${refRejected.length}`)
  }
  if (!(Number.isFinite(beta) && beta > 0)) throw new Error(`dpoLosses: β must be a finite number > 0, got ${beta}`)
  if (!(Number.isFinite(epsilon) && epsilon >= 0 && epsilon < MAX_LABEL_SMOOTHING)) throw new Error(`dpoLosses: the label smoothing must be at least 0 and below ${MAX_LABEL_SMOOTHING}, got ${epsilon}`)
  if (!(DPO_LOSSES as readonly string[]).includes(loss)) throw new Error(`dpoLosses: unknown loss "${loss}"; accepted: ${DPO_LOSSES.join(', ')}`)

  const losses = new Float64Array(n)
  const chosenRewards = new Float64Array(n)
  const rejectedRewards = new Float64Array(n)
  let correct = 0
  let total = 0
  for (let i = 0; i < n; i++) {
    const chosenLogRatio = policyChosen[i] - refChosen[i]
    const rejectedLogRatio = policyRejected[i] - refRejected[i]
    // h = (πc − refc) − (πr − refr)
    const h = chosenLogRatio - rejectedLogRatio
    losses[i] = pairLoss(loss, beta, epsilon, h)
    chosenRewards[i] = beta * chosenLogRatio
    rejectedRewards[i] = beta * rejectedLogRatio
    if (chosenRewards[i] > rejectedRewards[i]) correct++
    total += losses[i]
  }
  return { loss: total / n, losses, chosenRewards, rejectedRewards, accuracy: correct / n }
}

function pairLoss(loss: DpoLoss, beta: number, epsilon: number, h: number): number {
  if (loss === 'ipo') {
    // ℓ = (h − 1/(2β))²
    return (h - 1 / (2 * beta)) ** 2
  }
  if (loss === 'hinge') {
    // ℓ = max(0, 1 − βh)
    return Math.max(0, 1 - beta * h)
  }
  // ℓ = (1 − ε)·softplus(−βh) + ε·softplus(βh), as −log σ(z) = softplus(−z); the ε term is
  // skipped at ε = 0 so that an overflowing βh gives 0·∞ nowhere
  const smoothed = epsilon === 0 ? 0 : epsilon * softplus(beta * h)
  return (1 - epsilon) * softplus(-beta * h) + smoothed
}

/**
 * ∂ℓ/∂h of each pair's loss at h (one entry per pair of `h`), for a learner that follows the
 * gradient through the summed log-probabilities (∂h/∂πc = 1, ∂h/∂πr = −1):
 *   sigmoid  ∂ℓ/∂h = −(1 − ε)·β·σ(−βh) + ε·β·σ(βh)
 *   ipo      ∂ℓ/∂h = 2·(h − 1/(2β))
 *   hinge    ∂ℓ/∂h = −β where 1 − βh > 0, else 0 (at the kink 0, as autograd takes relu's)
 */
export function dpoLossSlopes(h: ArrayLike<number>, options: DpoOptions): Float64Array {
  const { beta, loss, labelSmoothing: epsilon } = options
  const slopes = new Float64Array(h.length)
  for (let i = 0; i < h.length; i++) {
    if (loss === 'ipo') slopes[i] = 2 * (h[i] - 1 / (2 * beta))
    else if (loss === 'hinge') slopes[i] = 1 - beta * h[i] > 0 ? -beta : 0
    else slopes[i] = -(1 - epsilon) * beta * sigmoid(-beta * h[i]) + (epsilon === 0 ? 0 : epsilon * beta * sigmoid(beta * h[i]))
  }
  return slopes
}
