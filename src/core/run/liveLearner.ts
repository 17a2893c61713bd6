import { GRPO_ABSENT_FIELDS, type LearnerOptions } from './config'

/*
 * Which learner changes reach a running run from its next update, and which start it over: the one
 * rule the page (send it live or restart, asking first) and the worker (apply or refuse) both follow.
 */

/**
 * The GRPO family's options a running run takes from its next update on, by dotted path: the
 * estimator, the loss, its aggregation, clip and KL, the sampling options, and the optimiser's
 * step. None of them changes the network or the batch's shape (klPlacement adds or removes the
 * learner's kl_penalty component from the next update on, which the charts take as a design change).
 */
export const GRPO_LIVE_FIELDS = [
  'estimator.center',
  'estimator.scale',
  'estimator.rank',
  'estimator.combine',
  'estimator.batchNormalize',
  'estimator.eps',
  'estimator.baseline',
  'estimator.k',
  'policyLoss',
  'aggregation',
  'epsLow',
  'epsHigh',
  'dualClip',
  'delta',
  'tauPos',
  'tauNeg',
  'clipCovRatio',
  'clipCovLb',
  'clipCovUb',
  'klCovRatio',
  'ppoKlCoef',
  'klControl.target',
  'klControl.horizon',
  'kl',
  'beta',
  'klPlacement',
  'maskTruncated',
  'dynamicSampling.enabled',
  'dynamicSampling.maxRounds',
  'learningRate',
  'maxGradNorm',
  'updateEpochs',
  'samplerCorrection',
  'samplerClipMax',
  'samplerClipMin',
] as const

/**
 * The GRPO options that change the network (hiddenSize), the batch's shape (groupSize,
 * groupsPerIteration), what the reward is made of beyond the KL (progress, PAV's process reward,
 * which a run takes from its start) or the sampler (its staleness keeps the policies of the run's
 * last updates from the start): a new run.
 */
export const GRPO_RESTART_FIELDS = ['hiddenSize', 'groupSize', 'groupsPerIteration', 'progress.prover', 'progress.weight', 'samplerTemperature', 'samplerTopP', 'samplerStaleness', 'samplerLogitNoise'] as const

const LIVE = new Set<string>(GRPO_LIVE_FIELDS)

/** One option that differs between two learners, by dotted path, with what it means before and after (an absent field as GRPO_ABSENT_FIELDS says). */
export interface LearnerFieldChange {
  path: string
  before: unknown
  after: unknown
}

/** Every leaf option whose value differs between `before` and `after` (absent and its meaning count as the same). */
export function learnerFieldChanges(before: LearnerOptions, after: LearnerOptions): LearnerFieldChange[] {
  const leavesBefore = leaves(before)
  const leavesAfter = leaves(after)
  const paths = [...new Set([...leavesBefore.keys(), ...leavesAfter.keys()])]
  return paths
    .map((path) => ({ path, before: meaning(path, leavesBefore.get(path)), after: meaning(path, leavesAfter.get(path)) }))
    .filter((change) => change.before !== change.after)
}

/**
 * Null when `after` can reach a run training `before` live (both GRPO, every changed option one of
 * GRPO_LIVE_FIELDS), else why it must start over, in words.
 */
export function whyLearnerChangeNeedsNewRun(before: LearnerOptions, after: LearnerOptions): string | null {
  if (before.kind !== after.kind) return 'another learner is a new run'
  if (after.kind !== 'grpo') return `only the GRPO family's options change while a run trains; a change to ${after.kind} starts a new run`
  const fixed = learnerFieldChanges(before, after).filter((change) => !LIVE.has(change.path))
  if (fixed.length === 0) return null
  // progress.* (PAV's progress) changes what the reward is made of; the others the network or the batch.
  const reward = fixed.filter((change) => change.path.startsWith('progress.'))
  const shape = fixed.filter((change) => !change.path.startsWith('progress.'))
  const says = (changes: LearnerFieldChange[], what: string) => `${changes.map((change) => change.path).join(', ')} ${changes.length === 1 ? 'changes' : 'change'} ${what}`
  const reasons = [...(shape.length > 0 ? [says(shape, 'the network or the batch')] : []), ...(reward.length > 0 ? [says(reward, "the learner's part of the reward")] : [])]
  return `${reasons.join(' and ')}, so the change starts a new run`
}

/**
 * A live learner change as its chart mark names it, each option by `nameOf` (the page passes the
 * Learner panel's labels: "policy loss: ppo → cispo; KL coefficient β: 0.04 → 0"; by default its link key).
 */
export function learnerChangeNote(changes: readonly LearnerFieldChange[], nameOf: (path: string) => string = (path) => `l.${path}`): string {
  return changes.map((change) => `${nameOf(change.path)}: ${shown(change.before)} → ${shown(change.after)}`).join('; ')
}

function shown(value: unknown): string {
  return value === null || value === undefined ? 'none' : String(value)
}

function meaning(path: string, value: unknown): unknown {
  return value === undefined && path in GRPO_ABSENT_FIELDS ? GRPO_ABSENT_FIELDS[path] : value
}

/** The options' leaf values (not objects) by dotted path. */
function leaves(options: object, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(options)) {
    const path = prefix === '' ? key : `${prefix}.${key}`
    if (value !== null && typeof value === 'object') leaves(value, path, into)
    else into.set(path, value)
  }
  return into
}
