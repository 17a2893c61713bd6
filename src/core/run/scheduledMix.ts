import type { EnvSpec } from '../envs/types'
import { compileMix, type CompiledMix } from '../rewards/mix'
import { hasSchedules, weightsAt, type WeightSchedules } from '../rewards/weightSchedule'
import type { RunConfig } from './config'
import type { Trainer } from './trainer'

/**
 * The weights a run's schedules put in force, applied once per iteration, before its rollout, at
 * the run's env step count then: the one rule the worker and the command line follow. A run
 * without schedules never calls setMix here, so it trains bit for bit as before schedules existed.
 */
export class ScheduledMix {
  /** The weights last handed to the trainer by a schedule (null: the trainer's own mix stands). */
  private applied: Record<string, number> | null = null

  constructor(
    /** The constant weights (the sliders'); a scheduled component's is overridden by its schedule. */
    private weights: Record<string, number>,
    private schedules: WeightSchedules | undefined,
  ) {}

  /** The schedules of a run config, over its weights. */
  static of(config: Pick<RunConfig, 'mix'>): ScheduledMix {
    return new ScheduledMix({ ...config.mix.weights }, config.mix.schedules)
  }

  /** A live change: new constant weights and schedules, in force from the next call to `before`. */
  set(weights: Record<string, number>, schedules: WeightSchedules | undefined): void {
    this.weights = weights
    this.schedules = schedules
  }

  /** The weights in force at env step t: the constant ones, each scheduled one at its schedule's value. */
  weightsAt(envSteps: number): Record<string, number> {
    return weightsAt(this.weights, this.schedules, envSteps)
  }

  /** The scheduled components' weights at env step t, by name (empty without schedules): what a frame reports. */
  scheduledAt(envSteps: number): Record<string, number> {
    if (!hasSchedules(this.schedules)) return {}
    const inForce = this.weightsAt(envSteps)
    return Object.fromEntries(Object.keys(this.schedules).map((name) => [name, inForce[name]]))
  }

  /**
   * Before the iteration that begins at env step t: the mix to set when a schedule moved a weight
   * since the last one set (the first call with schedules, a changed schedule, schedules removed),
   * else null. `spec`: the components the mix is compiled for (the environment's, with the design's).
   */
  mixBefore(spec: EnvSpec, envSteps: number): CompiledMix | null {
    if (!hasSchedules(this.schedules) && this.applied === null) return null
    const inForce = this.weightsAt(envSteps)
    if (this.applied !== null && sameWeights(this.applied, inForce)) return null
    this.applied = hasSchedules(this.schedules) ? inForce : null
    return compileMix(spec, { weights: inForce })
  }

  /** Before the iteration that begins at env step t: set the trainer's mix where mixBefore gives one (spec: the trainer's, unless the design changed it live). */
  applyBefore(trainer: Pick<Trainer, 'spec' | 'setMix'>, envSteps: number, spec: EnvSpec = trainer.spec): void {
    const mix = this.mixBefore(spec, envSteps)
    if (mix !== null) trainer.setMix(mix)
  }
}

function sameWeights(a: Record<string, number>, b: Record<string, number>): boolean {
  const names = Object.keys(a)
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && a[name] === b[name])
}
