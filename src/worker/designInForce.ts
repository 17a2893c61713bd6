import { errorMessage } from '../core/errorMessage'
import type { LearnerOptions, RunConfig } from '../core/run/config'
import { whyLearnerChangeNeedsNewRun } from '../core/run/liveLearner'
import { whyRewardChangeNeedsNewRun } from '../core/run/liveChange'
import { ScheduledMix } from '../core/run/scheduledMix'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { rewardedSpec } from '../core/rewards/extras'
import { compileMix } from '../core/rewards/mix'
import type { RewardedEnv } from '../core/rewards/rewardedEnv'
import { hasSchedules, scheduleProblems, type WeightSchedules } from '../core/rewards/weightSchedule'
import type { LiveChange } from './liveChanges'
import type { FromWorker } from './protocol'

/** What a live change acts on, between two iterations. */
export interface ChangeTarget {
  runId: string
  trainer: Trainer
  env: RewardedEnv
  /** The run's env steps so far: where the change is marked and the scheduled weights are sampled. */
  envSteps: number
}

/** The page's answer to a live change: taken (and marked), or refused while the run goes on as it was. */
export type ChangeAnswer = Extract<FromWorker, { type: 'designApplied' | 'refused' }>

/**
 * The weights, schedules and learner options a run trains with now, which live changes replace one
 * at a time (apply). A change that fails leaves all three as they were, so the run goes on with
 * its previous design and the page hears why.
 */
export class DesignInForce {
  private weights: Record<string, number>
  private schedules: WeightSchedules | undefined
  private learner: LearnerOptions
  /** The schedules and the weights they put in force, set before each iteration. */
  private readonly scheduled: ScheduledMix

  constructor(private readonly config: RunConfig) {
    this.weights = { ...config.mix.weights }
    this.learner = config.learner
    this.schedules = config.mix.schedules
    this.scheduled = ScheduledMix.of(config)
  }

  /** Before the iteration that begins at `envSteps`: the weights its schedules put in force there, where one moved. */
  applySchedulesBefore(trainer: Trainer, env: RewardedEnv, envSteps: number): void {
    this.scheduled.applyBefore(trainer, envSteps, env.spec)
  }

  /** After an iteration: each cost's λ from the episodes that finished in it (env.spec: the components in their order). */
  afterIteration(report: Pick<IterationReport, 'episodes'>, env: RewardedEnv): void {
    this.scheduled.after(report.episodes, env.spec.components.map((component) => component.name))
  }

  /** λ of each cost, by component (what a frame reports); null where no component has a budget. */
  multipliers(): Record<string, number> | null {
    return this.scheduled.constrained ? this.scheduled.multipliers() : null
  }

  /** The scheduled weights in force at `envSteps`, by component (what a frame reports); null without schedules. */
  scheduledWeightsAt(envSteps: number): Record<string, number> | null {
    return hasSchedules(this.schedules) ? this.scheduled.scheduledAt(envSteps) : null
  }

  /** Take one live change into the trainer and the environment, or refuse it. */
  apply(change: LiveChange, target: ChangeTarget): ChangeAnswer {
    try {
      switch (change.type) {
        case 'setReward':
          this.takeReward(change, target)
          break
        case 'setWeights':
          this.takeWeights(change, target)
          break
        case 'updateLearner':
          this.takeLearner(change, target)
          break
        case 'setSchedules':
          this.takeSchedules(change, target)
          break
      }
    } catch (error) {
      // A refused learner change says which options stay in force, so the page can show them again.
      const learner = change.type === 'updateLearner' ? { learner: this.learner } : {}
      return { type: 'refused', runId: target.runId, message: errorMessage(error), ...learner }
    }
    // Weights are marked with those that changed; every other kind with its note.
    const changed = change.type === 'setWeights' ? change.weights : {}
    const note = change.type === 'setWeights' ? {} : { note: change.note }
    return { type: 'designApplied', runId: target.runId, changeId: change.changeId, envSteps: target.envSteps, changed, weights: this.weights, ...note }
  }

  /** A reward design: the environment computes its terms anew, the mix takes its weights, and its schedules come with it (a removed term takes its schedule along). */
  private takeReward(change: Extract<LiveChange, { type: 'setReward' }>, { trainer, env, envSteps }: ChangeTarget): void {
    const after = { spec: rewardedSpec(env.inner.spec, change.design), design: change.design }
    const refusal = whyRewardChangeNeedsNewRun(this.config.learner.kind, { spec: env.spec, design: env.rewardDesign }, after)
    if (refusal !== null) throw new Error(refusal)
    env.setDesign(change.design)
    this.setMix(trainer, env, envSteps, { ...this.weights, ...change.design.weights }, change.design.schedules)
    this.schedules = change.design.schedules
  }

  /** Weights: a scheduled component's weight stays its schedule's; the others take the change. */
  private takeWeights(change: Extract<LiveChange, { type: 'setWeights' }>, { trainer, env, envSteps }: ChangeTarget): void {
    this.setMix(trainer, env, envSteps, { ...this.weights, ...change.weights }, this.schedules)
  }

  /** Learner options: the trainer takes them from its next update on. */
  private takeLearner(change: Extract<LiveChange, { type: 'updateLearner' }>, { trainer }: ChangeTarget): void {
    const refusal = whyLearnerChangeNeedsNewRun(this.learner, change.learner)
    if (refusal !== null) throw new Error(refusal)
    if (!trainer.setLearner) throw new Error(`${this.learner.kind} takes no learner changes while it runs; start a new run`)
    trainer.setLearner(change.learner)
    this.learner = change.learner
  }

  /** Schedules, checked against the components in force now; the next iteration samples them (ScheduledMix.applyBefore). */
  private takeSchedules(change: Extract<LiveChange, { type: 'setSchedules' }>, { env }: ChangeTarget): void {
    const problems = scheduleProblems(change.schedules, env.spec.components)
    if (problems.length > 0) throw new Error(problems.join('; '))
    this.schedules = hasSchedules(change.schedules) ? change.schedules : undefined
    this.scheduled.set(this.weights, this.schedules)
  }

  /** Set the trainer's mix to `weights` under `schedules`; where that throws, the schedules keep the weights in force. */
  private setMix(trainer: Trainer, env: RewardedEnv, envSteps: number, weights: Record<string, number>, schedules: WeightSchedules | undefined): void {
    try {
      this.scheduled.set(weights, schedules)
      trainer.setMix(compileMix(env.spec, { weights: this.scheduled.weightsAt(envSteps) }))
    } catch (error) {
      this.scheduled.set(this.weights, this.schedules)
      throw error
    }
    this.weights = weights
  }
}
