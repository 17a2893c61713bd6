import type { PairRecord, PairSideRecord } from './pairsFile'
import { TOKEN_FEATURE_NAMES, tokenFeatures, tokenGold, type TokenCompletion } from './tokenFeatures'

/*
 * A pair of the token task as a line of a pairs file (pairsFile.ts), exactly as `preferences`
 * writes it: the prompt, each side's tokens, named features (tokenFeatures.ts, in their order) and
 * gold score, the labeler's P(a ≻ b) when a simulated labeler gave it, and the label.
 */

/** One completion as a side of a pair's line. */
export function tokenPairSide(completion: TokenCompletion): PairSideRecord {
  const features = tokenFeatures(completion)
  // Object.fromEntries: a feature's name is data, never a key that reaches Object.prototype.
  return { tokens: [...completion.tokens], features: Object.fromEntries(TOKEN_FEATURE_NAMES.map((name, k) => [name, features[k]])), gold: tokenGold(completion) }
}

/** The line of a labelled pair of two completions of one prompt; `probability` only where a simulated labeler gave it. */
export function tokenPairRecord(a: TokenCompletion, b: TokenCompletion, label: 'a' | 'b', probability?: number): PairRecord {
  const record: PairRecord = { prompt: [a.prompt[0], a.prompt[1]], a: tokenPairSide(a), b: tokenPairSide(b), label }
  if (probability !== undefined) record.probability = probability
  return record
}
