import { describe, expect, it } from 'vitest'
import { StoredProverSchema } from '../credit/storedProver'
import file from './tokenseqFixedProver.json'
import { tokenFixedProver } from './tokenseqFixedProver'
import { TOKEN_FIXED_PROVER_RECIPE } from './tokenseqFixedProverRecipe'
import { TOKEN_PROVER_PROGRESS } from './tokenseqProverProgress'
import { NUM_TOKENS, TOKEN_OBS_SIZE } from './tokenseqRules'

/* The token task's stored prover: the file parses, fits the task and is the recipe's. */

describe('the token task’s fixed prover', () => {
  it('reads the task’s 47 observations and writes its 12 tokens, through a hidden size of 32', () => {
    const { network } = tokenFixedProver()
    expect(TOKEN_OBS_SIZE).toBe(47)
    expect(NUM_TOKENS).toBe(12)
    expect(network.sizes).toEqual([TOKEN_OBS_SIZE, 32, 32, NUM_TOKENS])
    expect(network.layers.map((layer) => [layer.weights.length, layer.weights[0].length, layer.bias.length])).toEqual([[47, 32, 32], [32, 32, 32], [32, 12, 12]])
    // The environment's progress fact offers the very network, each number a float32.
    expect(TOKEN_PROVER_PROGRESS.fixedProver!()).toBe(network)
    expect(network.layers.flatMap((layer) => [...layer.weights.flat(), ...layer.bias]).every((value) => Math.fround(value) === value)).toBe(true)
  })

  it('is the recipe’s (else: npm run -s cli -- lesson models --write), trained for at least its steps, and clearly stronger than the start policy', () => {
    const prover = tokenFixedProver()
    expect(prover.recipe, 'src/core/envs/tokenseqFixedProver.json was trained from another recipe: run npm run -s cli -- lesson models --write').toEqual(TOKEN_FIXED_PROVER_RECIPE)
    expect(prover.envSteps).toBeGreaterThanOrEqual(TOKEN_FIXED_PROVER_RECIPE.steps)
    // The 45 hard prompts (a + b ≥ 10): 0+… none, 1+9, 2+8…, 9+1…9+9 = 1 + 2 + … + 9.
    expect(prover.correctness.prompts).toBe(45)
    expect(prover.correctness.start).toBeLessThan(0.01)
    expect(prover.correctness.trained).toBeGreaterThan(0.5)
    // The file is what the schema reads (no extra fields).
    expect(StoredProverSchema.safeParse(file).success).toBe(true)
  })
})
