import { batchAdvantages } from '../core/credit/batchAdvantages'
import { groupBatchFits } from '../core/credit/whatIf'
import { TOKEN_LABELS } from '../core/envs/tokenseq'
import { ownValue } from '../core/reservedNames'
import { estimatorBaseline, isProcessBaseline, type GroupEstimator } from '../core/run/learnerOptions'
import type { GroupBatch } from '../core/run/trainer'

/*
 * Where credit lands, token by token, for the latest batch's first group under the sliders now:
 *   outcome   each completion's reward summed over its tokens, judged against its group: every
 *             token of completion i gets A_i. Under a process baseline, the group baseline with the
 *             learner's centre and scale; otherwise the learner's own estimator;
 *   process   (a batch with per-token rewards, trained under the process baseline) each token's own
 *             reward, DeepSeekMath's process supervision: A_t the sum of the group-normalised
 *             rewards from token t to the end, or under the process_min baseline their minimum
 *             (PURE's min-form credit);
 *   progress  (with PAV's progress on) p_t = weight·(Q_μ(o_1 … o_t) − Q_μ(o_1 … o_{t−1})), the
 *             prover's change in its chance of a right answer, as the run computed it;
 *   total     (with progress on) what the loss weighs token t by: the learner's advantage (process
 *             under a process baseline, else outcome) + p_t.
 * Only a batch trained under the process baseline or with progress on carries its tokens
 * (GroupBatch.tokens, with tokenComponents or progress); null for any other.
 */

/** The credit rows of one completion, in the order shown. */
export const TOKEN_CREDIT_KINDS = ['outcome', 'process', 'progress', 'total'] as const
export type TokenCreditKind = (typeof TOKEN_CREDIT_KINDS)[number]

export interface TokenCreditRow {
  tokens: string[]
  outcome: number[]
  process?: number[]
  progress?: number[]
  total?: number[]
}

export function tokenCreditComparison(batch: GroupBatch, weights: Record<string, number>, estimator: GroupEstimator): TokenCreditRow[] | null {
  const { lengths, tokens, tokenComponents, progress } = batch
  if (lengths === undefined || tokens === undefined || batch.groupSizes.length === 0) return null
  // Nothing per token to set beside the outcome, or a batch that lacks what the estimator reads (a live change of baseline).
  if ((tokenComponents === undefined && progress === undefined) || !groupBatchFits(batch, estimator)) return null
  const baseline = estimatorBaseline(estimator)
  const processBaseline = isProcessBaseline(baseline)
  const w = batch.names.map((name) => ownValue(weights, name) ?? 0)
  const scores = { components: batch.components, weights: w, groupSizes: batch.groupSizes, lengths, greedyComponents: batch.greedyComponents, klPenalty: batch.klPenalty, tokenComponents, processComponents: batch.processComponents }
  // The learner's own advantages, those the loss weighs (one per completion, or one per token).
  const learners = batchAdvantages(scores, estimator)
  const outcome = processBaseline ? batchAdvantages(scores, { ...estimator, baseline: 'group' }) : learners
  const process = tokenComponents === undefined ? undefined : processBaseline ? learners : batchAdvantages(scores, { ...estimator, baseline: 'process' })
  // Completion i's tokens' credit: A_i on each of them where the estimator gives one per completion, else each token's own.
  const tokensOf = (advantages: Float64Array, i: number, start: number, end: number) => (advantages.length === lengths.length ? new Array<number>(end - start).fill(advantages[i]) : Array.from(advantages.subarray(start, end)))
  const rows: TokenCreditRow[] = []
  let start = 0
  for (let i = 0; i < batch.groupSizes[0]; i++) {
    const end = start + lengths[i]
    const own = tokensOf(learners, i, start, end)
    const paid = progress === undefined ? undefined : Array.from(progress.subarray(start, end))
    rows.push({
      tokens: Array.from(tokens.subarray(start, end), (token) => TOKEN_LABELS[token] ?? '?'),
      outcome: tokensOf(outcome, i, start, end),
      ...(process === undefined ? {} : { process: tokensOf(process, i, start, end) }),
      // total_t = A_t + p_t, PAV's effective reward as the loss takes it (grpo.ts withProgress)
      ...(paid === undefined ? {} : { progress: paid, total: own.map((advantage, t) => advantage + paid[t]) }),
    })
    start = end
  }
  return rows
}

/** The kinds of credit the rows carry, in the order shown. */
export function tokenCreditKinds(rows: readonly TokenCreditRow[]): TokenCreditKind[] {
  return TOKEN_CREDIT_KINDS.filter((kind) => rows.length > 0 && rows[0][kind] !== undefined)
}
