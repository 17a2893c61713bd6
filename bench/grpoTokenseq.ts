import { GrpoOptionsSchema, RunConfigSchema, type RunConfig } from '../src/core/run/config'
import { initBackend } from '../src/learn/backend'
import { createTrainer } from '../src/learn/trainers'
import { SEEDS } from './ppoNode'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round, withSpread } from './stats'

/**
 * The token task as the reward-hacking lesson runs it: easy prompts, at most 4 tokens, groups of
 * 16, 16 prompts per update, learning rate 2e-3, no KL penalty, correctness the only reward. (The
 * default prompts at max_length 8 are right ≈ 0.5 % of the time at random: too rare to learn from.)
 */
export function tokenseqConfig(seed: number): RunConfig {
  return RunConfigSchema.parse({
    env: { id: 'tokenseq', params: { difficulty: 'easy', max_length: 4, group_size: 16 } },
    mix: { weights: { correct: 1, format: 0, length: 0, proxy: 0 } },
    learner: GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 16, learningRate: 2e-3, beta: 0 }),
    seed,
  })
}

/** Completions the running correctness averages over (8 updates of 16 × 16). */
const WINDOW = 2048
const TARGET = 0.9

interface GrpoRun {
  seed: number
  seconds: number | null
  iterations: number
  completions: number
  completionsPerSecond: number
  finalCorrect: number
}

/**
 * `grpo_tokenseq_samples_per_s` (completions generated, scored and learned from per wall second)
 * and `grpo_tokenseq_seconds_to_90pct_correct` (until the last 2048 completions are 90 % right),
 * wasm in Node, median over seeds.
 */
export async function benchGrpoTokenseq(quick: boolean): Promise<SectionResult> {
  const result = emptyResult()
  const backend = await initBackend('wasm')
  const capSeconds = quick ? 30 : 60
  const runs: GrpoRun[] = []
  for (const seed of quick ? SEEDS.slice(0, 1) : SEEDS) {
    const run = await solveTokenseq(seed, capSeconds)
    runs.push(run)
    progress(`grpo seed ${seed}: ${run.seconds === null ? `not 90 % within ${capSeconds} s (${run.finalCorrect.toFixed(3)})` : `90 % after ${run.seconds} s`}, ${run.completionsPerSecond} completions/s`)
  }
  result.figures.grpo_tokenseq_samples_per_s = median(runs.map((run) => run.completionsPerSecond))
  Object.assign(result.figures, withSpread('grpo_tokenseq_seconds_to_90pct_correct', runs.map((run) => run.seconds), 3))
  result.figures.grpo_tokenseq_iterations_to_90pct_correct = median(runs.map((run) => (run.seconds === null ? null : run.iterations)))
  result.runs.grpo_tokenseq = runs
  result.notes.grpo_tokenseq_seconds_to_90pct_correct =
    `${backend.backend} in Node, ${runs.length === 1 ? `seed ${runs[0].seed}` : `median of ${runs.length} seeds (_min, _max: the fastest and slowest)`}; easy prompts, max_length 4, groups of 16, 16 prompts per update, lr 2e-3, β 0, correctness only; ` +
    `the fraction right over the last ${WINDOW} completions; cap ${capSeconds} s`
  result.notes.grpo_tokenseq_samples_per_s = 'completions per wall second over the same runs (sampling, scoring, advantages and the update)'
  return result
}

async function solveTokenseq(seed: number, capSeconds: number): Promise<GrpoRun> {
  const trainer = await createTrainer(tokenseqConfig(seed))
  const correct: number[] = []
  const start = performance.now()
  let iterations = 0
  let seconds: number | null = null
  let recent = 0
  try {
    for (;;) {
      const report = await trainer.iterate()
      iterations++
      for (const episode of report.episodes) correct.push(episode.objective)
      const elapsed = (performance.now() - start) / 1000
      if (correct.length >= WINDOW) {
        // correct fraction = (1/W) Σ over the last W completions of 1[answer right]
        recent = correct.slice(-WINDOW).reduce((sum, value) => sum + value, 0) / WINDOW
        if (recent >= TARGET) {
          seconds = round(elapsed, 4)
          break
        }
      }
      if (elapsed >= capSeconds) break
    }
  } finally {
    trainer.dispose()
  }
  const elapsed = (performance.now() - start) / 1000
  return { seed, seconds, iterations, completions: correct.length, completionsPerSecond: round(correct.length / elapsed, 4), finalCorrect: recent }
}
