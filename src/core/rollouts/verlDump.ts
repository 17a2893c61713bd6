import { completionPenalties, mixedRewards } from '../credit/groupScores'
import { KL_PENALTY_COMPONENT } from '../run/learnerComponents'
import type { GroupBatch } from '../run/trainer'

/*
 * One update's completions written as verl writes a training step's rollouts
 * (`<step>.jsonl`, one JSON line per completion; docs/references.md says where ours differs):
 *   "input"   the group's prompt as text (the environment's promptText)
 *   "output"  the completion's tokens, each by its label, joined by spaces
 *   "score"   R_i = Σ_k w_k·C_ik, the reward the run paid, under the weights in force
 *   "step"    the update's number, from 1
 *   "uid"     the group's id, "<step>-<group>": verl groups by the batch's uid but leaves it out of
 *             its dump; the token task has few prompts, and one may come to two groups of an update
 *   then each component's total C_ik under its own name, and, with the KL in the reward,
 *   "kl_penalty" P_i = Σ_t −β·KL_t, which verl's score leaves out as ours does.
 * Read back with the weights score=1 (and kl_penalty=1 with the KL in the reward), the group
 * estimator gives the advantages the run trained on.
 */

/** The keys verl's lines give themselves: a component may not take one. */
export const VERL_OWN_KEYS: readonly string[] = ['input', 'output', 'gts', 'score', 'step', 'uid']

export interface DumpText {
  /** The prompt in the copy state at `offset` of `state`, as text. */
  promptText(state: ArrayLike<number>, offset: number): string
  /** Each token's label (the spec's actionLabels). */
  tokenLabels: readonly string[]
  /** The numbers in one copy's state (the spec's stateVars). */
  stride: number
}

/** The text of `<step>.jsonl` for a batch recorded with keepCompletions. */
export function verlDumpText(batch: GroupBatch, step: number, text: DumpText): string {
  const { tokens, prompts, weights, lengths } = batch
  if (tokens === undefined || prompts === undefined || weights === undefined || lengths === undefined) throw new Error('verlDumpText: the batch holds no completions to write; the trainer keeps them once keepCompletions is called')
  const clash = batch.names.find((name) => VERL_OWN_KEYS.includes(name) || (batch.klPenalty !== undefined && name === KL_PENALTY_COMPONENT.name))
  if (clash !== undefined) throw new Error(`a component named "${clash}" would overwrite verl's own key "${clash}" in the dump; rename it`)
  const K = batch.names.length
  // R_i = Σ_k w_k·C_ik, as the learner mixes it (batchAdvantages)
  const scores = mixedRewards(batch.components, weights)
  const penalties = batch.klPenalty === undefined ? null : completionPenalties({ components: batch.components, weights, groupSizes: batch.groupSizes, lengths, klPenalty: batch.klPenalty })
  const lines: string[] = []
  let completion = 0
  let token = 0
  batch.groupSizes.forEach((size, group) => {
    const input = text.promptText(prompts, group * text.stride)
    for (let j = 0; j < size; j++, completion++) {
      const written = Array.from(tokens.subarray(token, token + lengths[completion]), (t) => text.tokenLabels[t] ?? String(t))
      token += lengths[completion]
      const line: Record<string, unknown> = { input, output: written.join(' '), score: finite(scores[completion], 'score'), step, uid: `${step}-${group}` }
      for (let k = 0; k < K; k++) line[batch.names[k]] = finite(batch.components[completion * K + k], batch.names[k])
      if (penalties !== null) line[KL_PENALTY_COMPONENT.name] = finite(penalties[completion], KL_PENALTY_COMPONENT.name)
      lines.push(JSON.stringify(line))
    }
  })
  return `${lines.join('\n')}\n`
}

/** JSON has no NaN or ±Infinity: a run that paid one stopped before its batch was recorded, so one here is a fault. */
function finite(value: number, name: string): number {
  if (!Number.isFinite(value)) throw new Error(`verlDumpText: ${name} is ${value}, which JSON cannot hold`)
  return value
}
