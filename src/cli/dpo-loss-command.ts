import { z } from 'zod'
import { DPO_LOSSES, dpoLosses, MAX_LABEL_SMOOTHING, type DpoLoss } from '../core/preferences/dpo'
import { parseFlags, parseNumber } from './args'
import { assertFinite, assertFiniteValue, parseJsonInput } from './json-input'
import { UsageError } from './usage'

/*
 * `dpo-loss`: DPO's per-pair losses, implicit rewards and accuracy on summed log-probabilities
 * given as JSON on stdin (src/core/preferences/dpo.ts), to check a trainer's numbers against.
 */

const ARRAYS = ['policyChosen', 'policyRejected', 'refChosen', 'refRejected'] as const
const SHAPE = '{"policyChosen": [n numbers], "policyRejected": [n], "refChosen": [n], "refRejected": [n]}, summed log-probabilities, n ≥ 1'

// Any finite numbers: the losses are defined for all of them, and a density's log-likelihood can be positive.
const InputSchema = z.strictObject({
  policyChosen: z.array(z.number()),
  policyRejected: z.array(z.number()),
  refChosen: z.array(z.number()),
  refRejected: z.array(z.number()),
})

export function dpoLossCommand(argv: string[], readStdin: () => string): string {
  const flags = parseFlags('dpo-loss', argv, ['beta', 'loss', 'label-smoothing'])
  const betaText = flags.get('beta')
  if (betaText === undefined) throw new UsageError('dpo-loss needs --beta (β > 0, the strength of the pull towards the reference; 0.1 is usual)')
  const beta = parseNumber(betaText, '--beta')
  if (!(beta > 0)) throw new UsageError(`--beta must be greater than 0, got ${betaText}`)
  const loss = flags.get('loss') ?? 'sigmoid'
  if (!(DPO_LOSSES as readonly string[]).includes(loss)) throw new UsageError(`unknown --loss "${loss}"; accepted: ${DPO_LOSSES.join(', ')}`)
  const smoothingText = flags.get('label-smoothing')
  if (smoothingText !== undefined && loss !== 'sigmoid') throw new UsageError(`flag --label-smoothing does not apply to --loss ${loss}, which has no label smoothing; it applies to --loss sigmoid`)
  const labelSmoothing = smoothingText === undefined ? 0 : parseNumber(smoothingText, '--label-smoothing')
  if (labelSmoothing < 0 || labelSmoothing >= MAX_LABEL_SMOOTHING) throw new UsageError(`--label-smoothing must be at least 0 and below ${MAX_LABEL_SMOOTHING}, got ${smoothingText}`)

  const input = parseJsonInput(readStdin(), InputSchema, SHAPE)
  const n = input.policyChosen.length
  if (n === 0) throw new UsageError(`policyChosen is empty; give at least one pair: ${SHAPE}`)
  for (const name of ARRAYS) {
    if (input[name].length !== n) throw new UsageError(`${name} has ${input[name].length} entries but policyChosen has ${n}; every array needs one entry per pair`)
  }
  const result = dpoLosses(input, { beta, loss: loss as DpoLoss, labelSmoothing })
  assertFinite(result.losses, 'losses')
  assertFinite(result.chosenRewards, 'chosenRewards')
  assertFinite(result.rejectedRewards, 'rejectedRewards')
  assertFiniteValue(result.loss, 'loss')
  return `${JSON.stringify({
    loss: result.loss,
    losses: Array.from(result.losses),
    chosenRewards: Array.from(result.chosenRewards),
    rejectedRewards: Array.from(result.rejectedRewards),
    accuracy: result.accuracy,
  })}\n`
}
