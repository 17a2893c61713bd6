import { beforeAll, describe, expect, it } from 'vitest'
import { tokenFixedProver } from '../core/envs/tokenseqFixedProver'
import { NUM_TOKENS, TOKEN_OBS_SIZE } from '../core/envs/tokenseqRules'
import { Rng } from '../core/rng'
import { initBackend } from './backend'
import { createMlp, mlpParameters } from './mlp'
import { tokenCorrectRate } from './proverCorrectness'

beforeAll(async () => {
  await initBackend('wasm')
})

/** A network whose every weight and bias is 0: the uniform policy, 1/12 on each token. */
const uniform = {
  sizes: [TOKEN_OBS_SIZE, 2, NUM_TOKENS],
  layers: [
    { weights: Array.from({ length: TOKEN_OBS_SIZE }, () => [0, 0]), bias: [0, 0] },
    { weights: [new Array(NUM_TOKENS).fill(0), new Array(NUM_TOKENS).fill(0)], bias: new Array(NUM_TOKENS).fill(0) },
  ],
}

describe('tokenCorrectRate', () => {
  it('is the uniform policy’s exact chance of a right answer, by hand, averaged over the prompts', () => {
    // One digit D in at most 3 tokens, p = 1/12 each: right is "D end" (1/144), "D think end" or "think D end" (1/1728 each):
    //   Q(∅) = 1/144 + 2/1728 = 14/1728 = 7/864, on every one of the 55 easy prompts.
    const easy = tokenCorrectRate(uniform, 'easy', 3)
    expect(easy.prompts).toBe(55)
    expect(easy.rate).toBeCloseTo(7 / 864, 15)
    // Two digits in at most 3 tokens: only "D1 D2 end", (1/12)³ = 1/1728, on each of the 45 hard prompts.
    const hard = tokenCorrectRate(uniform, 'hard', 3)
    expect(hard.prompts).toBe(45)
    expect(hard.rate).toBeCloseTo(1 / 1728, 15)
  })

  it('gives the stored prover’s recorded correctness: the start policy’s (seed 1’s first network) and the trained one’s', async () => {
    const prover = tokenFixedProver()
    const { difficulty, max_length: maxLength } = prover.recipe.params as { difficulty: 'hard'; max_length: number }
    const trained = tokenCorrectRate(prover.network, difficulty, maxLength)
    expect(trained).toEqual({ prompts: prover.correctness.prompts, rate: prover.correctness.trained })
    // The GRPO trainer's actor is drawn from the run's RNG's first split.
    const start = createMlp(prover.network.sizes, 0.01, new Rng(prover.recipe.seed).split())
    expect(tokenCorrectRate(await mlpParameters(start), difficulty, maxLength).rate).toBe(prover.correctness.start)
    start.dispose()
  })
})
