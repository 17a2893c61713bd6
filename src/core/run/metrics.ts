import type { FinishedEpisode } from './episodes'
import type { IterationReport } from './trainer'

/** Episodes averaged for the "recent" figures, everywhere they are shown (CleanRL's solved criterion uses the last 20). */
export const RECENT_EPISODES = 20

/** Iterations (updates) averaged for the recent zero-advantage and sign-flip fractions: as many as the episodes of the other recent figures. */
export const RECENT_ITERATIONS = 20

/** The diagnostic every learner that computes advantages (or TD errors) reports; value iteration has none. */
export const ZERO_ADVANTAGE_FRACTION = 'zero_advantage_fraction'

/** The diagnostic of the GRPO learner where the prompts' expected rewards are known exactly (learn/signFlipProbe.ts). */
export const SIGN_FLIP_FRACTION = 'sign_flip_fraction'

/** How a recent episode can be re-scored under other weights (RecentEpisodes.paid). */
export const PAID_BY_ONE_MIX = 0
/** Its weights changed while it ran: re-scored from its component sums alone. */
export const PAID_BY_CHANGING_WEIGHTS = 1
/** It was paid (in part) under another list of components: it cannot be re-scored under the ones now. */
export const PAID_BY_OTHER_COMPONENTS = 2

/**
 * The recent episodes (the same ones, in the same slots, as recentReturn's mean), with what it
 * takes to re-score each under other weights: a few numbers per episode, never per step.
 */
export interface RecentEpisodes {
  count: number
  /** K: the components of the sums and weights (the frame's componentNames when no design change is pending). */
  numComponents: number
  /** G_j = Σ_t r_t, the shaped return the run counted, in the order recentReturn sums them. */
  returns: Float64Array
  /** S_j,k = Σ_t c_k,t, count × K. */
  componentSums: Float64Array
  /** w_j,k, the weights that paid episode j (count × K; meaningful where paid is PAID_BY_ONE_MIX). */
  weights: Float64Array
  /** PAID_BY_ONE_MIX, PAID_BY_CHANGING_WEIGHTS or PAID_BY_OTHER_COMPONENTS per episode. */
  paid: Uint8Array
}

/** Summary of the episodes and iterations since the last flush, plus a rolling recent window. */
export interface MetricsSummary {
  iteration: number
  envSteps: number
  /** Episodes finished since the previous flush, and in the whole run. */
  episodesInFrame: number
  episodesTotal: number
  /** Means over the episodes finished since the previous flush; null when none finished. */
  meanReturn: number | null
  meanObjective: number | null
  meanLength: number | null
  /** Mean contribution Σ_t w_k·c_k,t of each component, in spec order; null when none finished. */
  meanContributions: number[] | null
  /** Mean shaped return and objective of the last `window` (20) finished episodes (the "solved" test). */
  recentReturn: number | null
  recentObjective: number | null
  /**
   * The highest recentObjective seen after any iteration of the run so far (max over iterations m of
   * the last 20 episodes' mean objective at the end of m): where a curve that peaks and falls was at
   * its best, which the end-of-budget figures cannot say; null while no episode finished.
   */
  peakObjective: number | null
  /**
   * The page's readouts: mean shaped return and objective of the last readoutWindow finished
   * episodes (all of them while fewer have finished; readoutWindow.ts: the last 20 on a task of
   * steps, more on a task of completions); null when none finished.
   */
  readoutWindow: number
  readoutReturn: number | null
  readoutObjective: number | null
  /** Mean contribution Σ_t w_k·c_k,t of each component over the same last 20 episodes, in spec order; null when none finished. */
  recentContributions: number[] | null
  /** Mean length (steps; tokens on the token task) of the same last 20 episodes; null when none finished. */
  recentLength: number | null
  /**
   * Mean of the zero_advantage_fraction diagnostic over the last 20 iterations that reported it:
   * (1/M)·Σ_m z_m over those M ≤ 20 iterations, z_m the fraction of update m's advantages (or TD
   * errors) that are zero, i.e. moved nothing (core/credit/group.ts zeroAdvantageFraction); null
   * while no iteration reported it.
   */
  recentZeroAdvantageFraction: number | null
  /**
   * Mean of the sign_flip_fraction diagnostic over the last 20 iterations that reported it: the share
   * of an update's completions whose advantage sign is opposite to r − V(prompt) (core/credit/signFlips.ts);
   * null while no iteration reported it (every learner but GRPO on the bandit).
   */
  recentSignFlipFraction: number | null
  diagnostics: Record<string, number>
}

/**
 * Folds iteration reports into bounded-rate summaries. Memory is O(window + K) whatever the run
 * length: the frame sums reset at each flush and the recent window is a ring.
 */
export class MetricsAccumulator {
  private iteration = 0
  private envSteps = 0
  private episodesTotal = 0
  private frameEpisodes = 0
  private frameReturn = 0
  private frameObjective = 0
  private frameLength = 0
  private frameContributions: Float64Array
  private diagnostics: Record<string, number> = {}
  private readonly recentReturns: Float64Array
  private readonly recentObjectives: Float64Array
  private readonly recentLengths: Float64Array
  /** The recent episodes' contributions, K per slot: slot j's component k at j·K + k (the slots of recentReturns). */
  private recentContributions: Float64Array
  /** The recent episodes' component sums and weights, K per slot like recentContributions, and how each was paid. */
  private recentSums: Float64Array
  private recentWeights: Float64Array
  private readonly recentPaid: Uint8Array
  private recentCount = 0
  private recentNext = 0
  private peakObjective: number | null = null
  private readonly recentZeroFractions: RecentDiagnostic
  private readonly recentSignFlipFractions: RecentDiagnostic
  /** The readouts' ring, readoutWindow slots: each episode's shaped return and objective. */
  private readonly readoutReturns: Float64Array
  private readonly readoutObjectives: Float64Array
  private readoutCount = 0
  private readoutNext = 0

  constructor(
    private numComponents: number,
    readonly window: number,
    readonly iterationWindow: number = RECENT_ITERATIONS,
    readonly readoutWindow: number = window,
  ) {
    this.readoutReturns = new Float64Array(readoutWindow)
    this.readoutObjectives = new Float64Array(readoutWindow)
    this.frameContributions = new Float64Array(numComponents)
    this.recentReturns = new Float64Array(window)
    this.recentObjectives = new Float64Array(window)
    this.recentLengths = new Float64Array(window)
    this.recentContributions = new Float64Array(window * numComponents)
    this.recentSums = new Float64Array(window * numComponents)
    this.recentWeights = new Float64Array(window * numComponents)
    this.recentPaid = new Uint8Array(window)
    this.recentZeroFractions = new RecentDiagnostic(ZERO_ADVANTAGE_FRACTION, iterationWindow)
    this.recentSignFlipFractions = new RecentDiagnostic(SIGN_FLIP_FRACTION, iterationWindow)
  }

  get totalEnvSteps(): number {
    return this.envSteps
  }

  add(report: IterationReport): void {
    this.iteration += 1
    this.envSteps += report.envSteps
    this.diagnostics = report.diagnostics
    this.recentZeroFractions.add(report.diagnostics)
    this.recentSignFlipFractions.add(report.diagnostics)
    for (const episode of report.episodes) this.addEpisode(episode)
    // The peak is taken once per iteration, as the curve's points are, not after every episode.
    if (this.recentCount > 0) {
      const recentObjective = mean(this.recentObjectives, this.recentCount)
      if (this.peakObjective === null || recentObjective > this.peakObjective) this.peakObjective = recentObjective
    }
  }

  private addEpisode(episode: FinishedEpisode): void {
    this.episodesTotal += 1
    this.frameEpisodes += 1
    this.frameReturn += episode.shapedReturn
    this.frameObjective += episode.objective
    this.frameLength += episode.length
    if (episode.contributions.length !== this.numComponents) {
      // The design added or removed components: sums of the components both lists share carry on.
      const resized = new Float64Array(episode.contributions.length)
      const shared = Math.min(resized.length, this.numComponents)
      resized.set(this.frameContributions.subarray(0, shared))
      this.frameContributions = resized
      // So do the recent episodes' (a component they did not have counts 0 for them, as it paid them nothing).
      const recent = new Float64Array(this.window * resized.length)
      for (let slot = 0; slot < this.window; slot++) recent.set(this.recentContributions.subarray(slot * this.numComponents, slot * this.numComponents + shared), slot * resized.length)
      this.recentContributions = recent
      // Their sums cannot be re-scored under the new components (one they lacked was never computed for them).
      this.recentSums = new Float64Array(this.window * resized.length)
      this.recentWeights = new Float64Array(this.window * resized.length)
      this.recentPaid.fill(PAID_BY_OTHER_COMPONENTS)
      this.numComponents = resized.length
    }
    for (let k = 0; k < this.numComponents; k++) this.frameContributions[k] += episode.contributions[k]
    this.recentContributions.set(episode.contributions, this.recentNext * this.numComponents)
    this.keepForRescoring(episode)
    this.recentReturns[this.recentNext] = episode.shapedReturn
    this.recentObjectives[this.recentNext] = episode.objective
    this.recentLengths[this.recentNext] = episode.length
    this.recentNext = (this.recentNext + 1) % this.window
    this.recentCount = Math.min(this.recentCount + 1, this.window)
    this.readoutReturns[this.readoutNext] = episode.shapedReturn
    this.readoutObjectives[this.readoutNext] = episode.objective
    this.readoutNext = (this.readoutNext + 1) % this.readoutWindow
    this.readoutCount = Math.min(this.readoutCount + 1, this.readoutWindow)
  }

  /** Keep the episode's component sums and weights in its recent slot (recentNext), saying how it was paid. */
  private keepForRescoring(episode: FinishedEpisode): void {
    const K = this.numComponents
    const at = this.recentNext * K
    const sums = episode.componentSums
    if (sums === null || sums.length !== K) {
      this.recentSums.fill(0, at, at + K)
      this.recentWeights.fill(0, at, at + K)
      this.recentPaid[this.recentNext] = PAID_BY_OTHER_COMPONENTS
      return
    }
    this.recentSums.set(sums, at)
    if (episode.weights !== null && episode.weights.length === K) {
      this.recentWeights.set(episode.weights, at)
      this.recentPaid[this.recentNext] = PAID_BY_ONE_MIX
    } else {
      this.recentWeights.fill(0, at, at + K)
      this.recentPaid[this.recentNext] = PAID_BY_CHANGING_WEIGHTS
    }
  }

  /** A copy of the recent episodes for re-scoring (transferable), or null before the first finished. */
  recentEpisodes(): RecentEpisodes | null {
    const count = this.recentCount
    if (count === 0) return null
    const K = this.numComponents
    return {
      count,
      numComponents: K,
      returns: this.recentReturns.slice(0, count),
      componentSums: this.recentSums.slice(0, count * K),
      weights: this.recentWeights.slice(0, count * K),
      paid: this.recentPaid.slice(0, count),
    }
  }

  /** The summary since the previous flush; starts a new frame. */
  flush(): MetricsSummary {
    const count = this.frameEpisodes
    const summary: MetricsSummary = {
      iteration: this.iteration,
      envSteps: this.envSteps,
      episodesInFrame: count,
      episodesTotal: this.episodesTotal,
      meanReturn: count > 0 ? this.frameReturn / count : null,
      meanObjective: count > 0 ? this.frameObjective / count : null,
      meanLength: count > 0 ? this.frameLength / count : null,
      meanContributions: count > 0 ? Array.from(this.frameContributions, (sum) => sum / count) : null,
      recentReturn: this.recentCount > 0 ? mean(this.recentReturns, this.recentCount) : null,
      recentObjective: this.recentCount > 0 ? mean(this.recentObjectives, this.recentCount) : null,
      peakObjective: this.peakObjective,
      readoutWindow: this.readoutWindow,
      readoutReturn: this.readoutCount > 0 ? mean(this.readoutReturns, this.readoutCount) : null,
      readoutObjective: this.readoutCount > 0 ? mean(this.readoutObjectives, this.readoutCount) : null,
      recentContributions: this.recentCount > 0 ? this.recentContributionMeans() : null,
      recentLength: this.recentCount > 0 ? mean(this.recentLengths, this.recentCount) : null,
      recentZeroAdvantageFraction: this.recentZeroFractions.mean(),
      recentSignFlipFraction: this.recentSignFlipFractions.mean(),
      diagnostics: this.diagnostics,
    }
    this.frameEpisodes = 0
    this.frameReturn = 0
    this.frameObjective = 0
    this.frameLength = 0
    this.frameContributions.fill(0)
    return summary
  }

  /** (1/n)·Σ_j C_j,k per component k over the n recent episodes j (slots in storage order, as mean() sums). */
  private recentContributionMeans(): number[] {
    const K = this.numComponents
    const means: number[] = []
    for (let k = 0; k < K; k++) {
      let sum = 0
      for (let slot = 0; slot < this.recentCount; slot++) sum += this.recentContributions[slot * K + k]
      means.push(sum / this.recentCount)
    }
    return means
  }
}

/** One diagnostic's last `window` values, over the iterations that reported it: (1/M)·Σ_m d_m over those M ≤ window. */
class RecentDiagnostic {
  private readonly values: Float64Array
  private count = 0
  private next = 0

  constructor(
    private readonly name: string,
    private readonly window: number,
  ) {
    this.values = new Float64Array(window)
  }

  add(diagnostics: Record<string, number>): void {
    const value = diagnostics[this.name]
    // An iteration without the diagnostic (value iteration's sweeps, a learner that cannot measure it) leaves the window as it is.
    if (typeof value !== 'number' || !Number.isFinite(value)) return
    this.values[this.next] = value
    this.next = (this.next + 1) % this.window
    this.count = Math.min(this.count + 1, this.window)
  }

  /** Null while no iteration reported it. */
  mean(): number | null {
    return this.count > 0 ? mean(this.values, this.count) : null
  }
}

function mean(values: Float64Array, count: number): number {
  let sum = 0
  for (let i = 0; i < count; i++) sum += values[i]
  return sum / count
}
