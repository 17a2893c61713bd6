import type { EnvSpec } from '../envs/types'
import type { RewardDesign } from '../rewards/designSchema'
import type { LearnerKind } from './config'
import { learnerTakesNewComponents } from './learnerFit'

/** A reward design as a running run holds it: the rewarded spec (its components) and the design's transforms. */
export interface RewardInForce {
  spec: Pick<EnvSpec, 'components'>
  design: Pick<RewardDesign, 'transforms'> & Partial<Pick<RewardDesign, 'rewardModels'>>
}

/**
 * Whether a changed reward design can reach a running run of `learner`, or why that run must start
 * over: the one rule the page (restart or send it live) and the worker (apply or refuse) both follow.
 * Live unless the set of redistributed components changes (the learner sets redistribution up once)
 * or components are added or removed under a learner that cannot take that mid-run (value iteration
 * plans on the environment's own model; independent learners credit the team component by its place).
 * Returns null when the change is live, else the reason in words.
 */
export function whyRewardChangeNeedsNewRun(learner: LearnerKind, before: RewardInForce, after: RewardInForce): string | null {
  if (redistributedNames(before.design) !== redistributedNames(after.design)) {
    return 'which components are redistributed changed, and the learner sets redistribution up when the run starts; start a new run'
  }
  // The refits are set up with the trainer (learn/refittingTrainer.ts): a refit option added, removed or changed needs a new run.
  if (refitOptions(before.design) !== refitOptions(after.design)) {
    return 'the reward model\'s refit option changed, and refitting is set up when the run starts; start a new run'
  }
  if (componentNames(before.spec) !== componentNames(after.spec) && !learnerTakesNewComponents(learner)) {
    return `${learner} cannot take added or removed components while it runs; start a new run`
  }
  return null
}

function componentNames(spec: Pick<EnvSpec, 'components'>): string {
  return spec.components.map((component) => component.name).join('\n')
}

/** The components whose transform chain ends with redistribute, sorted. */
function redistributedNames(design: Pick<RewardDesign, 'transforms'>): string {
  return Object.entries(design.transforms)
    .filter(([, chain]) => chain.at(-1)?.kind === 'redistribute')
    .map(([name]) => name)
    .sort()
    .join(',')
}

/** Each refitted entry's name and refit option, as text. */
function refitOptions(design: Partial<Pick<RewardDesign, 'rewardModels'>>): string {
  return JSON.stringify((design.rewardModels ?? []).flatMap((entry) => (entry.refit === undefined ? [] : [[entry.name, entry.refit]])))
}
