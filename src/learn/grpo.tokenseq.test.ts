import { beforeAll, describe, expect, it } from 'vitest'
import { tokenseq } from '../core/envs/tokenseq'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema } from '../core/run/config'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'

/*
 * Known results on tokenseq (the miniature of language-model RL). The setting that learns from
 * scratch: easy prompts (a + b ≤ 9, one-digit answers) and max_length 4, so that a random policy
 * writes "d end" often enough to be right now and then (about 1% of completions); groups of 16 so
 * that a group of a prompt holds a right answer often enough to give a signal (all-equal groups give
 * none); 16 prompts per update, learning rate 2e-3, no KL penalty. With the correctness reward alone
 * the policy first learns the shape "digit, end" and then the sums.
 */
const PARAMS = { difficulty: 'easy', max_length: 4, group_size: 16 }
const OPTIONS = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 16, learningRate: 2e-3, beta: 0 })
/** Completions the running figures average over: 8 iterations of 16 × 16. */
const WINDOW = 2048

interface Figures {
  iterations: number
  correct: number
  length: number
  zeroAdvantageFraction: number
  firstCorrect: number
}

async function train(weights: Record<string, number>, seed: number, stop: (figures: Figures) => boolean, maxIterations: number): Promise<Figures> {
  const env = tokenseq.create(OPTIONS.groupsPerIteration * PARAMS.group_size, PARAMS)
  const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights }), OPTIONS, new Rng(seed))
  const correct: number[] = []
  const lengths: number[] = []
  const recent = (values: number[]) => values.slice(-WINDOW).reduce((sum, value) => sum + value, 0) / Math.min(WINDOW, values.length)
  let figures: Figures = { iterations: 0, correct: 0, length: 0, zeroAdvantageFraction: 0, firstCorrect: 0 }
  try {
    for (let k = 1; k <= maxIterations; k++) {
      const report = await trainer.iterate()
      for (const episode of report.episodes) {
        correct.push(episode.objective)
        lengths.push(episode.length)
      }
      figures = {
        iterations: k,
        correct: recent(correct),
        length: recent(lengths),
        zeroAdvantageFraction: report.diagnostics.zero_advantage_fraction,
        firstCorrect: correct.slice(0, WINDOW).reduce((sum, value) => sum + value, 0) / Math.min(WINDOW, correct.length),
      }
      if (correct.length >= WINDOW && stop(figures)) break
    }
  } finally {
    trainer.dispose()
  }
  return figures
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO on tokenseq (seeded known results)', () => {
  let correctnessOnly: Figures | null = null

  it('reaches 90% correct answers with a correctness-only reward', { timeout: 120_000 }, async () => {
    // Seeds 1–4 reach 0.9 after 473–528 iterations (5–6 s on wasm), 0.94–0.98 by 1200.
    const figures = await train({ correct: 1 }, 1, (f) => f.correct >= 0.9, 1500)
    correctnessOnly = figures
    expect(figures.firstCorrect).toBeLessThan(0.1)
    expect(figures.correct).toBeGreaterThanOrEqual(0.9)
    // The answers are "d end": two tokens.
    expect(figures.length).toBeLessThan(2.5)
  })

  it('hacks length instead when length weighs heavily: completions grow to the maximum while correctness stalls', { timeout: 120_000 }, async () => {
    // Same setting, same number of updates, with 2 × length (tokens ÷ max_length) added to correct.
    const iterations = correctnessOnly?.iterations ?? 500
    const figures = await train({ correct: 1, length: 2 }, 1, () => false, iterations)
    // Every completion runs to max_length without writing end, so none is right...
    expect(figures.length).toBeGreaterThan(3.9)
    expect(figures.correct).toBeLessThan(0.01)
    // ...and every group is all-equal (length 1, correct 0): no advantage, no gradient, stuck.
    expect(figures.zeroAdvantageFraction).toBe(1)
    if (correctnessOnly !== null) {
      expect(figures.length).toBeGreaterThan(correctnessOnly.length + 1.5)
      expect(figures.correct).toBeLessThan(correctnessOnly.correct - 0.8)
    }
  })
})
