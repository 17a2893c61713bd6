import { findEnv } from '../envs/registry'
import { isProcessModel, type RewardModel } from '../preferences/rewardModel'

/*
 * Which models a refit can refit, and on which runs. A refit is the exact linear Bradley–Terry fit
 * of `reward-model fit --model linear` (one member, no length head), on pairs of completions of one
 * prompt from GRPO's batch on the token task: elsewhere there is no such fit or no such batch.
 */

const ACCEPTED_MODEL = 'a linear outcome model of one member without a length head (reward-model fit --model linear)'

/** Why `model` cannot be refitted, or null when it can. */
export function refitModelProblem(model: RewardModel): string | null {
  const what =
    model.kind !== 'linear' ? `an ${model.kind} model` : isProcessModel(model) ? 'a process model' : model.members.length > 1 ? `an ensemble of ${model.members.length} members` : model.members[0].lengthWeight !== undefined ? 'a length-decorrelated model' : null
  return what === null ? null : `refit refits ${ACCEPTED_MODEL}; this entry holds ${what}: remove refit, or fit a linear model to refit`
}

/** Why a run of `learner` on `envId` cannot refit the design's reward models, or null when it can (or none asks to). */
export function refitRunProblem(entries: readonly { name: string; refit?: unknown }[] | undefined, learner: string, envId: string): string | null {
  const refitted = (entries ?? []).filter((entry) => entry.refit !== undefined)
  if (refitted.length === 0) return null
  if (refitted.length > 1) return `refit: only one reward-model entry may be refitted; ${refitted.map((entry) => entry.name).join(' and ')} both ask to`
  // GRPO's batch holds pairs of completions of one prompt only where completions are token sequences.
  if (learner === 'grpo' && findEnv(envId)?.spec.completions === 'tokens') return null
  return `refit: refitting the reward model "${refitted[0].name}" draws fresh pairs from GRPO's batch on the token task, so it runs only with learner grpo on tokenseq; this run is ${learner} on ${envId}: remove refit, or train with GRPO on tokenseq`
}
