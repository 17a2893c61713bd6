import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PairsCollector, pairLine } from '../core/preferences/pairsFile'
import type { RewardModel } from '../core/preferences/rewardModel'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
import type { TokenPairsRequest } from '../learn/tokenPreferencePairs'
import { LESSON_MODEL_RECIPE, OVER_OPTIMISATION_MODEL_RECIPE, type LessonRewardModels } from '../lessons/rewardModelRecipe'

/*
 * The reward models the lessons train against, fitted by the command line's own pipeline from the
 * recipes in src/lessons/rewardModelRecipe.ts (preferences → reward-model fit): no weight in a lesson is
 * typed by hand. `lesson models --write` writes them to src/lessons/rewardModels.json; a test
 * fits them again and fails, naming this command, when the file is not what the recipe gives.
 */

export const LESSON_MODELS_PATH = fileURLToPath(new URL('../lessons/rewardModels.json', import.meta.url))

/** The recipes' pairs (start policy, simulated labeler) and their fits: the length-biased labels plain and with length given its own head, the over-optimisation lessons' single model and ensemble. */
export async function fitLessonModels(): Promise<LessonRewardModels> {
  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { fitRewardModel } = await import('../learn/rewardModelFit')
  const lengthRecipe = LESSON_MODEL_RECIPE
  const lengthPairs = await recipePairs({ params: {}, seed: lengthRecipe.seed, count: lengthRecipe.pairs, temperature: lengthRecipe.temperature, biases: [{ kind: 'length', weight: lengthRecipe.lengthBias }] })
  const fitLength = async (decorrelateLength: boolean): Promise<RewardModel> =>
    (await fitRewardModel(lengthPairs.pairs, lengthPairs.featureNames, { kind: 'linear', ensemble: 1, holdout: lengthRecipe.holdout, l2: lengthRecipe.l2, seed: lengthRecipe.seed, decorrelateLength })).model
  const lengthBiased = { plain: await fitLength(false), decorrelated: await fitLength(true) }
  const overRecipe = OVER_OPTIMISATION_MODEL_RECIPE
  const overPairs = await recipePairs({ params: overRecipe.params, seed: overRecipe.seed, count: overRecipe.pairs, temperature: overRecipe.temperature, biases: [] })
  const fitOver = async (ensemble: number): Promise<RewardModel> => (await fitRewardModel(overPairs.pairs, overPairs.featureNames, { kind: 'linear', ensemble, holdout: overRecipe.holdout, l2: overRecipe.l2, seed: overRecipe.seed })).model
  const overOptimisation = { single: await fitOver(1), ensemble: await fitOver(overRecipe.ensemble) }
  return { recipe: lengthRecipe, lengthBiased, overOptimisationRecipe: overRecipe, overOptimisation }
}

/** A recipe's labelled pairs, through the pairs file's own lines and reader, as `preferences | reward-model fit` does. */
async function recipePairs(request: TokenPairsRequest): Promise<ReturnType<PairsCollector['result']>> {
  const { tokenPreferencePairs } = await import('../learn/tokenPreferencePairs')
  const collector = new PairsCollector()
  let line = 0
  for await (const batch of tokenPreferencePairs(request)) {
    for (const pair of batch) collector.add(pairLine(tokenPairRecord(pair.a, pair.b, pair.label, pair.probability)), ++line)
  }
  return collector.result()
}

/** The file as written: the models' JSON, two-space indented. */
export function lessonModelsText(models: LessonRewardModels): string {
  return `${JSON.stringify(models, null, 2)}\n`
}

export function writeLessonModels(models: LessonRewardModels, path = LESSON_MODELS_PATH): void {
  writeFileSync(path, lessonModelsText(models))
}

export function readLessonModelsText(path = LESSON_MODELS_PATH): string {
  return readFileSync(path, 'utf8')
}
