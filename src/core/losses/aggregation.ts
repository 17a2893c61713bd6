import { longestLength, tokenCount, type Sequences } from './sequences'

/*
 * The ways a batch of per-token terms ℓ_i,t becomes one number, named as verl's agg_loss names
 * them (loss_agg_mode), over S sequences o_i of |o_i| tokens:
 *   token-mean               Σ_i,t ℓ / Σ_i |o_i|          (DAPO: every token weighs the same)
 *   token-sum                Σ_i,t ℓ
 *   seq-mean-token-mean      mean_i(Σ_t ℓ_i,t / |o_i|)    (GRPO: every sequence weighs the same)
 *   seq-mean-token-sum       mean_i(Σ_t ℓ_i,t)
 *   seq-mean-token-sum-norm  Σ_i,t ℓ / (S·L)               (Dr. GRPO as TRL's dr_grpo: one constant
 *                                                           divisor, L the longest a sequence may be;
 *                                                           verl's divides by L alone)
 * token-sum is ours, not one of verl's modes; docs/references.md, "Names that mirror an upstream",
 * says where each differs from verl's and TRL's.
 */

export const AGGREGATIONS = ['token-mean', 'token-sum', 'seq-mean-token-mean', 'seq-mean-token-sum', 'seq-mean-token-sum-norm'] as const
export type Aggregation = (typeof AGGREGATIONS)[number]

/**
 * The GRPO learner's first names for three of them, still read wherever a name is read (links,
 * files, the command line): sequence is GRPO's mean over tokens then sequences, token DAPO's sum
 * over the token count, constant Dr. GRPO's sum over sequences × max length.
 */
export const AGGREGATION_ALIASES: Readonly<Record<string, Aggregation>> = {
  sequence: 'seq-mean-token-mean',
  token: 'token-mean',
  constant: 'seq-mean-token-sum-norm',
}

/** The aggregation a name means, verl's or an alias; null for any other text. */
export function aggregationNamed(name: string): Aggregation | null {
  if ((AGGREGATIONS as readonly string[]).includes(name)) return name as Aggregation
  return Object.hasOwn(AGGREGATION_ALIASES, name) ? AGGREGATION_ALIASES[name] : null
}

/** `maxLength` is L, needed by seq-mean-token-sum-norm only; it must be at least the longest sequence. */
export function aggregate(values: Sequences, aggregation: Aggregation, maxLength: number | null = null): number {
  const sequences = values.length
  if (sequences === 0) throw new Error('aggregate: needs at least one sequence')
  const sequenceSums = values.map((sequence, i) => {
    if (sequence.length === 0) throw new Error(`aggregate: sequence ${i} is empty`)
    let sum = 0
    for (let t = 0; t < sequence.length; t++) sum += sequence[t]
    return sum
  })
  let total = 0
  for (const sum of sequenceSums) total += sum
  switch (aggregation) {
    case 'token-mean':
      // Σ ℓ / Σ |o_i|
      return total / tokenCount(values)
    case 'token-sum':
      return total
    case 'seq-mean-token-mean': {
      // mean_i(Σ_t ℓ_i,t / |o_i|)
      let meanSum = 0
      sequenceSums.forEach((sum, i) => (meanSum += sum / values[i].length))
      return meanSum / sequences
    }
    case 'seq-mean-token-sum':
      // mean_i(Σ_t ℓ_i,t)
      return total / sequences
    case 'seq-mean-token-sum-norm': {
      if (maxLength === null) throw new Error('aggregate: seq-mean-token-sum-norm needs the maximum length L')
      const longest = longestLength(values)
      if (!Number.isInteger(maxLength) || maxLength < longest) throw new Error(`aggregate: the maximum length L must be a whole number of at least ${longest}, the longest sequence, got ${maxLength}`)
      // Σ ℓ / (S·L)
      return total / (sequences * maxLength)
    }
    default:
      throw new Error(`aggregate: unknown aggregation "${String(aggregation)}"; accepted: ${AGGREGATIONS.join(', ')}`)
  }
}
