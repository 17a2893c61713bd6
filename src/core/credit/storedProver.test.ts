import { describe, expect, it } from 'vitest'
import { networkShapeProblem, parseStoredProver } from './storedProver'

/* A stored prover file: its recipe, correctness and network, and the network's fit to the environment's observations and actions. */

const network = { sizes: [3, 2], layers: [{ weights: [[1, 0], [0, 1], [0.5, 0.5]], bias: [0, 0] }] }
const file = {
  recipe: { envId: 'tokenseq', params: { difficulty: 'hard' }, weights: { correct: 1 }, learner: { kind: 'grpo', learningRate: 0.002 }, seed: 1, steps: 100 },
  envSteps: 104,
  correctness: { prompts: 45, start: 0.001, trained: 0.5 },
  network,
}

describe('parseStoredProver', () => {
  it('reads a file whose network takes the observations and gives the actions', () => {
    const parsed = parseStoredProver(file, { obsSize: 3, numActions: 2 })
    expect(parsed).toEqual({ ok: true, prover: file })
  })

  it('refuses a network of another shape, naming both', () => {
    expect(parseStoredProver(file, { obsSize: 47, numActions: 12 })).toEqual({
      ok: false,
      problem: "network: sizes [3, 2] take 3 inputs and give 2 outputs; the environment's policy takes 47 observations and gives 12 actions",
    })
    expect(networkShapeProblem(network, { obsSize: 3, numActions: 2 })).toBeNull()
  })

  it('refuses what is not a stored prover, naming each field', () => {
    const { ok, problem } = parseStoredProver({ ...file, correctness: { prompts: 45, start: 0.001, trained: 1.5 } }, { obsSize: 3, numActions: 2 }) as { ok: false; problem: string }
    expect(ok).toBe(false)
    expect(problem).toMatch(/^correctness\.trained: /)
    const other = parseStoredProver({ ...file, recipe: { ...file.recipe, learner: { kind: 'ppo' } } }, { obsSize: 3, numActions: 2 }) as { ok: false; problem: string }
    expect(other.problem).toMatch(/^recipe\.learner\.kind: /)
    expect((parseStoredProver({}, { obsSize: 3, numActions: 2 }) as { problem: string }).problem).toMatch(/^recipe: /)
  })
})
