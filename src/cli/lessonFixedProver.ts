import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { StoredProver } from '../core/credit/storedProver'
import { TOKEN_FIXED_PROVER_RECIPE } from '../core/envs/tokenseqFixedProverRecipe'
import { RunConfigSchema } from '../core/run/config'

/*
 * The token task's fixed prover (progress.prover 'fixed'), trained by the command line's own GRPO
 * learner from the recipe in src/core/envs/tokenseqFixedProverRecipe.ts: outcome-only GRPO, seed 1,
 * for the recipe's environment steps, its correctness measured exactly before and after.
 * `lesson models --write` writes it to src/core/envs/tokenseqFixedProver.json; `lesson models`
 * trains it again and says whether the file is what the recipe gives (training on the wasm backend
 * is deterministic for a seed, so the text must match to the character).
 */

export const FIXED_PROVER_PATH = fileURLToPath(new URL('../core/envs/tokenseqFixedProver.json', import.meta.url))

/** Train the recipe's policy and measure it: the exact chance of a right answer over the recipe's prompts, of the start policy and of the trained one. */
export async function fitFixedProver(onProgress?: (envSteps: number) => void): Promise<StoredProver> {
  const recipe = TOKEN_FIXED_PROVER_RECIPE
  const config = RunConfigSchema.parse({ env: { id: recipe.envId, params: recipe.params }, mix: { weights: recipe.weights }, learner: recipe.learner, seed: recipe.seed })
  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { trainGrpoPolicy } = await import('../learn/grpoPolicy')
  const { tokenCorrectRate } = await import('../learn/proverCorrectness')
  const { start, trained, envSteps } = await trainGrpoPolicy(config, recipe.steps, onProgress)
  const measure = (network: typeof start) => tokenCorrectRate(network, recipe.params.difficulty, recipe.params.max_length)
  const before = measure(start)
  const after = measure(trained)
  return { recipe: structuredClone(recipe) as StoredProver['recipe'], envSteps, correctness: { prompts: after.prompts, start: before.rate, trained: after.rate }, network: trained }
}

/**
 * The shortest decimal that reads back as the float32 `value` (at most 9 significant digits): the
 * file holds each parameter exactly as the network does, and no longer than it needs.
 */
export function float32Text(value: number): string {
  const single = Math.fround(value)
  for (let digits = 1; digits < 9; digits++) {
    const text = String(Number(single.toPrecision(digits)))
    if (Math.fround(Number(text)) === single) return text
  }
  return String(Number(single.toPrecision(9)))
}

/** JSON, two-space indented, with every array of numbers on one line and its numbers as float32Text writes them. */
export function compactJson(value: unknown, indent = ''): string {
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => typeof item === 'number')) return `[${value.map(float32Text).join(', ')}]`
    return value.length === 0 ? '[]' : `[\n${value.map((item) => inner + compactJson(item, inner)).join(',\n')}\n${indent}]`
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    return entries.length === 0 ? '{}' : `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${compactJson(item, inner)}`).join(',\n')}\n${indent}}`
  }
  return JSON.stringify(value)
}

/** The file as written. */
export function fixedProverText(prover: StoredProver): string {
  return `${compactJson(prover)}\n`
}

export function writeFixedProver(prover: StoredProver, path = FIXED_PROVER_PATH): void {
  writeFileSync(path, fixedProverText(prover))
}

export function readFixedProverText(path = FIXED_PROVER_PATH): string {
  return readFileSync(path, 'utf8')
}

/** What the prover reached, in words: "trained 1,000,000 steps: correct 0.08 % → 73.1 % over the 45 prompts". */
export function fixedProverSummary(prover: StoredProver): string {
  const percent = (rate: number) => `${(100 * rate).toFixed(rate < 0.01 ? 2 : 1)} %`
  const { correctness } = prover
  return `trained ${prover.envSteps.toLocaleString('en-US')} steps, its exact chance of a right answer ${percent(correctness.start)} → ${percent(correctness.trained)} over the ${correctness.prompts} prompts`
}
