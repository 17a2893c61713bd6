import { z } from 'zod'
import { MAX_LABELER_TEMPERATURE } from '../preferences/limits'
import { describedObject, numberIn } from './transforms'

/*
 * Iterated RLHF's option on a reward-model entry: every `every` updates the trainer labels `pairs`
 * fresh pairs of its latest batch with the simulated labeler at `temperature`, adds them to the
 * pairs the model has been refitted on so far (the most recent MAX_REFIT_PAIRS of them) and
 * refits the linear model exactly (rewardModelRefit.ts).
 */

/** The most updates between two refits. */
export const MAX_REFIT_EVERY = 1000
/** The fewest and the most fresh pairs one refit labels: below 10 a refit learns little, and 5,000 keeps the labelling between two updates short. */
export const MIN_REFIT_PAIRS = 10
export const MAX_REFIT_PAIRS_PER_REFIT = 5000
/** The most pairs a refit fits on: the most recent ones, older ones dropped (a fit over 20,000 pairs of the token task's features stays well under a second). */
export const MAX_REFIT_PAIRS = 20_000
/** The L2 penalty λ of a refit when none is given: the one `reward-model fit` uses. */
export const DEFAULT_REFIT_L2 = 1
/** The largest λ a refit takes: beyond it the penalty alone decides the weights. */
export const MAX_REFIT_L2 = 1e6

export const RewardModelRefitSchema = describedObject(
  {
    /** Refit after every this many updates. */
    every: numberIn(1, MAX_REFIT_EVERY, { integer: true }),
    /** Fresh pairs labelled at each refit. */
    pairs: numberIn(MIN_REFIT_PAIRS, MAX_REFIT_PAIRS_PER_REFIT, { integer: true }),
    /** The simulated labeler's temperature T: P(a ≻ b) = σ((g_a − g_b)/T), 0 always picking the higher gold. */
    temperature: numberIn(0, MAX_LABELER_TEMPERATURE),
    /** The Bradley–Terry fit's L2 penalty λ (default DEFAULT_REFIT_L2). */
    l2: numberIn(0, MAX_REFIT_L2).optional(),
  },
  'a refit option',
)

export type RewardModelRefit = z.infer<typeof RewardModelRefitSchema>
