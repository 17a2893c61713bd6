import * as tf from '@tensorflow/tfjs'
import type { StoredNetwork } from '../core/credit/storedNetwork'
import { proverSuccess } from '../core/credit/proverSuccess'
import { promptCodes, type TokenSeqGame } from '../core/envs/tokenseq'
import { NUM_TOKENS, TOKEN_OBS_SIZE } from '../core/envs/tokenseqRules'
import { actionLogProbs } from './logSoftmax'
import { frozenMlp } from './mlp'

/**
 * How often a token-task policy answers right, exactly: for each prompt a + b of `difficulty`, the
 * chance Q_π(∅) that the policy π = softmax(network's logits), sampling from an empty answer under
 * max_length, finishes right (core/credit/proverSuccess.ts), averaged over the prompts (each drawn
 * equally often). No sampling, so no noise: the figure a stored prover's file records.
 */
export function tokenCorrectRate(network: StoredNetwork, difficulty: TokenSeqGame['difficulty'], maxLength: number): { prompts: number; rate: number } {
  const mlp = frozenMlp(network)
  try {
    // π(·|s) of each observation: one forward pass, read back at once (proverSuccess asks synchronously).
    const policy = (observations: Float32Array, rows: number) => {
      const logits = tf.tidy(() => mlp.apply(tf.tensor2d(observations, [rows, TOKEN_OBS_SIZE])).dataSync())
      return actionLogProbs(logits, new Int32Array(rows), NUM_TOKENS).probabilities
    }
    const codes = promptCodes(difficulty)
    let sum = 0
    for (const code of codes) sum += proverSuccess({ a: Math.floor(code / 10), b: code % 10 }, maxLength, policy)([])
    return { prompts: codes.length, rate: sum / codes.length }
  } finally {
    mlp.dispose()
  }
}
