import { z } from 'zod'
import { StoredNetworkSchema, type StoredNetwork } from './storedNetwork'

/*
 * A prover policy trained once and kept in a file, for PAV's progress with progress.prover 'fixed'
 * (Setlur et al. 2024 find the best provers complementary to or stronger than the policy being
 * trained): the recipe it was trained from, the correctness the writing command measured before
 * and after, and the network. Read through parseStoredProver, which also checks that the network
 * reads the environment's observations and writes its actions.
 */

const probability = z.number().min(0).max(1)

/** What the prover was trained from: outcome-only GRPO on an environment's parameters, from a seed, for a budget of environment steps. */
export const StoredProverRecipeSchema = z.strictObject({
  envId: z.string().min(1).max(64),
  params: z.record(z.string(), z.union([z.number(), z.string().max(64)])),
  weights: z.record(z.string(), z.number().refine(Number.isFinite, 'expected a finite weight')),
  learner: z.looseObject({ kind: z.literal('grpo') }),
  seed: z.number().int().min(0),
  steps: z.number().int().min(1),
})
export type StoredProverRecipe = z.infer<typeof StoredProverRecipeSchema>

export const StoredProverSchema = z.strictObject({
  recipe: StoredProverRecipeSchema,
  /** The environment steps it trained for: whole updates, the first count at or past the recipe's steps. */
  envSteps: z.number().int().min(1),
  /**
   * The exact chance that the policy, sampling, writes a right answer, averaged over the
   * environment's `prompts` prompts of the recipe's kind: of the start policy and of the trained one.
   */
  correctness: z.strictObject({ prompts: z.number().int().min(1), start: probability, trained: probability }),
  network: StoredNetworkSchema,
})
export type StoredProver = z.infer<typeof StoredProverSchema>

/** The shape a prover must have to be the environment's: its observation size in, its action count out. */
export interface ProverShape {
  obsSize: number
  numActions: number
}

/** The stored prover `raw` describes, checked against `shape`; or the message naming what is wrong. */
export function parseStoredProver(raw: unknown, shape: ProverShape): { ok: true; prover: StoredProver } | { ok: false; problem: string } {
  const parsed = StoredProverSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`).join('; ') }
  const misfit = networkShapeProblem(parsed.data.network, shape)
  return misfit === null ? { ok: true, prover: parsed.data } : { ok: false, problem: misfit }
}

/** Why `network` cannot be a policy of an environment of `shape` (its inputs are not the observation, its outputs not the actions), or null. */
export function networkShapeProblem(network: StoredNetwork, shape: ProverShape): string | null {
  const inputs = network.sizes[0]
  const outputs = network.sizes[network.sizes.length - 1]
  if (inputs === shape.obsSize && outputs === shape.numActions) return null
  return `network: sizes [${network.sizes.join(', ')}] take ${inputs} inputs and give ${outputs} outputs; the environment's policy takes ${shape.obsSize} observations and gives ${shape.numActions} actions`
}
