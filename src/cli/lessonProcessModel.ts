import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fitProcessModel } from '../core/preferences/processFit'
import type { RewardModel } from '../core/preferences/rewardModel'
import { PROCESS_MODEL_RECIPE } from '../lessons/processModelRecipe'

/*
 * The process reward model lesson process-vs-outcome trains against, fitted by the command line's
 * own pipeline (the start policy's completions, their gold step labels, reward-model fit --process)
 * from the recipe in src/lessons/processModelRecipe.ts. `lesson models --write` writes it to
 * src/lessons/processRewardModel.json; a test fits it again and fails when the file is stale.
 */

export const LESSON_PROCESS_MODEL_PATH = fileURLToPath(new URL('../lessons/processRewardModel.json', import.meta.url))

export interface LessonProcessModel {
  recipe: typeof PROCESS_MODEL_RECIPE
  model: RewardModel
  heldOutAccuracy: number | null
}

export async function fitLessonProcessModel(): Promise<LessonProcessModel> {
  const { completions, params, seed, holdout, l2 } = PROCESS_MODEL_RECIPE
  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { startPolicyCompletionList } = await import('../learn/startPolicyCompletionList')
  const fit = fitProcessModel(await startPolicyCompletionList(params, seed, completions), { holdout, l2, seed })
  return { recipe: PROCESS_MODEL_RECIPE, model: fit.model, heldOutAccuracy: fit.heldOut?.accuracy ?? null }
}

/** The file as written: the model's JSON, two-space indented. */
export function lessonProcessModelText(model: LessonProcessModel): string {
  return `${JSON.stringify(model, null, 2)}\n`
}

export function writeLessonProcessModel(model: LessonProcessModel, path = LESSON_PROCESS_MODEL_PATH): void {
  writeFileSync(path, lessonProcessModelText(model))
}

export function readLessonProcessModelText(path = LESSON_PROCESS_MODEL_PATH): string {
  return readFileSync(path, 'utf8')
}
