import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PairsCollector, pairLine } from '../core/preferences/pairsFile'
import type { RewardModel } from '../core/preferences/rewardModel'
import { tokenPairRecord } from '../core/preferences/tokenPairRecord'
import { LESSON_MODEL_RECIPE, type LessonRewardModels } from '../lessons/rewardModelRecipe'

/*
 * The reward models the lessons train against, fitted by the command line's own pipeline from the
 * recipe in src/lessons/rewardModelRecipe.ts (preferences → reward-model fit): no weight in a lesson is
 * typed by hand. `lesson models --write` writes them to src/lessons/rewardModels.json; a test
 * fits them again and fails, naming this command, when the file is not what the recipe gives.
 */

export const LESSON_MODELS_PATH = fileURLToPath(new URL('../lessons/rewardModels.json', import.meta.url))

/** The recipe's pairs (start policy, simulated labeler) and the two fits of them: plain and with length given its own head. */
export async function fitLessonModels(): Promise<LessonRewardModels> {
  const { pairs, temperature, lengthBias, seed, holdout, l2 } = LESSON_MODEL_RECIPE
  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { tokenPreferencePairs } = await import('../learn/tokenPreferencePairs')
  const { fitRewardModel } = await import('../learn/rewardModelFit')
  const collector = new PairsCollector()
  let line = 0
  // Through the pairs file's own lines and reader, as `preferences | reward-model fit` does.
  for await (const batch of tokenPreferencePairs({ params: {}, seed, count: pairs, temperature, biases: [{ kind: 'length', weight: lengthBias }] })) {
    for (const pair of batch) collector.add(pairLine(tokenPairRecord(pair.a, pair.b, pair.label, pair.probability)), ++line)
  }
  const { featureNames, pairs: read } = collector.result()
  const fit = async (decorrelateLength: boolean): Promise<RewardModel> => (await fitRewardModel(read, featureNames, { kind: 'linear', ensemble: 1, holdout, l2, seed, decorrelateLength })).model
  return { recipe: LESSON_MODEL_RECIPE, lengthBiased: { plain: await fit(false), decorrelated: await fit(true) } }
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
