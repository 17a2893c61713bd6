import { allocateStepBuffers } from '../src/core/envs/types'
import { getEnv } from '../src/core/envs/registry'
import { Rng } from '../src/core/rng'
import { rescore } from '../src/core/run/rescore'
import { MAX_RECORDED_STEPS, RecordingEnv } from '../src/core/run/stepRecord'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round } from './stats'

/**
 * `rescore_4096_steps_ms`: re-scoring the latest 4096 recorded CartPole steps under a new mix, as
 * the what-if readout does whenever a slider moves; median of many repeats, one Node thread.
 */
export function benchRescore(quick: boolean): SectionResult {
  const result = emptyResult()
  const env = new RecordingEnv(getEnv('cartpole').create(4, {}))
  const out = allocateStepBuffers(env.spec, 4)
  const rng = new Rng(1)
  env.reset(rng, out.obs)
  for (let t = 0; t < MAX_RECORDED_STEPS; t++) env.step(Int32Array.of(t % 2, 1, 0, (t >> 1) % 2), out, rng)
  const record = env.snapshot()
  const repeats = quick ? 50 : 500
  const times: number[] = []
  let sink = 0
  for (let r = 0; r < repeats; r++) {
    const weights = { alive: 1 - r / repeats, upright: r / repeats, failure: 10 }
    const start = performance.now()
    sink += rescore(record, weights).meanReward
    times.push(performance.now() - start)
  }
  result.figures.rescore_4096_steps_ms = round(median(times)!, 3)
  result.runs.rescore_4096_steps_ms = [round(Math.min(...times), 3), round(Math.max(...times), 3)]
  result.notes.rescore_4096_steps_ms = `${record.rows} recorded CartPole steps × ${record.names.length} components, median of ${repeats} re-scorings (checksum ${sink.toFixed(1)})`
  progress(`rescore_4096_steps_ms: ${result.figures.rescore_4096_steps_ms}`)
  return result
}
