import { batchAdvantages } from '../core/credit/batchAdvantages'
import { TOKEN_LABELS } from '../core/envs/tokenseq'
import { ownValue } from '../core/reservedNames'
import type { GroupEstimator } from '../core/run/learnerOptions'
import type { GroupBatch } from '../core/run/trainer'

/*
 * Where credit lands, token by token, for the latest batch's first group under the sliders now:
 *   outcome  each completion's reward summed over its tokens, judged against its group (the group
 *            baseline with the learner's centre and scale): every token of a completion gets A_i;
 *   process  each token's own reward, DeepSeekMath's process supervision (the process baseline):
 *            A_t the sum of the group-normalised rewards from token t to the end, or under the
 *            process_min baseline their minimum (PURE's min-form credit).
 * Only a batch trained under the process baseline carries the tokens and their per-token
 * components (GroupBatch.tokens, tokenComponents); null for any other.
 */

export interface TokenCreditRow {
  tokens: string[]
  outcome: number[]
  process: number[]
}

export function tokenCreditComparison(batch: GroupBatch, weights: Record<string, number>, estimator: GroupEstimator): TokenCreditRow[] | null {
  const { lengths, tokens, tokenComponents } = batch
  if (lengths === undefined || tokens === undefined || tokenComponents === undefined || batch.groupSizes.length === 0) return null
  const w = batch.names.map((name) => ownValue(weights, name) ?? 0)
  const scores = { components: batch.components, weights: w, groupSizes: batch.groupSizes, lengths, klPenalty: batch.klPenalty, tokenComponents, processComponents: batch.processComponents }
  const outcome = batchAdvantages(scores, { ...estimator, baseline: 'group' })
  const process = batchAdvantages(scores, { ...estimator, baseline: estimator.baseline === 'process_min' ? 'process_min' : 'process' })
  const rows: TokenCreditRow[] = []
  let start = 0
  for (let i = 0; i < batch.groupSizes[0]; i++) {
    const length = lengths[i]
    rows.push({
      tokens: Array.from(tokens.subarray(start, start + length), (token) => TOKEN_LABELS[token] ?? '?'),
      outcome: new Array<number>(length).fill(outcome[i]),
      process: Array.from(process.subarray(start, start + length)),
    })
    start += length
  }
  return rows
}
