import { z } from 'zod'
import { GroupEstimatorSchema } from '../core/credit/estimatorSchema'
import { commandNameOf, GROUP_ESTIMATORS, groupEstimatorNamed, groupEstimatorOf, type GroupBaseline } from '../core/credit/estimators'
import { gae } from '../core/credit/gae'
import { groupAdvantages, groupAdvantagesMulti } from '../core/credit/group'
import { mcGrpoAdvantages, mcGrpoGroupSizeProblem } from '../core/credit/mcGrpo'
import { opoAdvantages } from '../core/credit/opo'
import { passkAdvantages } from '../core/credit/passk'
import { passkVerlAdvantages } from '../core/credit/passkVerl'
import { minFormProcessAdvantages } from '../core/credit/processMinForm'
import { processSupervisionAdvantages } from '../core/credit/processSupervision'
import { reinforcePlusPlusAdvantages } from '../core/credit/reinforcePlusPlus'
import { remaxAdvantages } from '../core/credit/remax'
import { parseFlags, parseNumber } from './args'
import { TREE_FLAGS, TREE_SWITCHES, treeCommand } from './advantagesTree'
import { groupEstimator, splitSwitches } from './groupEstimatorFlags'
import { assertFinite, parseJson, validateInput } from './json-input'
import { UsageError } from './usage'

/*
 * `advantages`: the credit estimators on data given as JSON on stdin, so that researchers can check
 * them against their own code. The formulas are those of src/core/credit/gae.ts and of the group
 * family's estimators (src/core/credit/estimators.ts: group.ts, remax.ts, opo.ts, passk.ts,
 * reinforcePlusPlus.ts, processSupervision.ts, processMinForm.ts, passkVerl.ts, mcGrpo.ts). Each of those has its command
 * here (GROUP_COMMANDS); the command line lists it by its record's command name. The tree estimator
 * (src/core/credit/treeAdvantages.ts, advantagesTree.ts) reads a tree rather than groups, as gae a rollout.
 */

/** Flags that stand alone, without a value. */
const SWITCHES = ['rank', 'batch-normalize', ...TREE_SWITCHES]
const GAE_FLAGS = ['estimator', 'gamma', 'lambda']
const GROUP_FLAGS = ['estimator', 'center', 'scale', 'rank', 'batch-normalize', 'eps']
const PASSK_FLAGS = ['estimator', 'k', 'eps']
const PASSK_VERL_FLAGS = ['estimator', 'scale', 'eps']

/** One estimator's command: the flags it takes and what it prints for stdin; `named` is the name the user gave. */
interface EstimatorCommand {
  flags: string[]
  run: (flags: Map<string, string>, switches: Set<string>, readStdin: () => string, named: string) => string
}

/** A command for every estimator of the group family, by its record's name. */
const GROUP_COMMANDS: Record<GroupBaseline, EstimatorCommand> = {
  group: { flags: GROUP_FLAGS, run: groupCommand },
  remax: { flags: ['estimator'], run: (_flags, _switches, readStdin, named) => remaxCommand(readStdin, named) },
  opo: { flags: ['estimator'], run: (_flags, _switches, readStdin, named) => opoCommand(readStdin, named) },
  passk: { flags: PASSK_FLAGS, run: (flags, _switches, readStdin, named) => passkCommand(flags, readStdin, named) },
  token_batch: { flags: ['estimator'], run: (_flags, _switches, readStdin, named) => reinforcePlusPlusCommand(readStdin, named) },
  process: { flags: ['estimator', 'eps'], run: (flags, _switches, readStdin, named) => processCommand(flags, readStdin, named, false) },
  process_min: { flags: ['estimator', 'eps'], run: (flags, _switches, readStdin, named) => processCommand(flags, readStdin, named, true) },
  passk_verl: { flags: PASSK_VERL_FLAGS, run: (flags, _switches, readStdin, named) => passkVerlCommand(flags, readStdin, named) },
  mc_grpo: { flags: ['estimator'], run: (_flags, _switches, readStdin, named) => mcGrpoCommand(readStdin, named) },
}
const GAE_COMMAND: EstimatorCommand = { flags: GAE_FLAGS, run: (flags, _switches, readStdin) => gaeCommand(flags, readStdin) }
const TREE_COMMAND: EstimatorCommand = { flags: TREE_FLAGS, run: (_flags, switches, readStdin) => treeCommand(switches, readStdin) }

/** The estimators the command line lists: gae, then the group family's by their command names, then tree. */
export const ADVANTAGES_ESTIMATORS: readonly string[] = ['gae', ...GROUP_ESTIMATORS.map(commandNameOf), 'tree']
const ALL_FLAGS = [...new Set([...GAE_FLAGS, ...Object.values(GROUP_COMMANDS).flatMap((command) => command.flags), ...TREE_FLAGS])]

const GAE_SHAPE = '{"rewards": [T numbers], "values": [T], "terminated": [T], "truncated": [T], "bootstrapValues": [T], "lastValue": number}'
const SINGLE_SHAPE = '{"groups": [[r, ...], ...]}'
const MULTI_SHAPE = '{"groups": [[[c1, c2, ...], ...], ...], "weights": [w1, w2, ...], "combine": "sum" | "decoupled"}'
const GROUP_SHAPE = `${SINGLE_SHAPE} or, for several reward components, ${MULTI_SHAPE}`
const REMAX_SHAPE = '{"groups": [[r, ...], ...], "greedy": [the greedy completion\'s reward, one per group]}'
const OPO_SHAPE = '{"groups": [[r, ...], ...], "lengths": [[l, ...], ...]}, each completion\'s length in tokens (a whole number ≥ 1)'
const PASSK_SHAPE = '{"groups": [[0 or 1, ...], ...]}, 1 for a right completion, 0 for a wrong one'
const PASSK_VERL_SHAPE = '{"groups": [[r, ...], ...]}, at least 2 completions in every non-empty group'
const REINFORCE_PP_SHAPE = '{"rewards": [R, ...], "penalties": [[p, ...], ...]}, one task reward per completion and one penalty per token of it (0 where the KL is not in the reward)'
const MC_GRPO_SHAPE = '{"groups": [[r, ...], ...]}, each group G + 1 rewards, an odd number of at least 3'
const PROCESS_SHAPE = '{"groups": [[[r, ...], ...], ...]}, for each completion of each group one reward per token (step), at least one'
/** The inputs only one estimator reads, and which one (gae, or a group estimator's record name). */
const ESTIMATOR_INPUTS: Record<string, 'gae' | GroupBaseline> = { greedy: 'remax', lengths: 'opo', penalties: 'token_batch', outcomes: 'process_min' }

export function advantagesCommand(argv: string[], readStdin: () => string): string {
  const { values, switches } = splitSwitches(argv, SWITCHES)
  const flags = parseFlags('advantages', values, ALL_FLAGS)
  const estimator = flags.get('estimator')
  if (estimator === undefined) throw new UsageError(`advantages needs --estimator; accepted: ${ADVANTAGES_ESTIMATORS.join(', ')}`)
  const standalone = estimator === 'gae' ? GAE_COMMAND : estimator === 'tree' ? TREE_COMMAND : null
  const record = standalone === null ? groupEstimatorNamed(estimator) : null
  if (standalone === null && record === null) throw new UsageError(`unknown estimator "${estimator}" for advantages; accepted: ${ADVANTAGES_ESTIMATORS.join(', ')}`)
  const command = standalone ?? GROUP_COMMANDS[record!.name]
  const accepted = command.flags
  for (const name of [...flags.keys(), ...switches]) {
    if (!accepted.includes(name)) throw new UsageError(`flag --${name} does not apply to --estimator ${estimator}; accepted: ${accepted.map((flag) => `--${flag}`).join(', ')}`)
  }
  return command.run(flags, switches, readStdin, estimator)
}

/** A required flag holding a number from 0 to 1. */
function unitNumber(flags: Map<string, string>, name: string, meaning: string): number {
  const text = flags.get(name)
  if (text === undefined) throw new UsageError(`advantages --estimator gae needs --${name} (${meaning}, from 0 to 1)`)
  const value = parseNumber(text, `--${name}`)
  if (value < 0 || value > 1) throw new UsageError(`--${name} must be from 0 to 1, got ${text}`)
  return value
}

const stepFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'expected true, false, 0 or 1' })
  .transform((flag) => (flag === true || flag === 1 ? 1 : 0))

const GaeInputSchema = z.strictObject({
  rewards: z.array(z.number()),
  values: z.array(z.number()),
  terminated: z.array(stepFlag),
  truncated: z.array(stepFlag),
  bootstrapValues: z.array(z.number()),
  lastValue: z.number(),
})

function gaeCommand(flags: Map<string, string>, readStdin: () => string): string {
  const gamma = unitNumber(flags, 'gamma', 'the discount γ')
  const lambda = unitNumber(flags, 'lambda', 'the GAE λ')
  const raw = parseJson(readStdin(), GAE_SHAPE)
  refuseOtherEstimatorsInputs(raw, 'gae')
  const input = validateInput(raw, GaeInputSchema, GAE_SHAPE)
  const steps = input.rewards.length
  for (const name of ['values', 'terminated', 'truncated', 'bootstrapValues'] as const) {
    if (input[name].length !== steps) throw new UsageError(`${name} has ${input[name].length} entries but rewards has ${steps}; every array needs one entry per step`)
  }
  // float64 buffers: gae computes in doubles, and the CLI prints every digit of them.
  const out = { advantages: new Float64Array(steps), returns: new Float64Array(steps) }
  gae({ n: 1, ...input, lastValues: [input.lastValue] }, { gamma, lambda }, out)
  assertFinite(out.advantages, 'advantages')
  assertFinite(out.returns, 'returns')
  return `${JSON.stringify({ advantages: Array.from(out.advantages), returns: Array.from(out.returns) })}\n`
}

const SingleInputSchema = z.strictObject({ groups: z.array(z.array(z.number())) })
const MultiInputSchema = z.strictObject({
  groups: z.array(z.array(z.array(z.number()).min(1))),
  weights: z.array(z.number()),
  combine: z.enum(['sum', 'decoupled']),
})

function groupCommand(flags: Map<string, string>, switches: Set<string>, readStdin: () => string): string {
  const estimator = groupEstimator(flags, switches)
  const raw = parseJson(readStdin(), GROUP_SHAPE)
  refuseOtherEstimatorsInputs(raw, 'group')
  let groupSizes: number[]
  let advantages: Float64Array
  if (firstCompletionIsArray(raw)) {
    const input = validateInput(raw, MultiInputSchema, MULTI_SHAPE)
    groupSizes = input.groups.map((group) => group.length)
    const completions = input.groups.flat()
    const K = completions[0].length
    input.groups.forEach((group, g) =>
      group.forEach((completion, i) => {
        if (completion.length !== K) throw new UsageError(`groups[${g}][${i}] has ${completion.length} components but the first completion has ${K}; every completion needs one value per component`)
      }),
    )
    if (input.weights.length !== K) throw new UsageError(`weights has ${input.weights.length} entries but each completion has ${K} components; give one weight per component`)
    advantages = groupAdvantagesMulti(completions.flat(), K, input.weights, groupSizes, { ...estimator, combine: input.combine })
  } else {
    const input = validateInput(raw, SingleInputSchema, GROUP_SHAPE)
    groupSizes = input.groups.map((group) => group.length)
    advantages = groupAdvantages(input.groups.flat(), groupSizes, estimator)
  }
  return groupedOutput(advantages, groupSizes)
}

/** {"advantages": [[a, ...], ...]}, one inner array per group; overflowed advantages refused. */
function groupedOutput(advantages: Float64Array, groupSizes: number[]): string {
  assertFinite(advantages, 'advantages')
  const grouped: number[][] = []
  let start = 0
  for (const size of groupSizes) {
    grouped.push(Array.from(advantages.subarray(start, start + size)))
    start += size
  }
  return `${JSON.stringify({ advantages: grouped })}\n`
}

/** Several components per completion ([[[c1, c2], …]]) or one reward ([[r, …]]): the first completion tells. */
function firstCompletionIsArray(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null || !('groups' in raw) || !Array.isArray(raw.groups)) return false
  for (const group of raw.groups as unknown[]) {
    if (Array.isArray(group) && group.length > 0) return Array.isArray(group[0])
  }
  return false
}

/** An input another estimator reads, refused by name rather than as an unknown key. */
function refuseOtherEstimatorsInputs(raw: unknown, estimator: 'gae' | GroupBaseline, named: string = estimator): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return
  for (const [key, owner] of Object.entries(ESTIMATOR_INPUTS)) {
    const shown = owner === 'gae' ? owner : commandNameOf(groupEstimatorOf(owner))
    if (owner !== estimator && Object.hasOwn(raw, key)) throw new UsageError(`"${key}" is the input of --estimator ${shown}; --estimator ${named} does not take it`)
  }
}

const RemaxInputSchema = z.strictObject({ groups: z.array(z.array(z.number())), greedy: z.array(z.number()) })

function remaxCommand(readStdin: () => string, named: string): string {
  const raw = parseJson(readStdin(), REMAX_SHAPE)
  refuseOtherEstimatorsInputs(raw, 'remax', named)
  const input = validateInput(raw, RemaxInputSchema, REMAX_SHAPE)
  if (input.greedy.length !== input.groups.length) throw new UsageError(`greedy has ${input.greedy.length} entries but groups has ${input.groups.length}; give one greedy reward per group`)
  const groupSizes = input.groups.map((group) => group.length)
  return groupedOutput(remaxAdvantages(input.groups.flat(), groupSizes, input.greedy), groupSizes)
}

const OpoInputSchema = z.strictObject({ groups: z.array(z.array(z.number())), lengths: z.array(z.array(z.number())) })

function opoCommand(readStdin: () => string, named: string): string {
  const raw = parseJson(readStdin(), OPO_SHAPE)
  refuseOtherEstimatorsInputs(raw, 'opo', named)
  const input = validateInput(raw, OpoInputSchema, OPO_SHAPE)
  if (input.lengths.length !== input.groups.length) throw new UsageError(`lengths has ${input.lengths.length} groups but groups has ${input.groups.length}; give one length per completion`)
  input.lengths.forEach((lengths, g) => {
    if (lengths.length !== input.groups[g].length) throw new UsageError(`lengths[${g}] has ${lengths.length} entries but groups[${g}] has ${input.groups[g].length}; give one length per completion`)
    lengths.forEach((length, i) => {
      if (!Number.isSafeInteger(length) || length < 1) throw new UsageError(`lengths[${g}][${i}] is ${length}; a length is a whole number of tokens, at least 1`)
    })
  })
  const groupSizes = input.groups.map((group) => group.length)
  return groupedOutput(opoAdvantages(input.groups.flat(), groupSizes, input.lengths.flat()), groupSizes)
}

const PasskInputSchema = z.strictObject({ groups: z.array(z.array(z.number())) })

function passkCommand(flags: Map<string, string>, readStdin: () => string, named: string): string {
  const kText = flags.get('k')
  if (kText === undefined) throw new UsageError('advantages --estimator passk needs --k (how many completions a pass@k draw takes, a whole number from 1 to the group size)')
  const k = parseNumber(kText, '--k')
  if (!Number.isSafeInteger(k) || k < 1) throw new UsageError(`--k must be a whole number of at least 1, got ${kText}`)
  const epsText = flags.get('eps')
  const eps = epsText === undefined ? 0 : parseNumber(epsText, '--eps')
  if (eps < 0 || eps > 1) throw new UsageError(`--eps must be from 0 to 1, got ${epsText}`)
  const raw = parseJson(readStdin(), PASSK_SHAPE)
  refuseOtherEstimatorsInputs(raw, 'passk', named)
  const input = validateInput(raw, PasskInputSchema, PASSK_SHAPE)
  input.groups.forEach((group, g) => {
    if (group.length > 0 && k > group.length) throw new UsageError(`--k ${k} is more than groups[${g}]'s ${group.length} completions; k must be at most every group's size`)
    group.forEach((reward, i) => {
      if (reward !== 0 && reward !== 1) throw new UsageError(`groups[${g}][${i}] is ${reward}; pass@k takes 1 for a right completion and 0 for a wrong one`)
    })
  })
  const groupSizes = input.groups.map((group) => group.length)
  return groupedOutput(passkAdvantages(input.groups.flat(), groupSizes, k, eps), groupSizes)
}

/** The scales verl's grpo_passk has: its group's std (norm_adv_by_std_in_grpo true) or none (false). */
const PASSK_VERL_SCALES = ['group', 'none']

/** verl's grpo_passk: only each group's best completion gets an advantage, its lead over the second best. */
function passkVerlCommand(flags: Map<string, string>, readStdin: () => string, named: string): string {
  const scale = flags.get('scale') ?? 'group'
  if (!PASSK_VERL_SCALES.includes(scale)) throw new UsageError(`unknown --scale "${scale}" for --estimator ${named}; accepted: ${PASSK_VERL_SCALES.join(', ')}`)
  const epsText = flags.get('eps')
  const eps = epsText === undefined ? GroupEstimatorSchema.parse({}).eps : parseNumber(epsText, '--eps')
  if (eps < 0 || eps > 1) throw new UsageError(`--eps must be from 0 to 1, got ${epsText}`)
  const raw = parseJson(readStdin(), PASSK_VERL_SHAPE)
  refuseOtherEstimatorsInputs(raw, 'passk_verl', named)
  const input = validateInput(raw, SingleInputSchema, PASSK_VERL_SHAPE)
  input.groups.forEach((group, g) => {
    if (group.length === 1) throw new UsageError(`groups[${g}] has 1 completion; --estimator ${named} credits a group's best completion by its lead over the second best, so every group needs at least 2`)
  })
  const groupSizes = input.groups.map((group) => group.length)
  return groupedOutput(passkVerlAdvantages(input.groups.flat(), groupSizes, scale === 'group', eps), groupSizes)
}

const ReinforcePlusPlusInputSchema = z.strictObject({ rewards: z.array(z.number()), penalties: z.array(z.array(z.number())) })

function reinforcePlusPlusCommand(readStdin: () => string, named: string): string {
  const raw = parseJson(readStdin(), REINFORCE_PP_SHAPE)
  // A completion's length is its count of penalties here: a separate "lengths" could disagree with them.
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.hasOwn(raw, 'lengths')) {
    throw new UsageError(`--estimator ${named} takes no "lengths": each completion's length is its number of penalties; expected ${REINFORCE_PP_SHAPE}`)
  }
  refuseOtherEstimatorsInputs(raw, 'token_batch', named)
  const input = validateInput(raw, ReinforcePlusPlusInputSchema, REINFORCE_PP_SHAPE)
  if (input.penalties.length !== input.rewards.length) throw new UsageError(`penalties has ${input.penalties.length} completions but rewards has ${input.rewards.length}; give one array of penalties per completion`)
  input.penalties.forEach((penalties, i) => {
    if (penalties.length === 0) throw new UsageError(`penalties[${i}] is empty; a completion has at least 1 token, so give one penalty per token (0 where the KL is not in the reward)`)
  })
  const lengths = input.penalties.map((penalties) => penalties.length)
  const advantages = reinforcePlusPlusAdvantages(input.rewards, lengths, input.penalties.flat())
  return groupedOutput(advantages, lengths)
}

const McGrpoInputSchema = z.strictObject({ groups: z.array(z.array(z.number())) })

/** MC-GRPO: {"advantages": [[a, ...], ...], "pivots": [p, ...]}, p the index within its group of the completion left out of the loss (its a is 0). */
function mcGrpoCommand(readStdin: () => string, named: string): string {
  const raw = parseJson(readStdin(), MC_GRPO_SHAPE)
  refuseOtherEstimatorsInputs(raw, 'mc_grpo', named)
  const input = validateInput(raw, McGrpoInputSchema, MC_GRPO_SHAPE)
  input.groups.forEach((group, g) => {
    if (mcGrpoGroupSizeProblem(group.length) !== null) {
      throw new UsageError(`groups[${g}] has ${group.length} rewards; MC-GRPO takes groups of G + 1 completions, an odd number of at least 3 (3, 5, 7, …), so that one is the median`)
    }
  })
  const groupSizes = input.groups.map((group) => group.length)
  const { advantages, pivots } = mcGrpoAdvantages(input.groups.flat(), groupSizes)
  assertFinite(advantages, 'advantages')
  let start = 0
  const grouped = groupSizes.map((size) => Array.from(advantages.subarray(start, (start += size))))
  return `${JSON.stringify({ advantages: grouped, pivots: Array.from(pivots) })}\n`
}

const ProcessInputSchema = z.strictObject({ groups: z.array(z.array(z.array(z.number()))), outcomes: z.array(z.array(z.number())).optional() })

/** DeepSeekMath's process supervision (process) or PURE's min-form credit (process_min): {"advantages": [[[a, ...], ...], ...]}, one per token of each completion of each group. */
function processCommand(flags: Map<string, string>, readStdin: () => string, named: string, minForm: boolean): string {
  const epsText = flags.get('eps')
  const eps = epsText === undefined ? GroupEstimatorSchema.parse({}).eps : parseNumber(epsText, '--eps')
  if (eps < 0 || eps > 1) throw new UsageError(`--eps must be from 0 to 1, got ${epsText}`)
  const raw = parseJson(readStdin(), PROCESS_SHAPE)
  refuseOtherEstimatorsInputs(raw, minForm ? 'process_min' : 'process', named)
  const input = validateInput(raw, ProcessInputSchema, PROCESS_SHAPE)
  input.groups.forEach((group, g) =>
    group.forEach((rewards, i) => {
      if (rewards.length === 0) throw new UsageError(`groups[${g}][${i}] is empty; a completion has at least 1 token, so give one reward per token`)
    }),
  )
  // process_min's outcomes: one per completion of each group, added after the minimum.
  if (input.outcomes !== undefined) {
    if (input.outcomes.length !== input.groups.length) throw new UsageError(`outcomes has ${input.outcomes.length} groups but groups has ${input.groups.length}; give one outcome per completion of each group`)
    input.outcomes.forEach((outcomes, g) => {
      if (outcomes.length !== input.groups[g].length) throw new UsageError(`outcomes[${g}] has ${outcomes.length} values but groups[${g}] has ${input.groups[g].length} completions; give one outcome per completion`)
    })
  }
  const completions = input.groups.flat()
  const lengths = completions.map((rewards) => rewards.length)
  const sizes = input.groups.map((group) => group.length)
  const advantages =
    minForm ? minFormProcessAdvantages(completions.flat(), lengths, sizes, eps, input.outcomes?.flat()) : processSupervisionAdvantages(completions.flat(), lengths, sizes, eps)
  assertFinite(advantages, 'advantages')
  let token = 0
  const nested = input.groups.map((group) => group.map((rewards) => Array.from(advantages.subarray(token, (token += rewards.length)))))
  return `${JSON.stringify({ advantages: nested })}\n`
}
