/*
 * The GRPO family's policy losses, one record each: the one list that the option schema, the
 * Learner panel, the command line's `loss` and both implementations read (policyLoss.ts, the
 * float64 reference; src/learn/grpoLoss.ts, the learner's loss with its gradient).
 */

export interface PolicyLossRecord {
  /** The option's value (policyLoss) and the command line's --policy-loss. */
  name: string
  /** How a person calls it. */
  label: string
  /** The Learner panel's line for it, after "name: ". */
  hint: string
  /** Whether it clips the ratio (takes ε_low and ε_high). */
  clipped: boolean
  /** Whether it takes the dual clip C (verl applies clip_ratio_c in its vanilla loss only). */
  dualClip: boolean
  /** Whether verl aggregates its policy term seq-mean-token-mean whatever the chosen mode (gspo and geo_mean: their ratio is one per sequence; sapo: verl's choice). */
  perSequence: boolean
  /** Whether it takes SAPO's gate temperatures τ_pos and τ_neg (verl's tau_pos, tau_neg). */
  temperatures: boolean
  /** Whether it takes TRL's two-sided clip δ (TRL applies delta in its clipped losses; here in ppo's). */
  delta: boolean
  /** Whether it takes Clip-Cov's ratio and covariance band (verl's clip_cov_ratio, clip_cov_lb, clip_cov_ub). */
  clipCov: boolean
  /** Whether it takes KL-Cov's ratio and coefficient (verl's kl_cov_ratio, ppo_kl_coef). */
  klCov: boolean
}

export const POLICY_LOSS_RECORDS = [
  {
    name: 'ppo',
    label: 'PPO clip',
    hint: 'each token’s ratio π/π_old, clipped (GRPO, DAPO).',
    clipped: true,
    dualClip: true,
    perSequence: false,
    temperatures: false,
    delta: true,
    clipCov: false,
    klCov: false,
  },
  {
    name: 'gspo',
    label: 'GSPO',
    hint: 'one ratio per answer, the geometric mean of its tokens’, clipped per answer (GSPO).',
    clipped: true,
    dualClip: false,
    perSequence: true,
    temperatures: false,
    delta: false,
    clipCov: false,
    klCov: false,
  },
  {
    name: 'gspo_token',
    label: 'GSPO-token',
    hint: 'GSPO’s numbers with each token’s own gradient; with one advantage per answer, as here, it trains as gspo does.',
    clipped: true,
    dualClip: false,
    perSequence: true,
    temperatures: false,
    delta: false,
    clipCov: false,
    klCov: false,
  },
  {
    name: 'geo_mean',
    label: 'GMPO',
    hint: 'one ratio per answer, the geometric mean of its tokens’ ratios each clipped in log space first (GMPO).',
    clipped: true,
    dualClip: false,
    perSequence: true,
    temperatures: false,
    delta: false,
    clipCov: false,
    klCov: false,
  },
  {
    name: 'cispo',
    label: 'CISPO',
    hint: '−A·log π weighted by the clipped ratio, so no token loses its gradient (MiniMax-M1).',
    clipped: true,
    dualClip: false,
    perSequence: false,
    temperatures: false,
    delta: false,
    clipCov: false,
    klCov: false,
  },
  {
    name: 'sapo',
    label: 'SAPO',
    hint: 'each token’s ratio through a smooth gate σ(τ·(r − 1))·4/τ instead of a clip, τ_pos for A > 0 and τ_neg otherwise (SAPO).',
    clipped: false,
    dualClip: false,
    perSequence: true,
    temperatures: true,
    delta: false,
    clipCov: false,
    klCov: false,
  },
  {
    name: 'clip_cov',
    label: 'Clip-Cov',
    hint: 'PPO clip, with a few tokens whose log π and advantage covary strongly (covariance in the band lb to ub, drawn at random) detached from the gradient, against entropy collapse (Cui et al. 2025).',
    clipped: true,
    dualClip: false,
    perSequence: false,
    temperatures: false,
    delta: false,
    clipCov: true,
    klCov: false,
  },
  {
    name: 'kl_cov',
    label: 'KL-Cov',
    hint: 'the unclipped ratio −A·r, with a KL penalty coef·|log r| on the few tokens whose log π and advantage covary most, against entropy collapse (Cui et al. 2025).',
    clipped: false,
    dualClip: false,
    perSequence: false,
    temperatures: false,
    delta: false,
    clipCov: false,
    klCov: true,
  },
  {
    name: 'reinforce',
    label: 'REINFORCE',
    hint: '−A·log π, no ratio (verl’s gpg loss).',
    clipped: false,
    dualClip: false,
    perSequence: false,
    temperatures: false,
    delta: false,
    clipCov: false,
    klCov: false,
  },
] as const satisfies readonly PolicyLossRecord[]

export type PolicyLossKind = (typeof POLICY_LOSS_RECORDS)[number]['name']

export const POLICY_LOSSES = POLICY_LOSS_RECORDS.map((record) => record.name) as unknown as NamesOf<typeof POLICY_LOSS_RECORDS>

/** The tuple of the records' names, in order. */
type NamesOf<Records extends readonly { name: string }[]> = { readonly [I in keyof Records]: Records[I] extends { name: infer Name } ? Name : never }

const RECORDS: readonly (PolicyLossRecord & { name: PolicyLossKind })[] = POLICY_LOSS_RECORDS

/** The record of a policy loss. */
export function policyLossOf(kind: PolicyLossKind): PolicyLossRecord & { name: PolicyLossKind } {
  return RECORDS.find((record) => record.name === kind)!
}

/** The policy losses that clip the ratio. */
export const CLIPPED_POLICY_LOSSES: readonly PolicyLossKind[] = RECORDS.filter((record) => record.clipped).map((record) => record.name)

/** The policy losses that take SAPO's temperatures τ_pos and τ_neg. */
export const TEMPERATURE_POLICY_LOSSES: readonly PolicyLossKind[] = RECORDS.filter((record) => record.temperatures).map((record) => record.name)

/** The policy losses that take TRL's two-sided clip δ. */
export const DELTA_POLICY_LOSSES: readonly PolicyLossKind[] = RECORDS.filter((record) => record.delta).map((record) => record.name)

/** The policy losses that take Clip-Cov's ratio and band. */
export const CLIP_COV_POLICY_LOSSES: readonly PolicyLossKind[] = RECORDS.filter((record) => record.clipCov).map((record) => record.name)

/** The policy losses that take KL-Cov's ratio and coefficient. */
export const KL_COV_POLICY_LOSSES: readonly PolicyLossKind[] = RECORDS.filter((record) => record.klCov).map((record) => record.name)
