import { passkOf, type EstimatorSettings } from './estimatorSettings'
import { groupAdvantagesMulti } from './group'
import { mcGrpoAdvantages, mcGrpoGroupSizeProblem } from './mcGrpo'
import { mixedRewards, taskRewards, withColumn, withPenalties, type BatchField, type GroupScores } from './groupScores'
import { opoAdvantages } from './opo'
import { passkAdvantages } from './passk'
import { passkVerlAdvantages } from './passkVerl'
import { processBatchAdvantages } from './processBatch'
import { reinforcePlusPlusAdvantages } from './reinforcePlusPlus'
import { remaxAdvantages } from './remax'

/*
 * The advantage estimators of the group family, one record each: the one list that the option
 * schema (estimatorSchema.ts), batchAdvantages, the what-if, the estimator comparison, the Learner
 * panel and the command line's `advantages` read. Each record says what a batch must carry for it
 * and computes it from the batch's scores (groupScores.ts: R_i, P_i); its formula's own file holds
 * the rest. docs/architecture.md, "Adding an estimator", lists what a new one touches.
 */

/** A batch as a learner reports it, before weights: what an estimator checks it carries (GroupBatch is one). */
export type ReportedBatch = Pick<GroupScores, 'groupSizes' | 'klPenalty' | BatchField> & { names: readonly string[] }

export interface GroupEstimatorRecord {
  /** The option's value (estimator.baseline), kept in links, files and saved designs. */
  name: string
  /** Other names it answers to where a person types it (the command line). */
  aliases: readonly string[]
  /** The name the command line lists, where it is not `name` (one of the aliases). */
  commandName?: string
  /** How a person calls it. */
  label: string
  /** The Learner panel's line for it, after "name: ". */
  hint: string
  /** What the batch must carry besides components, weights and group sizes. */
  needs: readonly BatchField[]
  /** The settings besides batchNormalize and eps that change its advantages (two estimators of this baseline differ only in them). */
  reads: readonly (keyof EstimatorSettings)[]
  /** The estimator comparison's name for it on its own, or null where a preset offers it or it cannot be compared (src/model/estimatorRegistry.test.ts says which). */
  comparisonLabel: string | null
  /** Why the options refuse it with the KL in the reward, where they do. */
  refusesKlInReward?: string
  /** Why the options refuse it with dynamic sampling, where they do. */
  refusesDynamicSampling?: string
  /** Why the options refuse it with the batch's std as the scale (estimator.scale batch), where they do. */
  refusesBatchScale?: string
  /** Why a group of this many completions does not fit it (too few, or not G + 1), or null; absent: any group fits. */
  groupSizeProblem?: (size: number) => string | null
  /** The advantages, one per completion or one per token; `penalties` is P_i, or null without the KL in the reward. */
  advantages: (scores: GroupScores, settings: EstimatorSettings, penalties: Float64Array | null) => Float64Array
  /** 1 for each completion the loss leaves out (no gradient, in no divisor), one per completion; absent where the loss keeps every one. */
  excluded?: (scores: GroupScores, settings: EstimatorSettings, penalties: Float64Array | null) => Uint8Array
  /** Why a batch cannot be re-scored under it (it lacks what it reads), or null when it can. */
  lacks: (batch: ReportedBatch, settings: EstimatorSettings) => string | null
}

const NO_LENGTHS = 'the latest batch has no completion lengths'
const NO_TOKEN_REWARDS = 'the latest batch has no rewards per token, which only a run under the process baseline sends'
const processLacks = (batch: ReportedBatch) => (batch.lengths !== undefined && batch.tokenComponents !== undefined ? null : NO_TOKEN_REWARDS)

export const GROUP_ESTIMATORS = [
  {
    // Centre and scale per group: GRPO and its relatives (group.ts)
    name: 'group',
    aliases: [],
    label: 'group-relative',
    hint: 'the centre and scale below (GRPO, Dr. GRPO, RLOO, a median centre).',
    needs: [],
    reads: ['center', 'scale', 'rank', 'combine'],
    comparisonLabel: null,
    // groupAdvantagesMulti (centre, scale, rank, combine, batchNormalize) over C_i1 … C_iK, P_i
    advantages: (scores, settings, penalties) => {
      const K = scores.weights.length
      if (penalties === null) return groupAdvantagesMulti(scores.components, K, scores.weights, scores.groupSizes, settings, undefined, scores.applies)
      // P_i applies to every completion
      const applies = scores.applies === undefined ? undefined : withColumn(scores.applies, K, new Float64Array(penalties.length).fill(1))
      return groupAdvantagesMulti(withColumn(scores.components, K, penalties), K + 1, [...Array.from(scores.weights), 1], scores.groupSizes, settings, undefined, applies)
    },
    lacks: () => null,
  },
  {
    // The group's greedy completion's reward (Li et al. 2023)
    name: 'remax',
    aliases: [],
    label: 'ReMax',
    hint: 'the reward of the prompt’s greedy answer, written once more per group at every update (ReMax).',
    needs: ['greedyComponents'],
    reads: [],
    comparisonLabel: 'ReMax baseline',
    refusesDynamicSampling:
      'the remax baseline rolls out one greedy completion per prompt of a single round, and dynamic sampling draws several rounds; turn dynamic sampling off for remax, or pick another baseline',
    // a_i = R_i + P_i − R_greedy, R_greedy = Σ_k w_k·G_gk of the group's greedy completion, its task
    // reward only, as verl's reward_baselines (remax.ts)
    advantages: (scores, _settings, penalties) => {
      const rewards = withPenalties(taskRewards(scores), penalties)
      if (scores.greedyComponents === undefined) throw new Error('batchAdvantages: the remax baseline needs each group’s greedy completion (greedyComponents)')
      return remaxAdvantages(rewards, scores.groupSizes, mixedRewards(scores.greedyComponents, scores.weights))
    },
    lacks: (batch) =>
      batch.greedyComponents !== undefined && batch.greedyComponents.length === batch.groupSizes.length * batch.names.length
        ? null
        : 'the latest batch has no greedy completions, which only a run under the remax baseline writes',
  },
  {
    // The length-weighted group mean (Hao et al. 2025)
    name: 'opo',
    aliases: [],
    label: 'OPO',
    hint: 'the group’s mean reward weighted by answer length (OPO).',
    needs: ['lengths'],
    reads: [],
    comparisonLabel: 'OPO baseline',
    // a_i = (R_i + P_i) − Σ_j |o_j|·(R_j + P_j) / Σ_j |o_j| (opo.ts)
    advantages: (scores, _settings, penalties) => {
      const rewards = withPenalties(taskRewards(scores), penalties)
      if (scores.lengths === undefined) throw new Error('batchAdvantages: the opo baseline needs each completion’s length (lengths)')
      return opoAdvantages(rewards, scores.groupSizes, scores.lengths)
    },
    lacks: (batch) => (batch.lengths !== undefined ? null : NO_LENGTHS),
  },
  {
    // pass@k advantages in closed form (Chen et al. 2025)
    name: 'passk',
    aliases: [],
    label: 'pass@k',
    hint: 'credit a group by whether any k of its answers is right, an answer right when its reward is above 0 (pass@k training).',
    needs: [],
    reads: ['k'],
    comparisonLabel: 'pass@1 baseline',
    refusesKlInReward:
      'the passk baseline judges each answer right or wrong by its task reward, which a KL penalty in the reward would blur; put the KL in the loss for passk, or pick another baseline',
    // pass@k advantages (passk.ts) of the verdicts R_i > 0 (right) and R_i ≤ 0 (wrong), eps as the
    // estimator's; not with the KL in the reward (the options refuse it)
    advantages: (scores, settings, penalties) => {
      const rewards = taskRewards(scores)
      if (penalties !== null) throw new Error('batchAdvantages: pass@k judges the task reward alone; it takes no KL penalty in the reward')
      // A completion passes when its reward is above 0: with a verifier's 0/1 reward, exactly when it is right.
      const correct = rewards.map((reward) => (reward > 0 ? 1 : 0))
      return passkAdvantages(correct, scores.groupSizes, passkOf(settings), settings.eps)
    },
    lacks: (batch, settings) => {
      if (batch.klPenalty !== undefined) return 'the latest batch has the KL in its reward, which pass@k does not take'
      const k = passkOf(settings)
      return Array.from(batch.groupSizes).every((size) => size === 0 || k <= size) ? null : `pass@k's k (${k}) is more than a group's completions`
    },
  },
  {
    // REINFORCE++ as OpenRLHF computes it: one advantage per token
    name: 'token_batch',
    aliases: ['reinforce_pp'],
    commandName: 'reinforce_pp',
    label: 'REINFORCE++',
    hint: 'each token’s return-to-go (the task reward, with the KL where it is in the reward), less the batch’s mean over tokens, over its std (REINFORCE++, OpenRLHF).',
    needs: ['lengths'],
    reads: [],
    comparisonLabel: null,
    // REINFORCE++'s returns-to-go of R_i and the p_t, normalised over the batch's tokens (reinforcePlusPlus.ts)
    advantages: (scores) => {
      const rewards = taskRewards(scores)
      if (scores.lengths === undefined) throw new Error('batchAdvantages: the token_batch baseline needs each completion’s length (lengths)')
      return reinforcePlusPlusAdvantages(rewards, scores.lengths, scores.klPenalty ?? null)
    },
    lacks: (batch) => (batch.lengths !== undefined ? null : NO_LENGTHS),
  },
  {
    // DeepSeekMath's process supervision (Shao et al. 2024)
    name: 'process',
    aliases: [],
    label: 'process supervision',
    hint: 'each token’s own reward (a process reward model pays one per token) over its group’s tokens’ mean and std, a token’s advantage the sum of these from it to the answer’s end (DeepSeekMath’s process supervision).',
    needs: ['lengths', 'tokenComponents'],
    reads: [],
    comparisonLabel: null,
    // DeepSeekMath's process supervision over each token's reward r_t = Σ_k w_k·c_k,t (+ p_t),
    // normalised by its group's tokens' mean and std (+ eps) and summed from t to the completion's
    // end (processBatch.ts, processSupervision.ts)
    advantages: (scores, settings) => {
      taskRewards(scores)
      return processBatchAdvantages(scores, settings.eps, false)
    },
    lacks: processLacks,
  },
  {
    // PURE's min-form credit (Cheng et al. 2025)
    name: 'process_min',
    aliases: [],
    label: 'min-form credit (PURE)',
    hint: 'a token’s return is the minimum of the process rewards (a process reward model’s) from it to the answer’s end, plus the answer’s other rewards added after that minimum (the outcome, as PURE adds its verifiable reward), judged against the group’s answers’ values by their mean and std, so a run of harmless steps is worth no more than its worst (PURE’s min-form credit).',
    needs: ['lengths', 'tokenComponents'],
    reads: [],
    comparisonLabel: null,
    // G_t = min_{s ≥ t} r_s + R_i, judged against the group's completion values G_1 by their mean
    // and std (+ eps) (processMinForm.ts); where the process components are named
    // (processComponents), r_t sums those alone (+ p_t) and R_i = Σ_k w_k·C_ik over the others (the
    // outcome, after the minimum, as PURE adds its verifiable reward); else r_t as process's and R_i = 0
    advantages: (scores, settings) => {
      taskRewards(scores)
      return processBatchAdvantages(scores, settings.eps, true)
    },
    lacks: processLacks,
  },
  {
    // verl's grpo_passk: the group's best completion by its lead over the second best
    name: 'passk_verl',
    aliases: ['grpo_passk'],
    commandName: 'grpo_passk',
    label: 'pass@k, best of group (verl)',
    hint: 'only the group’s best answer gets credit, its reward’s lead over the second best, over the group’s std with scale group or bare with scale none; a tie for the best gives every answer 0 (verl’s grpo_passk).',
    needs: [],
    reads: ['scale'],
    comparisonLabel: 'verl grpo_passk baseline',
    refusesBatchScale:
      'the passk_verl baseline divides by its group’s std (scale group, verl’s norm_adv_by_std_in_grpo) or by nothing (scale none), never by the batch’s; set scale to group or none',
    groupSizeProblem: (size) => (size >= 2 ? null : `the passk_verl baseline needs groups of at least 2 completions, and a group here has ${size}; raise the group size or pick another baseline`),
    // a_i* = (r_max − r_2nd)/(std + eps) (scale group) or r_max − r_2nd (scale none) for the group's
    // best completion i*, 0 for the rest, over R_i + P_i as verl's token-level rewards take the KL
    // in the reward (passkVerl.ts)
    advantages: (scores, settings, penalties) => {
      const rewards = withPenalties(taskRewards(scores), penalties)
      if (settings.scale === 'batch') throw new Error('batchAdvantages: the passk_verl baseline takes scale group or none, not batch')
      return passkVerlAdvantages(rewards, scores.groupSizes, settings.scale === 'group', settings.eps)
    },
    lacks: (batch, settings) => {
      if (settings.scale === 'batch') return 'passk_verl takes scale group or none, not batch'
      return Array.from(batch.groupSizes).every((size) => size !== 1) ? null : 'a group of the latest batch has 1 completion, and passk_verl credits a group’s best by its lead over the second best'
    },
  },
  {
    // The group's median, the MAD and one pivot left out of the loss (Kim 2026)
    name: 'mc_grpo',
    aliases: [],
    label: 'MC-GRPO',
    hint: 'a group is G + 1 answers, an odd number: each reward less the group’s median, over the median absolute deviation + 0.001, the advantages that are not 0 then scaled by (G + 1) over their count; the answer on the median (the first, among ties) is left out of the loss, so G answers train (MC-GRPO).',
    needs: [],
    reads: [],
    // A preset offers it (GRPO_PRESETS_BEYOND_GROUP.mc_grpo).
    comparisonLabel: null,
    // With the KL in the reward the median and MAD are of R_i + P_i, as group's mean and std are;
    // dynamic sampling keeps whole groups of G + 1 (a silent group's advantages are all 0 anyway).
    // a_i of mcGrpoAdvantages (mcGrpo.ts) over R_i + P_i
    advantages: (scores, _settings, penalties) => mcGrpoAdvantages(withPenalties(taskRewards(scores), penalties), scores.groupSizes).advantages,
    // The pivots: the first completion of each group whose reward is the group's median
    excluded: (scores, _settings, penalties) => mcGrpoAdvantages(withPenalties(taskRewards(scores), penalties), scores.groupSizes).excluded,
    groupSizeProblem: mcGrpoGroupSizeProblem,
    lacks: (batch) => {
      const misfit = Array.from(batch.groupSizes).find((size) => mcGrpoGroupSizeProblem(size) !== null)
      return misfit === undefined ? null : `the latest batch's groups have ${misfit} completions, and MC-GRPO takes an odd number of at least 3 (G + 1), so that one is the median`
    },
  },
] as const satisfies readonly GroupEstimatorRecord[]

export type GroupBaseline = (typeof GROUP_ESTIMATORS)[number]['name']

/** Every estimator's name, in the registry's order: the option's accepted values. */
export const GROUP_BASELINES = GROUP_ESTIMATORS.map((record) => record.name) as unknown as NamesOf<typeof GROUP_ESTIMATORS>

/** The tuple of the records' names, in order. */
type NamesOf<Records extends readonly { name: string }[]> = { readonly [I in keyof Records]: Records[I] extends { name: infer Name } ? Name : never }

/** A record of the registry, its name one of GROUP_BASELINES. */
export type GroupEstimatorEntry = GroupEstimatorRecord & { name: GroupBaseline }

const ENTRIES: readonly GroupEstimatorEntry[] = GROUP_ESTIMATORS

/** The record of a baseline. */
export function groupEstimatorOf(baseline: GroupBaseline): GroupEstimatorEntry {
  return ENTRIES.find((record) => record.name === baseline)!
}

/** The record a person's name for an estimator means (its name or an alias), or null. */
export function groupEstimatorNamed(name: string): GroupEstimatorEntry | null {
  return ENTRIES.find((record) => record.name === name || record.aliases.includes(name)) ?? null
}

/** The name the command line lists for an estimator. */
export function commandNameOf(record: GroupEstimatorRecord): string {
  return record.commandName ?? record.name
}
