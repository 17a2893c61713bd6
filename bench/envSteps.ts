import { resolveParams } from '../src/core/envs/params'
import { ENVIRONMENTS } from '../src/core/envs/registry'
import { allocateStepBuffers, type EnvDefinition } from '../src/core/envs/types'
import { Rng } from '../src/core/rng'
import { runNumpyReference } from './numpyReference'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round } from './stats'

const COPIES = 4096
const REPEATS = 5
/** Distinct pre-generated action arrays, cycled: drawing actions is not what we time. */
const ACTION_POOL = 64

/**
 * `<env>_env_steps_per_s`: N = 4096 copies stepped with auto-reset through BatchEnv.step on one
 * Node thread; median of 5 timed repeats after a warm-up. Timed in the process's CPU time, not the
 * wall clock: on a shared machine another process on the same core does not count against the
 * loop (on a quiet machine the two agree; the numpy script times the same way). Then `cartpole_numpy_env_steps_per_s`, the
 * same for a numpy CartPole (bench/cartpole_numpy.py), and `cartpole_env_vs_numpy_ratio`, ours over it.
 */
export function benchEnvSteps(quick: boolean): SectionResult {
  const result = emptyResult()
  const repeatSeconds = repeatSecondsFor(quick)
  for (const definition of ENVIRONMENTS) {
    const id = definition.spec.id
    const rates = measure(definition, repeatSeconds, quick ? 0.05 : 0.5)
    const name = `${id}_env_steps_per_s`
    result.figures[name] = round(median(rates)!, 3)
    result.runs[name] = rates.map((rate) => round(rate, 3))
    progress(`${name}: ${(result.figures[name]! / 1e6).toFixed(1)}M (repeats ${rates.map((r) => (r / 1e6).toFixed(1)).join(', ')})`)
  }
  result.notes.env_steps_per_s = `N = ${COPIES} copies, default parameters, auto-reset, one Node thread, uniform random actions drawn beforehand; median of ${REPEATS} repeats of ≥ ${repeatSeconds} s of the process's CPU time (user + system)`
  compareWithNumpy(result, quick)
  return result
}

/** Our CartPole against the numpy one on this machine, run after ours (not at the same moment). */
function compareWithNumpy(result: SectionResult, quick: boolean): void {
  const reference = runNumpyReference(quick)
  if ('skipped' in reference) {
    result.figures.cartpole_numpy_env_steps_per_s = null
    result.figures.cartpole_env_vs_numpy_ratio = null
    result.notes.cartpole_numpy_env_steps_per_s = `skipped: ${reference.skipped}`
    result.notes.cartpole_env_vs_numpy_ratio = `no numpy figure to compare with: ${reference.skipped}`
    progress(`numpy CartPole skipped: ${reference.skipped}`)
    return
  }
  const ours = result.figures.cartpole_env_steps_per_s ?? null
  const ratio = ours === null ? null : round(ours / reference.stepsPerSecond, 3)
  result.figures.cartpole_numpy_env_steps_per_s = round(reference.stepsPerSecond, 3)
  result.figures.cartpole_env_vs_numpy_ratio = ratio
  result.runs.cartpole_numpy_env_steps_per_s = reference.repeats.map((rate) => round(rate, 3))
  result.notes.cartpole_numpy_env_steps_per_s = `bench/cartpole_numpy.py with numpy ${reference.numpyVersion ?? '(version unknown)'}: the same N, dynamics (float64), auto-reset and pool of ${ACTION_POOL} action arrays, one Python thread; median of ${REPEATS} repeats of ≥ ${repeatSecondsFor(quick)} s of the process's CPU time (time.process_time)`
  result.notes.cartpole_env_vs_numpy_ratio =
    ratio === null
      ? 'no cartpole_env_steps_per_s to compare'
      : 'cartpole_env_steps_per_s / cartpole_numpy_env_steps_per_s, measured one after the other on this machine; ≥ 1: our loop is at least as fast'
  progress(`cartpole_numpy_env_steps_per_s: ${(reference.stepsPerSecond / 1e6).toFixed(1)}M; ours / numpy = ${ratio}`)
}

/** The length of one timed repeat; bench/cartpole_numpy.py uses the same (0.1 s with --quick). */
function repeatSecondsFor(quick: boolean): number {
  return quick ? 0.1 : 0.5
}

function measure(definition: EnvDefinition, repeatSeconds: number, warmupSeconds: number): number[] {
  const env = definition.create(COPIES, resolveParams(definition.spec, {}))
  const buffers = allocateStepBuffers(env.spec, COPIES)
  const rng = new Rng(12345)
  const numActions = env.spec.numActions
  const pool = Array.from({ length: ACTION_POOL }, () => {
    const actions = new Int32Array(COPIES)
    for (let i = 0; i < COPIES; i++) actions[i] = rng.int(numActions)
    return actions
  })
  env.reset(rng, buffers.obs)

  let call = 0
  // seconds = the process's user + system CPU time over the calls
  const run = (calls: number): number => {
    const start = process.cpuUsage()
    for (let k = 0; k < calls; k++) env.step(pool[call++ % ACTION_POOL], buffers, rng)
    const used = process.cpuUsage(start)
    return (used.user + used.system) / 1e6
  }

  // Warm up (JIT) and estimate the rate, then size each repeat to last at least repeatSeconds.
  let warmCalls = 0
  let warmSeconds = 0
  while (warmSeconds < warmupSeconds) {
    warmSeconds += run(16)
    warmCalls += 16
  }
  const callsPerSecond = warmCalls / warmSeconds
  const calls = Math.max(16, Math.ceil(callsPerSecond * repeatSeconds * 1.1))
  const rates: number[] = []
  for (let r = 0; r < REPEATS; r++) rates.push((calls * COPIES) / run(calls))
  return rates
}
