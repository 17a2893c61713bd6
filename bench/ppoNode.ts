import { defaultLearnerFor, PPO_PRESETS, PpoOptionsSchema, type PpoPreset, type RunConfig, RunConfigSchema } from '../src/core/run/config'
import { getEnv } from '../src/core/envs/registry'
import { MetricsAccumulator } from '../src/core/run/metrics'
import { initBackend } from '../src/learn/backend'
import { createTrainer } from '../src/learn/trainers'
import { RECENT_EPISODES } from '../src/worker/protocol'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round, withSpread } from './stats'

export const SOLVED_RETURN = 475
/** Time-to-target figures are the median of these seeds, with the fastest and slowest beside it. */
export const SEEDS = [1, 2, 3, 4, 5]

/** The run the app starts for CartPole (PPO's fast preset), or PPO with another preset; default reward mix. */
export function cartpoleConfig(seed: number, preset: PpoPreset | null = null): RunConfig {
  const learner = preset === null ? defaultLearnerFor(getEnv('cartpole').spec) : PpoOptionsSchema.parse({ kind: 'ppo', ...PPO_PRESETS[preset] })
  return RunConfigSchema.parse({ env: { id: 'cartpole', params: {} }, learner, seed })
}

interface SolveRun {
  seed: number
  seconds: number | null
  steps: number | null
  /** Where the run stopped: at 475 or at the cap. */
  stoppedAtSeconds: number
  stoppedAtSteps: number
  lastReturn: number | null
}

/**
 * `ppo_cartpole_seconds_to_475_node`: wall seconds (and env steps) until the mean shaped return of
 * the last 20 finished episodes reaches 475, wasm backend in Node, median over seeds.
 */
export async function benchPpoNode(quick: boolean): Promise<SectionResult> {
  const result = emptyResult()
  const backend = await initBackend('wasm')
  progress(`Node backend: ${backend.backend}`)
  const capSeconds = quick ? 60 : 120
  const capSteps = PpoOptionsSchema.parse({ kind: 'ppo' }).totalSteps
  // The app's default (the fast preset), then CleanRL's defaults for comparison with CleanRL itself.
  for (const preset of [null, 'cleanrl'] as const) {
    const runs: SolveRun[] = []
    const seeds = quick || preset !== null ? SEEDS.slice(0, 1) : SEEDS
    for (const seed of seeds) {
      const run = await solveCartpole(cartpoleConfig(seed, preset), capSeconds, capSteps)
      runs.push(run)
      progress(
        `node ${preset ?? 'default'} seed ${seed}: ` +
          (run.seconds === null
            ? `not reached (${run.stoppedAtSteps} steps, ${run.stoppedAtSeconds.toFixed(1)} s, last return ${run.lastReturn?.toFixed(1)})`
            : `475 after ${run.seconds.toFixed(1)} s, ${run.steps} steps`),
      )
    }
    const suffix = preset === null ? '' : `_${preset}`
    Object.assign(result.figures, withSpread(`ppo_cartpole_seconds_to_475_node${suffix}`, runs.map((run) => run.seconds), 3))
    result.figures[`ppo_cartpole_steps_to_475_node${suffix}`] = median(runs.map((run) => run.steps))
    result.runs[`ppo_cartpole_node${suffix}`] = runs
    const missed = runs.filter((run) => run.seconds === null).length
    result.notes[`ppo_cartpole_seconds_to_475_node${suffix}`] =
      `${preset === null ? "the app's default PPO (fast preset)" : "CleanRL's default hyperparameters"}, ` +
      `${runs.length === 1 ? `seed ${runs[0].seed}` : `median of ${runs.length} seeds (_min, _max: the fastest and slowest)`}, ${backend.backend} backend, timed from the trainer's creation like the app's Time figure; ` +
      `cap ${capSeconds} s or ${capSteps} steps` +
      (missed > 0 ? `; ${missed} seed(s) not reached within the cap (counted as slower than any that did)` : '')
  }
  return result
}

async function solveCartpole(config: RunConfig, capSeconds: number, capSteps: number): Promise<SolveRun> {
  const seed = config.seed
  const trainer = await createTrainer(config)
  const metrics = new MetricsAccumulator(trainer.spec.components.length, RECENT_EPISODES)
  const start = performance.now()
  let lastReturn: number | null = null
  try {
    for (;;) {
      metrics.add(await trainer.iterate())
      const elapsed = (performance.now() - start) / 1000
      lastReturn = metrics.flush().recentReturn
      const steps = metrics.totalEnvSteps
      if (lastReturn !== null && lastReturn >= SOLVED_RETURN) {
        return { seed, seconds: round(elapsed, 4), steps, stoppedAtSeconds: round(elapsed, 4), stoppedAtSteps: steps, lastReturn }
      }
      if (elapsed >= capSeconds || steps >= capSteps) {
        return { seed, seconds: null, steps: null, stoppedAtSeconds: round(elapsed, 4), stoppedAtSteps: steps, lastReturn }
      }
    }
  } finally {
    trainer.dispose()
  }
}
