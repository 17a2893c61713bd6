import type { EnvParams } from '../core/envs/types'
import type { LabelerBias } from '../core/preferences/biasedLabeler'
import { completionProblem } from '../core/preferences/completionObservations'
import type { TokenCompletion } from '../core/preferences/tokenFeatures'
import type { DpoPreferences, DpoRecipe } from '../core/run/dpoOptions'
import { tokenPreferencePairs } from './tokenPreferencePairs'

/*
 * The preference set a DPO design names, as pairs of completions (the preferred one first): a
 * recipe's pairs come from the very code path `preferences` writes its JSONL with
 * (tokenPreferencePairs: the start policy of a run of the recipe's seed, the simulated labeler), so
 * the command line's file and the learner's set are the same pairs; labelled pairs are checked
 * against the task's max_length.
 */

export interface DpoPair {
  chosen: TokenCompletion
  rejected: TokenCompletion
}

/** The recipe's labeler biases as biasedLabeler's terms: each named term with a weight other than 0. */
export function recipeBiases(recipe: DpoRecipe): LabelerBias[] {
  const biases: LabelerBias[] = []
  if (recipe.biases.length !== 0) biases.push({ kind: 'length', weight: recipe.biases.length })
  if (recipe.biases.format !== 0) biases.push({ kind: 'format', weight: recipe.biases.format })
  return biases
}

/** The pairs of `preferences` under `params` (resolved tokenseq parameters); the TensorFlow.js backend must be ready. */
export async function dpoPairs(preferences: DpoPreferences, params: EnvParams): Promise<DpoPair[]> {
  const maxLength = params.max_length as number
  if (preferences.source === 'labelled') {
    return preferences.pairs.map((pair, index) => {
      const chosen = { prompt: pair.prompt, tokens: pair.chosen, maxLength }
      const rejected = { prompt: pair.prompt, tokens: pair.rejected, maxLength }
      for (const [side, completion] of [['chosen', chosen], ['rejected', rejected]] as const) {
        const problem = completionProblem(completion, maxLength)
        if (problem !== null) throw new Error(`learner.preferences.pairs.${index}.${side}: ${problem}`)
      }
      return { chosen, rejected }
    })
  }
  const pairs: DpoPair[] = []
  const request = { params, seed: preferences.seed, count: preferences.pairs, temperature: preferences.temperature, biases: recipeBiases(preferences) }
  for await (const batch of tokenPreferencePairs(request)) {
    for (const pair of batch) pairs.push(pair.label === 'a' ? { chosen: pair.a, rejected: pair.b } : { chosen: pair.b, rejected: pair.a })
  }
  return pairs
}
