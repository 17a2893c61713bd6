import { resolveParams } from '../src/core/envs/params'
import { ENVIRONMENTS } from '../src/core/envs/registry'
import { allocateStepBuffers, type EnvDefinition } from '../src/core/envs/types'
import { Rng } from '../src/core/rng'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round } from './stats'

const COPIES = 4096
const REPEATS = 5
/** Distinct pre-generated action arrays, cycled: drawing actions is not what we time. */
const ACTION_POOL = 64

/**
 * `<env>_env_steps_per_s`: N = 4096 copies stepped with auto-reset through BatchEnv.step on one
 * Node thread; median of 5 timed repeats after a warm-up.
 */
export function benchEnvSteps(quick: boolean): SectionResult {
  const result = emptyResult()
  const repeatSeconds = quick ? 0.1 : 0.5
  for (const definition of ENVIRONMENTS) {
    const id = definition.spec.id
    const rates = measure(definition, repeatSeconds, quick ? 0.05 : 0.5)
    const name = `${id}_env_steps_per_s`
    result.figures[name] = round(median(rates)!, 3)
    result.runs[name] = rates.map((rate) => round(rate, 3))
    progress(`${name}: ${(result.figures[name]! / 1e6).toFixed(1)}M (repeats ${rates.map((r) => (r / 1e6).toFixed(1)).join(', ')})`)
  }
  result.notes.env_steps_per_s = `N = ${COPIES} copies, default parameters, auto-reset, one Node thread, uniform random actions drawn beforehand; median of ${REPEATS} repeats of ≥ ${repeatSeconds} s`
  return result
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
  const run = (calls: number): number => {
    const start = performance.now()
    for (let k = 0; k < calls; k++) env.step(pool[call++ % ACTION_POOL], buffers, rng)
    return (performance.now() - start) / 1000
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
