import { forwardExtensions } from '../core/envs/forward'
import type { CompiledMix } from '../core/rewards/mix'
import { ENSEMBLE_STD_DIAGNOSTIC } from '../core/rewards/ensembleSpread'
import type { RewardedEnv } from '../core/rewards/rewardedEnv'
import type { LearnerOptions } from '../core/run/config'
import type { IterationReport, Trainer } from '../core/run/trainer'

/*
 * Every learner's iteration reports, beside its own diagnostics, the reward-model ensemble's
 * disagreement over the iteration's steps: rm_ensemble_std, the mean members' std of everything an
 * ensemble of two or more members scored while it ran (the environment counts it as it pays:
 * ensembleSpread.ts). Absent where no such ensemble paid. Nothing the learner computes changes.
 */

/** `trainer` whose reports carry `env`'s ensemble std (the design may gain an ensemble live, so every trainer is wrapped). */
export function withEnsembleStd(trainer: Trainer, env: RewardedEnv): Trainer {
  return new EnsembleStdTrainer(trainer, env)
}

class EnsembleStdTrainer implements Trainer {
  readonly setLearner?: (options: LearnerOptions) => void
  readonly keepCompletions?: () => void

  constructor(
    private readonly inner: Trainer,
    private readonly env: RewardedEnv,
  ) {
    if (inner.setLearner) this.setLearner = (options) => inner.setLearner!(options)
    if (inner.keepCompletions) this.keepCompletions = () => inner.keepCompletions!()
    // What the learner offers beyond Trainer (a tabular learner's greedy action) is read through.
    forwardExtensions(this, inner)
    // What was scored before the first iteration (none today) is no iteration's.
    env.takeEnsembleStd()
  }

  get spec() {
    return this.inner.spec
  }

  async iterate(): Promise<IterationReport> {
    const report = await this.inner.iterate()
    const std = this.env.takeEnsembleStd()
    if (std === null) return report
    return { ...report, diagnostics: { ...report.diagnostics, [ENSEMBLE_STD_DIAGNOSTIC]: std } }
  }

  setMix(mix: CompiledMix): void {
    this.inner.setMix(mix)
  }

  dispose(): void {
    this.inner.dispose()
  }
}
