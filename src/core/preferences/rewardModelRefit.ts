import type { RewardDesign, RewardModelComponent } from '../rewards/designSchema'
import { DEFAULT_REFIT_L2, MAX_REFIT_PAIRS, type RewardModelRefit } from '../rewards/rewardModelRefitSchema'
import { Rng } from '../rng'
import { labelTokenPair } from './biasedLabeler'
import { fitBradleyTerry } from './bradleyTerryFit'
import { preferenceAccuracy, preferenceDifferences, type PreferencePairs } from './preferencePairs'
import type { LinearRewardMember } from './rewardModel'
import { tokenFeatures, type TokenCompletion } from './tokenFeatures'
import { completionOfCopy } from './tokenStateCompletions'

/*
 * Iterated RLHF (the refit option, rewardModelRefitSchema.ts): after every `every` updates, `pairs`
 * fresh pairs from the latest batch, each two different completions of one prompt (a group drawn
 * uniformly, then two of its G members), labelled by the simulated labeler against the gold at
 * `temperature` (P(a ≻ b) = σ((g_a − g_b)/T), labeler.ts), join the pairs the model has been
 * refitted on so far, of which the most recent MAX_REFIT_PAIRS are kept; the linear model is then
 * w* = argmin Σ −log σ(w·(x_w − x_l)) + (λ/2)‖w‖², the fit of `reward-model fit --model linear`
 * (bradleyTerryFit.ts) on exactly those pairs. The pairs the model was first fitted on are not in
 * the design, so the first refit fits on its fresh pairs alone.
 *
 * Every draw comes from a stream of its own seeded from the run's seed, so that a seed refits the
 * same way every time and the trainer's own streams draw what they drew without a refit.
 */

/** Salt of the refit's stream: Rng(seed ^ salt), apart from the trainer's Rng(seed). */
const REFIT_STREAM_SALT = 0x5f3759df

export interface RewardModelRefitReport {
  /** Refits so far, this one included. */
  refits: number
  /** The pairs this refit fitted on (at most MAX_REFIT_PAIRS). */
  pairs: number
  /** The refitted model's accuracy on the pairs it was fitted on: w·x_w > w·x_l. */
  trainAccuracy: number
  /** The model before this refit on the fresh pairs, which it had not seen: how well it still ranked the current policy's answers. */
  heldOutAccuracy: number
}

/** The diagnostics of the latest refit, reported on every iteration from the first refit on (a frame keeps the latest iteration's): the trainer's (learn/refittingTrainer.ts), train's done line, the page's marks. */
export const REFIT_DIAGNOSTICS = {
  refits: 'rm_refits',
  pairs: 'rm_refit_pairs',
  trainAccuracy: 'rm_refit_train_accuracy',
  heldOutAccuracy: 'rm_refit_heldout_accuracy',
} as const satisfies Record<keyof RewardModelRefitReport, string>

/** The batch of a GRPO iteration on the token task: n copies' state, `stride` values each, in groups of `groupSize`. */
export interface CompletionBatch {
  state: ArrayLike<number>
  stride: number
  n: number
  groupSize: number
}

export class RewardModelRefitter {
  private readonly rng: Rng
  private readonly features: number
  /** The pairs refitted on so far, oldest first, each side's features. */
  private readonly preferred: Float64Array[] = []
  private readonly rejected: Float64Array[] = []
  private updates = 0
  private refits = 0

  private constructor(
    /** The refitted entry's name: a live design change finds it by it. */
    private readonly name: string,
    features: number,
    seed: number,
  ) {
    this.features = features
    this.rng = new Rng((seed ^ REFIT_STREAM_SALT) >>> 0)
  }

  /** The refitter of the design's entry with a refit option, or null when none has one. */
  static of(design: RewardDesign, seed: number): RewardModelRefitter | null {
    const entry = (design.rewardModels ?? []).find((candidate) => candidate.refit !== undefined)
    return entry === undefined ? null : new RewardModelRefitter(entry.name, entry.model.featureNames.length, seed)
  }

  /**
   * Count one update whose batch is `batch`, under the design in force (a live change may have
   * replaced the one the run began with); every `every` updates refit the entry's model, returning
   * the design with the refitted model and the refit's report, else null (also when the design in
   * force no longer asks for a refit).
   */
  afterUpdate(batch: CompletionBatch, inForce: RewardDesign): { design: RewardDesign; report: RewardModelRefitReport } | null {
    this.updates += 1
    const index = (inForce.rewardModels ?? []).findIndex((candidate) => candidate.name === this.name && candidate.refit !== undefined)
    if (index < 0) return null
    const entry = inForce.rewardModels![index]
    const option = entry.refit!
    if (this.updates % option.every !== 0) return null
    const fresh = this.drawPairs(batch, option)
    const before = (entry.model.members[0] as LinearRewardMember).weights
    const heldOutAccuracy = preferenceAccuracy(fresh, before)
    for (let i = 0; i < fresh.count; i++) {
      this.preferred.push(fresh.preferred.slice(i * this.features, (i + 1) * this.features))
      this.rejected.push(fresh.rejected.slice(i * this.features, (i + 1) * this.features))
    }
    // Bounded: the most recent MAX_REFIT_PAIRS, the oldest dropped.
    const excess = this.preferred.length - MAX_REFIT_PAIRS
    if (excess > 0) {
      this.preferred.splice(0, excess)
      this.rejected.splice(0, excess)
    }
    const pairs = this.refittedPairs()
    const weights = Array.from(fitBradleyTerry(preferenceDifferences(pairs), option.l2 ?? DEFAULT_REFIT_L2).weights)
    const refitted: RewardModelComponent = { ...entry, model: { kind: 'linear', featureNames: entry.model.featureNames, members: [{ weights }], ...granularityOf(entry) } }
    const design = { ...inForce, rewardModels: inForce.rewardModels!.map((other, k) => (k === index ? refitted : other)) }
    this.refits += 1
    return { design, report: { refits: this.refits, pairs: pairs.count, trainAccuracy: preferenceAccuracy(pairs, weights), heldOutAccuracy } }
  }

  /** The pairs refitted on so far, as the fit reads them. */
  refittedPairs(): PreferencePairs {
    const count = this.preferred.length
    const preferred = new Float64Array(count * this.features)
    const rejected = new Float64Array(count * this.features)
    for (let i = 0; i < count; i++) {
      preferred.set(this.preferred[i], i * this.features)
      rejected.set(this.rejected[i], i * this.features)
    }
    return { count, features: this.features, preferred, rejected }
  }

  /** `pairs` labelled pairs of two different completions of one prompt from the batch. */
  private drawPairs({ state, stride, n, groupSize }: CompletionBatch, option: RewardModelRefit): PreferencePairs {
    const groups = Math.floor(n / groupSize)
    if (groups < 1 || groupSize < 2) throw new Error(`refit: a pair is two completions of one prompt, so a batch needs a group of at least 2; this one has ${n} copies in groups of ${groupSize}`)
    const count = option.pairs
    const preferred = new Float64Array(count * this.features)
    const rejected = new Float64Array(count * this.features)
    for (let p = 0; p < count; p++) {
      const leader = this.rng.int(groups) * groupSize
      const first = this.rng.int(groupSize)
      // The second of the G − 1 others, uniformly.
      let second = this.rng.int(groupSize - 1)
      if (second >= first) second += 1
      const a: TokenCompletion = completionOfCopy(state, stride, leader + first)
      const b: TokenCompletion = completionOfCopy(state, stride, leader + second)
      const { label } = labelTokenPair(a, b, option.temperature, [], this.rng)
      preferred.set(tokenFeatures(label === 'a' ? a : b), p * this.features)
      rejected.set(tokenFeatures(label === 'a' ? b : a), p * this.features)
    }
    return { count, features: this.features, preferred, rejected }
  }
}

/** The entry's granularity key as it was (absent in models written before process models). */
function granularityOf(entry: RewardModelComponent): { granularity?: 'outcome' } {
  return entry.model.granularity === undefined ? {} : { granularity: 'outcome' }
}
