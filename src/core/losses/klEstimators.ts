/*
 * The per-token KL estimators, one record each (kl.ts computes them): the one list that the option
 * schema, the Learner panel and the command line's `loss --kl` read.
 */

export interface KlEstimatorRecord {
  /** The option's value (kl) and the command line's --kl. */
  name: string
  /** verl's kl_penalty name for it. */
  verlName: string
  /** The Learner panel's words for it, after "name = ", with d = log π_ref − log π. */
  hint: string
  /** Whether a learner descends k2's gradient instead of its own value's (verl's "+" forms). */
  straightThrough: boolean
}

export const KL_ESTIMATOR_RECORDS = [
  { name: 'k1', verlName: 'kl', hint: '−d (unbiased, can be negative)', straightThrough: false },
  { name: 'k2', verlName: 'mse', hint: '½d²', straightThrough: false },
  { name: 'k3', verlName: 'low_var_kl', hint: 'e^d − d − 1 (unbiased, never negative; capped at 10 as verl does)', straightThrough: false },
  { name: 'abs', verlName: 'abs', hint: '|d| (biased, never negative)', straightThrough: false },
  { name: 'k1+', verlName: 'k1+', hint: 'k1’s value with k2’s gradient −d (straight-through: in expectation the true KL’s gradient)', straightThrough: true },
  { name: 'k3+', verlName: 'k3+', hint: 'k3’s value with k2’s gradient −d (straight-through: in expectation the true KL’s gradient)', straightThrough: true },
] as const satisfies readonly KlEstimatorRecord[]

export const KL_ESTIMATORS = KL_ESTIMATOR_RECORDS.map((record) => record.name) as unknown as NamesOf<typeof KL_ESTIMATOR_RECORDS>
export type KlEstimator = (typeof KL_ESTIMATORS)[number]

/** The tuple of the records' names, in order. */
type NamesOf<Records extends readonly { name: string }[]> = { readonly [I in keyof Records]: Records[I] extends { name: infer Name } ? Name : never }
