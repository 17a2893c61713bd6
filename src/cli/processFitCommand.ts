import { errorMessage } from '../core/errorMessage'
import { resolveEnvironment } from '../core/envs/registry'
import { BradleyTerryFitError } from '../core/preferences/fitError'
import { fitProcessModel, type StepAccuracy } from '../core/preferences/processFit'
import { groupSizeProblem } from '../core/preferences/tokenPairs'
import { PROCESS_FEATURED_ENVIRONMENTS } from '../core/preferences/completionStepFeatures'
import { parseFlags } from './args'
import { holdoutFlag, l2Flag, wholeNumberFlag } from './fitFlags'
import { MAX_PROCESS_COMPLETIONS } from './limits'
import { paramsFlag } from './preferences-command'
import { asUsage, UsageError } from './usage'
import { MAX_SEED } from '../core/rng'

/*
 * `reward-model fit --process --completions N`: a process reward model, one score per token, fitted
 * to the gold step labels (core/preferences/tokenStepLabels.ts) of the first N completions the start
 * policy of a GRPO run of seed S writes on the token task (as `preferences` draws its pairs), by
 * per-token logistic regression over the step features (processFit.ts), whole completions held out.
 */

const FLAGS = ['env', 'params', 'completions', 'holdout', 'l2', 'seed']
/** The flags of a fit on pairs, which a fit on step labels does not read. */
const PAIR_FLAGS = ['pairs', 'model', 'ensemble', 'decorrelate']
const PROCESS_ENVIRONMENTS = PROCESS_FEATURED_ENVIRONMENTS
const DEFAULTS = { holdout: 0.2, l2: 1, seed: 1 } as const

/** `argv` without --process; io.out gets one JSON line. */
export async function processFitCommand(argv: string[], io: { out(text: string): void }): Promise<number> {
  for (const word of argv) {
    const name = word.startsWith('--') ? word.slice(2).split('=')[0] : ''
    if (PAIR_FLAGS.includes(name)) throw new UsageError(`--${name} does not apply to reward-model fit --process, which fits on the gold step labels of start-policy completions; accepted: ${FLAGS.map((flag) => `--${flag}`).join(', ')}`)
  }
  const flags = parseFlags('reward-model fit --process', argv, FLAGS)
  const envId = flags.get('env') ?? 'tokenseq'
  if (!PROCESS_ENVIRONMENTS.includes(envId)) throw new UsageError(`--env "${envId}" has no step labels; accepted: ${PROCESS_ENVIRONMENTS.join(', ')}`)
  const { params } = asUsage(() => resolveEnvironment(envId, paramsFlag(flags.get('params'))))
  const groupProblem = groupSizeProblem(params.group_size as number)
  if (groupProblem !== null) throw new UsageError(groupProblem)
  if (flags.get('completions') === undefined) throw new UsageError(`reward-model fit --process needs --completions N: how many start-policy completions to label, a whole number from 1 to ${MAX_PROCESS_COMPLETIONS}`)
  const count = wholeNumberFlag(flags, 'completions', 1, MAX_PROCESS_COMPLETIONS) as number
  const seed = wholeNumberFlag(flags, 'seed', 0, MAX_SEED) ?? DEFAULTS.seed
  const holdout = holdoutFlag(flags, DEFAULTS.holdout)
  const l2 = l2Flag(flags, DEFAULTS.l2)

  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { startPolicyCompletionList } = await import('../learn/startPolicyCompletionList')
  const completions = await startPolicyCompletionList(params, seed, count)
  let fit
  try {
    fit = fitProcessModel(completions, { holdout, l2, seed })
  } catch (error) {
    if (!(error instanceof BradleyTerryFitError)) throw error
    throw new UsageError(`reward-model fit --process: ${errorMessage(error)}; ${l2 === 0 ? 'give --l2 > 0 (the default is 1)' : `give a larger --l2 than ${l2}`}`)
  }
  const figures = (accuracy: StepAccuracy | null) => (accuracy === null ? null : { steps: accuracy.steps, accuracy: accuracy.accuracy, loss: accuracy.loss, positiveRate: accuracy.positiveRate })
  const report = { model: fit.model, completions: fit.completions, train: figures(fit.train), heldOut: figures(fit.heldOut), options: { process: true, env: envId, params, completions: count, holdout, l2, seed } }
  io.out(`${JSON.stringify(report)}\n`)
  return 0
}
