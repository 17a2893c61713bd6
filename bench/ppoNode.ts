import { PpoOptionsSchema, type RunConfig, RunConfigSchema } from '../src/core/run/config'
import { MetricsAccumulator } from '../src/core/run/metrics'
import { initBackend } from '../src/learn/backend'
import { createTrainer } from '../src/learn/trainers'
import { RECENT_EPISODES } from '../src/worker/protocol'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round } from './stats'

export const SOLVED_RETURN = 475
export const SEEDS = [1, 2, 3]

/** The run the app starts for CartPole with its defaults: CleanRL's PPO, default reward mix. */
export function cartpoleConfig(seed: number): RunConfig {
  return RunConfigSchema.parse({ env: { id: 'cartpole', params: {} }, learner: PpoOptionsSchema.parse({ kind: 'ppo' }), seed })
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
  const runs: SolveRun[] = []
  for (const seed of quick ? SEEDS.slice(0, 1) : SEEDS) {
    const run = await solveCartpole(seed, capSeconds, capSteps)
    runs.push(run)
    progress(
      run.seconds === null
        ? `node seed ${seed}: not reached (${run.stoppedAtSteps} steps, ${run.stoppedAtSeconds.toFixed(1)} s, last return ${run.lastReturn?.toFixed(1)})`
        : `node seed ${seed}: 475 after ${run.seconds.toFixed(1)} s, ${run.steps} steps`,
    )
  }
  const seconds = median(runs.map((run) => run.seconds))
  const steps = median(runs.map((run) => run.steps))
  result.figures.ppo_cartpole_seconds_to_475_node = seconds === null ? null : round(seconds, 3)
  result.figures.ppo_cartpole_steps_to_475_node = steps
  result.runs.ppo_cartpole_node = runs
  const missed = runs.filter((run) => run.seconds === null).length
  result.notes.ppo_cartpole_seconds_to_475_node =
    `median of ${runs.length} seed(s), ${backend.backend} backend, timed from the trainer's creation like the app's Time figure; ` +
    `cap ${capSeconds} s or ${capSteps} steps (the learning rate reaches 0 there)` +
    (missed > 0 ? `; ${missed} seed(s) not reached within the cap (counted as slower than any that did)` : '')
  return result
}

async function solveCartpole(seed: number, capSeconds: number, capSteps: number): Promise<SolveRun> {
  const trainer = await createTrainer(cartpoleConfig(seed))
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
