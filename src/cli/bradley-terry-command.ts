import { z } from 'zod'
import { fitBradleyTerry, type BradleyTerryFit } from '../core/preferences/bradleyTerryFit'
import { BradleyTerryFitError, type BradleyTerryFailure } from '../core/preferences/fitError'
import { MAX_PREFERENCE_FEATURES, MAX_PREFERENCE_PAIRS } from '../core/preferences/limits'
import { preferenceAccuracy, preferenceDifferences, type PreferencePairs } from '../core/preferences/preferencePairs'
import { parseFlags, parseNumber } from './args'
import { assertFinite, assertFiniteValue, parseJsonInput } from './json-input'
import { UsageError } from './usage'

/*
 * `bradley-terry`: fit a linear reward model w·x to preference pairs given as JSON on stdin, by
 * maximum likelihood under the Bradley–Terry model with an L2 penalty (src/core/preferences/).
 */

const DEFAULT_L2 = 1
const SHAPE = `{"pairs": [{"a": [x, ...], "b": [x, ...], "preferred": "a" | "b"}, ...]} with 1 to ${MAX_PREFERENCE_PAIRS} pairs, every feature vector of the same length (1 to ${MAX_PREFERENCE_FEATURES} numbers)`

const PairSchema = z.strictObject({ a: z.array(z.number()), b: z.array(z.number()), preferred: z.enum(['a', 'b']) })
const InputSchema = z.strictObject({ pairs: z.array(PairSchema) })
type Pair = z.infer<typeof PairSchema>

/** What the user can do about each reason a fit fails. */
const REMEDIES: Record<BradleyTerryFailure, (l2: number) => string> = {
  separable: () => 'give --l2 > 0 (the default is 1)',
  undetermined: () => 'give --l2 > 0 (the default is 1)',
  undecided: () => 'give --l2 > 0 (the default is 1)',
  singular: (l2) => `give a larger --l2 than ${l2}`,
  overflow: () => 'rescale the features',
  stalled: () => 'rescale the features or give a larger --l2',
}

export function bradleyTerryCommand(argv: string[], readStdin: () => string): string {
  const flags = parseFlags('bradley-terry', argv, ['l2'])
  const l2 = l2Flag(flags.get('l2'))
  const input = parseJsonInput(readStdin(), InputSchema, SHAPE)
  const pairs = packPairs(input.pairs)
  let fit: BradleyTerryFit
  try {
    fit = fitBradleyTerry(preferenceDifferences(pairs), l2)
  } catch (error) {
    if (!(error instanceof BradleyTerryFitError)) throw error
    const penalty = l2 === 0 ? 'with --l2 0 ' : ''
    throw new UsageError(`${penalty}${error.message}; ${REMEDIES[error.failure](l2)}`)
  }
  assertFinite(fit.weights, 'weights')
  assertFiniteValue(fit.loss, 'loss')
  return `${JSON.stringify({ weights: Array.from(fit.weights), loss: fit.loss, accuracy: preferenceAccuracy(pairs, fit.weights) })}\n`
}

function l2Flag(text: string | undefined): number {
  if (text === undefined) return DEFAULT_L2
  const l2 = parseNumber(text, '--l2')
  if (l2 < 0) throw new UsageError(`--l2 must be at least 0 (0 for no penalty), got ${text}`)
  return l2
}

/** The pairs as the fit reads them, preferred side first, after the checks the schema cannot make. */
function packPairs(given: Pair[]): PreferencePairs {
  if (given.length === 0) throw new UsageError(`pairs is empty; give at least one pair: ${SHAPE}`)
  if (given.length > MAX_PREFERENCE_PAIRS) throw new UsageError(`pairs holds ${given.length} pairs, more than the ${MAX_PREFERENCE_PAIRS} one fit takes`)
  const features = given[0].a.length
  if (features === 0) throw new UsageError('pairs[0].a is empty; every feature vector needs at least one number')
  if (features > MAX_PREFERENCE_FEATURES) throw new UsageError(`pairs[0].a has ${features} features, more than the ${MAX_PREFERENCE_FEATURES} one fit takes`)
  const preferred = new Float64Array(given.length * features)
  const rejected = new Float64Array(given.length * features)
  given.forEach((pair, i) => {
    for (const side of ['a', 'b'] as const) {
      if (pair[side].length !== features) throw new UsageError(`pairs[${i}].${side} has ${pair[side].length} features but pairs[0].a has ${features}; every feature vector needs the same length`)
    }
    const [winner, loser] = pair.preferred === 'a' ? [pair.a, pair.b] : [pair.b, pair.a]
    preferred.set(winner, i * features)
    rejected.set(loser, i * features)
  })
  return { count: given.length, features, preferred, rejected }
}
