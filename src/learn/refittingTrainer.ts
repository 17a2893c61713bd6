import type { CompiledMix } from '../core/rewards/mix'
import type { RewardedEnv } from '../core/rewards/rewardedEnv'
import { REFIT_DIAGNOSTICS, RewardModelRefitter, type RewardModelRefitReport } from '../core/preferences/rewardModelRefit'
import type { LearnerOptions } from '../core/run/config'
import type { IterationReport, Trainer } from '../core/run/trainer'

/*
 * A GRPO trainer whose reward model is refitted on fresh pairs of its own batches (the refit
 * option, rewardModelRefit.ts): after each update the refitter counts it, and where a refit is due
 * the environment takes the refitted model, so the next update's rollout is paid by it. The one
 * place the worker's runs and `train` refit; the learner itself is untouched.
 */

/** `trainer` refitting `env`'s refit entry, or `trainer` itself when the design asks for no refit. */
export function withRefits(trainer: Trainer, env: RewardedEnv, seed: number): Trainer {
  const refitter = RewardModelRefitter.of(env.rewardDesign, seed)
  return refitter === null ? trainer : new RefittingTrainer(trainer, env, refitter)
}

class RefittingTrainer implements Trainer {
  private latest: RewardModelRefitReport | null = null
  readonly setLearner?: (options: LearnerOptions) => void
  readonly keepCompletions?: () => void

  constructor(
    private readonly inner: Trainer,
    private readonly env: RewardedEnv,
    private readonly refitter: RewardModelRefitter,
  ) {
    if (inner.setLearner) this.setLearner = (options) => inner.setLearner!(options)
    if (inner.keepCompletions) this.keepCompletions = () => inner.keepCompletions!()
  }

  get spec() {
    return this.inner.spec
  }

  async iterate(): Promise<IterationReport> {
    const report = await this.inner.iterate()
    const env = this.env
    // The copies keep their finished completions until the next rollout: the batch just updated on.
    const refit = this.refitter.afterUpdate({ state: env.state, stride: env.inner.spec.stateVars.length, n: env.n, groupSize: env.inner.spec.demoCopies ?? 1 }, env.rewardDesign)
    if (refit !== null) {
      env.setDesign(refit.design)
      this.latest = refit.report
    }
    if (this.latest === null) return report
    const latest = this.latest
    const diagnostics = { ...report.diagnostics }
    for (const key of Object.keys(REFIT_DIAGNOSTICS) as (keyof RewardModelRefitReport)[]) diagnostics[REFIT_DIAGNOSTICS[key]] = latest[key]
    return { ...report, diagnostics }
  }

  setMix(mix: CompiledMix): void {
    this.inner.setMix(mix)
  }

  dispose(): void {
    this.inner.dispose()
  }
}
