import type { ProverPolicy, ProverProgress } from '../core/envs/types'
import { actionLogProbs } from './logSoftmax'

/*
 * PAV's progress of every token of a batch (Setlur et al. 2024; core/credit/progressRewards.ts):
 *   p_t = weight · A_t,   A_t = Q_μ(o_1 … o_t) − Q_μ(o_1 … o_{t−1})
 * with μ the prover network. The prover success of a prompt asks μ about every state still on the
 * answer at once; this asks it about every distinct prompt of the batch in one forward pass: a first
 * walk records each prompt's observations (answering uniform probabilities, which it throws away),
 * the network reads them all, and a second walk answers each prompt its own rows of π_μ = softmax(logits).
 */

/** What the batch's completions are: how many, their token counts, and their tokens, completion after completion. */
export interface ProgressCompletions {
  count: number
  lengths: ArrayLike<number>
  actions: ArrayLike<number>
}

/**
 * p_t of each token of `completions` (completion i written by copy i, whose prompt is the copy
 * state at i·stride of `prompts`), under the completion limit `maxLength`, with `proverLogits` the
 * prover network's logits of observations (rows × numActions).
 */
export async function batchProgress(
  progress: ProverProgress,
  prompts: ArrayLike<number>,
  stride: number,
  completions: ProgressCompletions,
  maxLength: number,
  weight: number,
  numActions: number,
  proverLogits: (observations: Float32Array, rows: number) => Promise<ArrayLike<number>>,
): Promise<Float64Array> {
  // The first copy holding each distinct prompt.
  const firstCopy = new Map<string, number>()
  const keys: string[] = []
  for (let i = 0; i < completions.count; i++) {
    const key = progress.promptKey(prompts, i * stride)
    keys.push(key)
    if (!firstCopy.has(key)) firstCopy.set(key, i)
  }
  // Walk 1: every prompt's observations, in prompt order.
  const recorded: Float32Array[] = []
  const rowCounts: number[] = []
  for (const copy of firstCopy.values()) {
    const recording: ProverPolicy = (observations, rows) => {
      recorded.push(observations.slice())
      rowCounts.push(rows)
      return new Float64Array(rows * numActions).fill(1 / numActions)
    }
    progress.progressOf(prompts, copy * stride, maxLength, recording)
  }
  const totalRows = rowCounts.reduce((sum, rows) => sum + rows, 0)
  const obsSize = totalRows === 0 ? 0 : recorded[0].length / rowCounts[0]
  const observations = new Float32Array(totalRows * obsSize)
  let row = 0
  recorded.forEach((block, j) => {
    observations.set(block, row * obsSize)
    row += rowCounts[j]
  })
  // One forward pass of the prover over every prompt's states: π_μ(·|s) = softmax(logits).
  const probabilities = totalRows === 0 ? new Float64Array(0) : actionLogProbs(await proverLogits(observations, totalRows), new Int32Array(totalRows), numActions).probabilities
  // Walk 2: each prompt's progress function, answered from its own rows.
  const progressByPrompt = new Map<string, (tokens: ArrayLike<number>) => Float64Array>()
  row = 0
  let j = 0
  for (const [key, copy] of firstCopy) {
    const from = row * numActions
    const rows = rowCounts[j++]
    const replay: ProverPolicy = (_observations, asked) => {
      if (asked !== rows) throw new Error(`batchProgress: the prover was asked about ${asked} states of prompt ${key}, ${rows} the first time; the prover success must ask the same`)
      return probabilities.subarray(from, from + rows * numActions)
    }
    progressByPrompt.set(key, progress.progressOf(prompts, copy * stride, maxLength, replay))
    row += rows
  }
  // p_t = weight · A_t, completion after completion
  let tokens = 0
  for (let i = 0; i < completions.count; i++) tokens += completions.lengths[i]
  const rewards = new Float64Array(tokens)
  let start = 0
  for (let i = 0; i < completions.count; i++) {
    const length = completions.lengths[i]
    const advantages = progressByPrompt.get(keys[i])!(Array.prototype.slice.call(completions.actions, start, start + length) as number[])
    for (let t = 0; t < length; t++) rewards[start + t] = weight * advantages[t]
    start += length
  }
  return rewards
}
