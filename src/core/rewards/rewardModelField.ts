import { z } from 'zod'
import type { RewardModel } from '../preferences/rewardModel'
import { RewardModelSchema } from '../preferences/rewardModelSchema'

/*
 * The `model` of a design's reward-model component: a fitted model exactly as `reward-model fit`
 * prints it under "model" (rewardModelSchema.ts), with messages that say so. The command's whole
 * output is the likeliest mistake (it also holds the pairs' counts and the accuracies), so it is
 * named as such rather than as a missing kind.
 */

const SHAPE = '{"kind": "linear"|"mlp", "featureNames", "members"}'

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const RewardModelFieldSchema = z.unknown().transform((value, context): RewardModel => {
  if (!isObject(value)) {
    context.addIssue({ code: 'custom', message: `expected a reward model: the "model" that reward-model fit prints, ${SHAPE}` })
    return z.NEVER
  }
  if (Object.hasOwn(value, 'model') && !Object.hasOwn(value, 'kind')) {
    context.addIssue({ code: 'custom', message: `this is the whole output of reward-model fit; give its "model" part, ${SHAPE}` })
    return z.NEVER
  }
  const parsed = RewardModelSchema.safeParse(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  return z.NEVER
})
