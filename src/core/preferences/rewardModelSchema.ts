import { z } from 'zod'
import { isReservedName, reservedNameProblem } from '../reservedNames'
import { MAX_ENSEMBLE_MEMBERS, MAX_FEATURE_NAME_LENGTH, MAX_PREFERENCE_FEATURES } from './limits'
import { REWARD_MODEL_GRANULARITIES, type RewardModel } from './rewardModel'

/*
 * A reward model as `reward-model fit` prints it, read back (a model file for the rm component):
 * every number finite, every member's shapes those of its feature names, so that scoring it
 * (rewardModel.ts) can trust them.
 */

/** The most layers and the widest layer a model file may give an MLP member. */
export const MAX_MLP_LAYERS = 8
export const MAX_MLP_WIDTH = 1024

const finite = z.number().refine(Number.isFinite, 'expected a finite number')
const vector = z.array(finite).max(MAX_MLP_WIDTH)

const featureNames = z
  .array(z.string().min(1).max(MAX_FEATURE_NAME_LENGTH))
  .min(1)
  .max(MAX_PREFERENCE_FEATURES)
  .superRefine((names, context) => {
    names.forEach((name, i) => {
      if (isReservedName(name)) context.addIssue({ code: 'custom', path: [i], message: reservedNameProblem(name) })
      else if (names.indexOf(name) !== i) context.addIssue({ code: 'custom', path: [i], message: `the feature "${name}" is named twice` })
    })
  })

const linearMember = z.strictObject({ weights: vector, lengthWeight: finite.optional() })
const mlpLayer = z.strictObject({ weights: z.array(vector).min(1).max(MAX_MLP_WIDTH), bias: vector.min(1) })
const mlpMember = z.strictObject({ inputMean: vector, inputScale: z.array(finite.refine((scale) => scale > 0, 'expected a scale above 0')).max(MAX_MLP_WIDTH), layers: z.array(mlpLayer).min(1).max(MAX_MLP_LAYERS) })

/** Absent in every model written before process models: those read as they were, outcome models. */
const granularity = z.enum(REWARD_MODEL_GRANULARITIES, { error: `expected a granularity; accepted: ${REWARD_MODEL_GRANULARITIES.join(', ')} (absent: outcome)` }).optional()

const members = <T extends z.ZodType>(member: T) => z.array(member).min(1).max(MAX_ENSEMBLE_MEMBERS)

export const RewardModelSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('linear'), featureNames, members: members(linearMember), granularity }),
    z.strictObject({ kind: z.literal('mlp'), featureNames, activation: z.literal('tanh'), members: members(mlpMember), granularity }),
  ])
  .superRefine((model, context) => {
    const features = model.featureNames.length
    const problem = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message })
    if (model.kind === 'linear') {
      model.members.forEach((member, k) => {
        if (member.weights.length !== features) problem(['members', k, 'weights'], `${member.weights.length} weights for ${features} features`)
      })
      return
    }
    model.members.forEach((member, k) => {
      const at = (...path: (string | number)[]) => ['members', k, ...path]
      if (member.inputMean.length !== features) problem(at('inputMean'), `${member.inputMean.length} means for ${features} features`)
      if (member.inputScale.length !== features) problem(at('inputScale'), `${member.inputScale.length} scales for ${features} features`)
      let inputs = features
      member.layers.forEach((layer, l) => {
        if (layer.weights.length !== inputs) problem(at('layers', l, 'weights'), `${layer.weights.length} rows, but the layer takes ${inputs} inputs`)
        layer.weights.forEach((row, i) => {
          if (row.length !== layer.bias.length) problem(at('layers', l, 'weights', i), `${row.length} outputs, but the bias has ${layer.bias.length}`)
        })
        inputs = layer.bias.length
      })
      if (inputs !== 1) problem(at('layers', member.layers.length - 1, 'bias'), `the last layer has ${inputs} outputs; a reward is one number`)
    })
  })

/** The model the value describes, or the zod error naming what is wrong. */
export function parseRewardModel(raw: unknown): z.ZodSafeParseResult<RewardModel> {
  return RewardModelSchema.safeParse(raw)
}
