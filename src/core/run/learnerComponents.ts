import type { EnvSpec, RewardComponentSpec } from '../envs/types'
import type { Trainer } from './trainer'

/*
 * Reward components a learner adds to the environment's own: a part of the reward the learner
 * computes itself (the KL in the reward), not the environment, so that the charts draw its
 * contribution beside every component's. Such a component comes last, after the environment's,
 * is paid at its defaultWeight (1) whatever the mix says, has no slider and is no part of the
 * objective; it exists only in the trainer's spec, never in the environment's or the design's.
 */

/** −β·KL_t of each token, summed over a completion, where the GRPO learner puts the KL in the reward. */
export const KL_PENALTY_COMPONENT: RewardComponentSpec = {
  name: 'kl_penalty',
  description: 'Added by the learner with the KL in the reward: −β·KL of each token to the starting policy, summed over the answer (weight 1, not in the objective).',
  defaultWeight: 1,
  range: [1, 1],
  learnerAdded: true,
}

/** PAV's progress of each token, weight·A_t under the prover, summed over a completion, where the GRPO learner's progress option is on. */
export const PROGRESS_COMPONENT: RewardComponentSpec = {
  name: 'progress',
  description: "Added by the learner with PAV's progress on: each token's change in the prover's chance of finishing right, times the progress weight, summed over the answer (weight 1, not in the objective).",
  defaultWeight: 1,
  range: [1, 1],
  learnerAdded: true,
}

/** Every component a learner may add, for the views that draw a run's curve. */
export const LEARNER_COMPONENTS: readonly RewardComponentSpec[] = [KL_PENALTY_COMPONENT, PROGRESS_COMPONENT]

/** The components a learner added to a trainer's spec, in order. */
export function learnerAddedComponents(spec: Pick<EnvSpec, 'components'>): RewardComponentSpec[] {
  return spec.components.filter((component) => component.learnerAdded === true)
}

/**
 * `trainer` whose spec lists `added` after the environment's components, read from `env` at every
 * access, so that a live design change that adds or removes the environment's components shows.
 * A name already the environment's is refused: two components of one name would share one line.
 */
export function withLearnerComponents(trainer: Trainer, env: { readonly spec: EnvSpec }, added: readonly RewardComponentSpec[]): Trainer {
  let source: EnvSpec | null = null
  let listed: EnvSpec = env.spec
  const check = (spec: EnvSpec) => {
    for (const component of added) {
      if (spec.components.some((own) => own.name === component.name)) {
        throw new Error(`a reward component is named "${component.name}", the name of the part of the reward the learner adds; rename the component`)
      }
    }
  }
  check(env.spec)
  return {
    get spec(): EnvSpec {
      if (env.spec !== source) {
        source = env.spec
        listed = { ...source, components: [...source.components, ...added] }
      }
      return listed
    },
    iterate: () => trainer.iterate(),
    setMix: (mix) => trainer.setMix(mix),
    dispose: () => trainer.dispose(),
  }
}

/**
 * `weights` with the learner-added components among `names` at their own weight (defaultWeight),
 * which no design sets: re-scored under the design's weights, an episode keeps the part of its
 * reward the learner paid. A weight `weights` does give is kept.
 */
export function withLearnerWeights(names: readonly string[], weights: Readonly<Record<string, number>>): Record<string, number> {
  const added = LEARNER_COMPONENTS.filter((component) => names.includes(component.name) && !Object.hasOwn(weights, component.name))
  return added.length === 0 ? { ...weights } : { ...weights, ...Object.fromEntries(added.map((component) => [component.name, component.defaultWeight])) }
}
