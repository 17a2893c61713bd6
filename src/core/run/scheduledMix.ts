import type { EnvSpec } from '../envs/types'
import { compileMix, type CompiledMix } from '../rewards/mix'
import { hasSchedules, weightsAt, type WeightSchedules } from '../rewards/weightSchedule'
import { hasConstraints, meanEpisodeCost, type CostConstraints } from '../rewards/costConstraint'
import { nextLagrangeMultiplier } from '../rewards/lagrangeMultiplier'
import type { FinishedEpisode } from './episodes'
import type { RunConfig } from './config'
import type { Trainer } from './trainer'

/**
 * The weights a run's schedules and cost multipliers put in force, applied once per iteration,
 * before its rollout, at the run's env step count then: the one rule the worker and the command
 * line follow. A cost's multiplier λ moves after each iteration (`after`, costConstraint.ts) and its
 * weight is −λ. A run without schedules or constraints never calls setMix here, so it trains bit
 * for bit as before they existed.
 */
export class ScheduledMix {
  /** The weights last handed to the trainer by a schedule or a multiplier (null: the trainer's own mix stands). */
  private applied: Record<string, number> | null = null
  /** λ of each cost, by component name: its constraint's `initial` until the first iteration ends. */
  private readonly lambdas: Map<string, number>

  constructor(
    /** The constant weights (the sliders'); a scheduled component's is overridden by its schedule, a cost's by −λ. */
    private weights: Record<string, number>,
    private schedules: WeightSchedules | undefined,
    private readonly constraints: CostConstraints | undefined = undefined,
  ) {
    this.lambdas = new Map(Object.entries(constraints ?? {}).map(([name, constraint]) => [name, constraint.initial]))
  }

  /** The schedules and constraints of a run config, over its weights. */
  static of(config: Pick<RunConfig, 'mix'>): ScheduledMix {
    return new ScheduledMix({ ...config.mix.weights }, config.mix.schedules, config.mix.constraints)
  }

  /**
   * After an iteration: each cost's λ ← max(0, λ + η(Ĉ − c)), Ĉ the mean Σ_t c_k,t over the episodes
   * that finished in it (`names`: the components in the episodes' order). No episode finished: λ stays.
   */
  after(episodes: readonly Pick<FinishedEpisode, 'componentSums'>[], names: readonly string[]): void {
    if (!hasConstraints(this.constraints)) return
    for (const [name, { budget, stepSize }] of Object.entries(this.constraints)) {
      const meanCost = meanEpisodeCost(episodes, names.indexOf(name))
      if (meanCost !== null) this.lambdas.set(name, nextLagrangeMultiplier({ multiplier: this.lambdas.get(name) ?? 0, meanCost, budget, stepSize }))
    }
  }

  /** λ of each cost, by component name (empty without constraints): what a frame and the command line's lines report. */
  multipliers(): Record<string, number> {
    return Object.fromEntries(this.lambdas)
  }

  /** Whether some component is a cost with a budget. */
  get constrained(): boolean {
    return this.lambdas.size > 0
  }

  /** A live change: new constant weights and schedules, in force from the next call to `before`. */
  set(weights: Record<string, number>, schedules: WeightSchedules | undefined): void {
    this.weights = weights
    this.schedules = schedules
  }

  /** The weights in force at env step t: the constant ones, each scheduled one at its schedule's value, each cost's at −λ. */
  weightsAt(envSteps: number): Record<string, number> {
    const inForce = weightsAt(this.weights, this.schedules, envSteps)
    // A cost is paid with weight −λ (0, not −0, at λ = 0).
    for (const [name, lambda] of this.lambdas) inForce[name] = lambda === 0 ? 0 : -lambda
    return inForce
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
    const moving = hasSchedules(this.schedules) || this.constrained
    if (!moving && this.applied === null) return null
    const inForce = this.weightsAt(envSteps)
    if (this.applied !== null && sameWeights(this.applied, inForce)) return null
    this.applied = moving ? inForce : null
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
