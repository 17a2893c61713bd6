import { tokenFixedProver } from '../core/envs/tokenseqFixedProver'
import { MOUNTAINCAR_PPO } from '../core/run/config'
import type { RewardModel } from '../core/preferences/rewardModel'
import { buildDesign, type DesignRecipe } from './recipe'
import { LESSON_MODEL_RECIPE, OVER_OPTIMISATION_MODEL_RECIPE } from './rewardModelRecipe'
import { LENGTH_BIASED_MODELS, OVER_OPTIMISATION_MODELS } from './rewardModels'
import { PROCESS_MODEL_RECIPE } from './processModelRecipe'
import { LESSON_PROCESS_MODEL } from './processRewardModel'
import { fillText, LESSON_TEXTS } from './lessonTexts'
import { REFS } from './references'
import type { Lesson, LessonText, Reference } from './types'

/*
 * The guided lessons. Each is a ready design (built and validated by buildDesign), a question, and
 * the text that leads a student through it. The text lives in text/<id>.json (lessonTexts.ts);
 * here are the designs, the claims and the references. Every design and variant is checked by the
 * unit tests the way a link is checked, and trained briefly through the core trainer.
 */

interface LessonSource extends Omit<Lesson, 'design' | 'variants' | keyof LessonText> {
  variants: { label: string; recipe: DesignRecipe }[]
  /** Values for the {name} placeholders of the lesson's text: the constants its designs use. */
  fill?: Record<string, string | number>
}

function lesson({ fill, ...source }: LessonSource): Lesson {
  const text = LESSON_TEXTS[source.id]
  if (!text) throw new Error(`lesson ${source.id} has no text file (src/lessons/text/${source.id}.json)`)
  const variants = source.variants.map(({ label, recipe }) => ({ label, design: buildDesign(recipe) }))
  return { ...source, ...fillText(text, fill), design: variants[0].design, variants }
}

/** GRPO settings known to teach the token task quickly: easy prompts, short answers, groups of 16. */
const TOKEN_EASY = { difficulty: 'easy', max_length: 4, group_size: 16 }
const GRPO_FAST = { kind: 'grpo', learningRate: 2e-3, beta: 0 } as const

/** MountainCar's default PPO (observations normalised), annealed over 150,000 steps. */
const PPO_MOUNTAINCAR = { kind: 'ppo', ...MOUNTAINCAR_PPO, totalSteps: 150_000 } as const
const MOUNTAINCAR: DesignRecipe = { envId: 'mountaincar', learner: PPO_MOUNTAINCAR }
const COINLOOP: DesignRecipe = { envId: 'gridworld', params: { map: 'coinloop' } }
const CARTPOLE: DesignRecipe = { envId: 'cartpole' }
const FOURROOMS_SPARSE: DesignRecipe = {
  envId: 'gridworld',
  params: { map: 'fourrooms' },
  weights: { step: 0, goal: 10 },
  learner: { kind: 'qlearning', gamma: 0.99 },
}
const TOKEN_HARD: DesignRecipe = { envId: 'tokenseq', params: { difficulty: 'hard', max_length: 4, group_size: 8 }, learner: GRPO_FAST }
/** grpo-silent-groups: its budget, the format reward's weight and dynamic sampling's cap of rounds. */
const SILENT_STEPS = 80_000
const SILENT_FORMAT_WEIGHT = 1
const SILENT_MAX_ROUNDS = 10
/** partial-credit: the closeness component's weight and K (closeness_scale), on TOKEN_HARD for SILENT_STEPS. */
const PARTIAL_WEIGHT = 1
const PARTIAL_SCALE = 10
const TOKEN_FAST: DesignRecipe = { envId: 'tokenseq', params: TOKEN_EASY, learner: GRPO_FAST }
/** A judge (the proxy) at a twentieth of correct's weight: light enough that only GRPO's std division lets it take over. */
const WEAK_JUDGE = 0.05
/** small-groups: GRPO on the noisy bandit (Gaussian payouts, noise 1) with groups of `groupSize` pulls, under `estimator`. */
const NOISY_BANDIT = (groupSize: number, estimator?: Record<string, unknown>): DesignRecipe => ({
  envId: 'bandit',
  params: { arms: 'gaussian', noise: 1 },
  learner: { kind: 'grpo', groupSize, ...(estimator === undefined ? {} : { estimator }) },
})
/** small-groups: long enough for MC-GRPO's regret to settle (it trains on 2 of every 3 pulls). */
const SMALL_GROUPS_STEPS = 20_000
const TEAM: DesignRecipe = { envId: 'coop', learner: { kind: 'independent', credit: 'equal' } }
/** The token task's default prompts and GRPO's defaults, paid by a fitted reward model alone (component rm), nothing by the task. */
const LENGTH_BIASED_RM = (model: RewardModel): DesignRecipe => ({ envId: 'tokenseq', learner: { kind: 'grpo' }, weights: { correct: 0, rm: 1 }, reward: { rewardModels: [{ name: 'rm', model }] } })
const LENGTH_BIAS_STEPS = 200_000
/** dpo-vs-rlhf: about 22 DPO reports (88 steps on minibatches of 64 pairs) or 25 GRPO updates. */
const DPO_VS_RLHF_STEPS = 20_000
/** The very pairs LENGTH_BIASED_MODELS were fitted to (their training share): the start policy's, labelled as the recipe says. */
const LENGTH_BIASED_PAIRS = { source: 'start', pairs: LESSON_MODEL_RECIPE.pairs, temperature: LESSON_MODEL_RECIPE.temperature, seed: LESSON_MODEL_RECIPE.seed, biases: { length: LESSON_MODEL_RECIPE.lengthBias } } as const
/** short-answers-tricks: about 200 updates of 256 completions of two to four tokens. */
const TRICKS_STEPS = 150_000
/** process-vs-outcome: hard prompts with room for 8 tokens, GRPO_FAST, correct paid at the end; the process variants add the fitted process model on every token. */
const PROCESS_OUTCOME: DesignRecipe = { envId: 'tokenseq', params: { difficulty: 'hard', max_length: 8, group_size: 8 }, learner: GRPO_FAST }
const PROCESS_RM: DesignRecipe = { ...PROCESS_OUTCOME, weights: { rm: 1 }, reward: { rewardModels: [{ name: 'rm', model: LESSON_PROCESS_MODEL }] } }
const PROCESS_STEPS = 60_000
/** process-vs-outcome: α of PAV's effective reward, the outcome's advantage + α·progress at each token. */
const PAV_WEIGHT = 10
/** process-vs-outcome: the token task's stored prover (progress.prover 'fixed'), whose recipe and correctness its card names. */
const FIXED_PROVER = tokenFixedProver()
/** A chance as a percentage to two significant digits: 0.075 %, 73 %. */
const percent = (rate: number): string => `${Number((100 * rate).toPrecision(2))} %`
/**
 * over-optimisation: GRPO (learning rate 2e-3) against a model of the gold-only labels alone, on the
 * prompts and answer length its pairs were drawn with; `beta` its KL penalty to the start policy.
 */
const AGAINST_RM = (model: RewardModel, beta: number, aggregate: Record<string, unknown> = {}): DesignRecipe => ({
  envId: 'tokenseq',
  params: { ...OVER_OPTIMISATION_MODEL_RECIPE.params },
  learner: { ...GRPO_FAST, beta },
  weights: { correct: 0, rm: 1 },
  reward: { rewardModels: [{ name: 'rm', model, ...aggregate }] },
})
/** ensemble-caution: long enough that gold has fallen against the members' mean. */
const ENSEMBLE_STEPS = 260_000
/** over-optimisation: long enough that gold has peaked and fallen without a KL penalty. */
const OVER_OPTIMISATION_STEPS = 300_000

export const LESSONS: Lesson[] = [
  lesson({
    id: 'sparse-vs-shaped',
    variants: [
      { label: 'Nothing: −1 per step', recipe: MOUNTAINCAR },
      { label: 'Naive swing bonus', recipe: { ...MOUNTAINCAR, weights: { swing: 2 } } },
      { label: 'Potential-based (energy)', recipe: { ...MOUNTAINCAR, reward: { shaping: [{ potential: 'energy', weight: 30, gamma: 0.99 }] } } },
      {
        label: 'Potential-based, raw observations',
        recipe: { ...MOUNTAINCAR, reward: { shaping: [{ potential: 'energy', weight: 30, gamma: 0.99 }] }, learner: { ...PPO_MOUNTAINCAR, normObs: false } },
      },
    ],
    check: {
      steps: 100_000,
      seeds: 5,
      claims: [
        { text: 'With nothing but −1 per step, the car almost never reaches the flag: steps to goal at least 190', figure: 'objective', variant: 0, relation: { kind: 'atLeast', value: 190 } },
        { text: 'Potential-based energy shaping reaches the flag: steps to goal at most 180', figure: 'objective', variant: 2, relation: { kind: 'atMost', value: 180 } },
        { text: 'The naive swing bonus lifts the shaped return above the unshaped run’s', figure: 'shapedReturn', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'while steps to goal does not improve: at least 190, the car wiggles instead of finishing', figure: 'objective', variant: 1, relation: { kind: 'atLeast', value: 190 } },
        { text: 'With raw observations, the same energy shaping takes more steps to goal than with normalised ones', figure: 'objective', variant: 3, relation: { kind: 'above', variant: 2 } },
      ],
    },
    reference: REFS.ngHaradaRussell1999,
    seeAlso: [REFS.suttonBarto2018],
  }),
  lesson({
    id: 'coin-loop',
    variants: [
      { label: 'Goal only (coin 0)', recipe: COINLOOP },
      { label: 'Coin worth 10', recipe: { ...COINLOOP, weights: { coin: 10 } } },
      { label: 'Potential-based instead', recipe: { ...COINLOOP, reward: { shaping: [{ potential: 'distance', weight: 10, gamma: 1 }] } } },
    ],
    check: {
      steps: 20_000,
      seeds: 5,
      claims: [
        { text: 'With the goal only, the agent learns to walk to the goal: path efficiency at least 0.5', figure: 'objective', variant: 0, relation: { kind: 'atLeast', value: 0.5 } },
        { text: 'With the coin at 10, path efficiency falls below the goal-only run’s: the agent loops over the coin', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'With the coin at 10, the shaped return is above the goal-only run’s: the reward says it is doing better', figure: 'shapedReturn', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'Potential-based shaping as heavy as the coin keeps path efficiency above the coin run’s', figure: 'objective', variant: 2, relation: { kind: 'above', variant: 1 } },
      ],
    },
    reference: REFS.ngHaradaRussell1999,
    seeAlso: [],
  }),
  lesson({
    id: 'cliff-sarsa-vs-q',
    variants: [
      { label: 'Q-learning', recipe: { envId: 'cliffwalking', learner: { kind: 'qlearning' } } },
      { label: 'SARSA', recipe: { envId: 'cliffwalking', learner: { kind: 'sarsa' } } },
      { label: 'Expected SARSA', recipe: { envId: 'cliffwalking', learner: { kind: 'expected_sarsa' } } },
    ],
    check: {
      steps: 50_000,
      seeds: 5,
      claims: [
        { text: 'SARSA earns more per episode while it learns than Q-learning (return of the last 20 episodes)', figure: 'shapedReturn', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'Expected SARSA too earns more per episode than Q-learning', figure: 'shapedReturn', variant: 2, relation: { kind: 'above', variant: 0 } },
        { text: 'Q-learning’s episodes take the shorter way, along the edge: its path efficiency is above SARSA’s', figure: 'objective', variant: 0, relation: { kind: 'above', variant: 1 } },
      ],
    },
    reference: REFS.suttonBarto2018,
    seeAlso: [],
  }),
  lesson({
    id: 'credit-over-time',
    variants: [
      { label: 'Every step (+1 alive)', recipe: CARTPOLE },
      { label: 'Delayed to the end', recipe: { ...CARTPOLE, reward: { transforms: { alive: [{ kind: 'delay' }] } } } },
      { label: 'Delayed, GAE λ = 0', recipe: { ...CARTPOLE, reward: { transforms: { alive: [{ kind: 'delay' }] } }, learner: { kind: 'ppo', gaeLambda: 0 } } },
      { label: 'Delayed, then redistributed', recipe: { ...CARTPOLE, reward: { transforms: { alive: [{ kind: 'delay' }, { kind: 'redistribute' }] } } } },
    ],
    check: {
      steps: 100_000,
      seeds: 5,
      claims: [
        { text: 'Delayed to the end, CartPole balances for less time than with a reward every step', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'Redistributed, the delayed reward teaches more than left delayed', figure: 'objective', variant: 3, relation: { kind: 'above', variant: 1 } },
      ],
    },
    reference: REFS.rudder2019,
    seeAlso: [REFS.gae2016, REFS.suttonBarto2018],
  }),
  lesson({
    id: 'exploration-bonuses',
    variants: [
      { label: 'No bonus', recipe: FOURROOMS_SPARSE },
      { label: 'Global counts', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'count_global', beta: 0.1 }] } } },
      { label: 'Episodic counts', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'count_episodic', beta: 0.1 }] } } },
      { label: 'Global × episodic', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'count_combined', beta: 0.1 }] } } },
      { label: 'RND', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'rnd', beta: 0.1 }] } } },
    ],
    check: {
      steps: 200_000,
      seeds: 5,
      claims: [
        { text: 'With no bonus, ε-greedy alone finds the goal on this small map: path efficiency at least 0.7', figure: 'objective', variant: 0, relation: { kind: 'atLeast', value: 0.7 } },
        { text: 'Global counts fade as cells get familiar: path efficiency at least 0.7', figure: 'objective', variant: 1, relation: { kind: 'atLeast', value: 0.7 } },
        { text: 'Episodic counts alone never fade: the agent keeps wandering, path efficiency below the global counts’', figure: 'objective', variant: 2, relation: { kind: 'below', variant: 1 } },
        { text: 'Global × episodic is robust: path efficiency above episodic counts alone', figure: 'objective', variant: 3, relation: { kind: 'above', variant: 2 } },
      ],
    },
    reference: REFS.henaff2023,
    seeAlso: [REFS.strehlLittman2008, REFS.rnd2019],
  }),
  lesson({
    id: 'grpo-silent-groups',
    fill: { steps: SILENT_STEPS.toLocaleString('en-US'), formatWeight: SILENT_FORMAT_WEIGHT, maxRounds: SILENT_MAX_ROUNDS },
    variants: [
      { label: 'Hard prompts, correct only', recipe: TOKEN_HARD },
      { label: '+ format reward', recipe: { ...TOKEN_HARD, weights: { format: SILENT_FORMAT_WEIGHT } } },
      { label: '+ dynamic sampling (DAPO)', recipe: { ...TOKEN_HARD, learner: { ...GRPO_FAST, dynamicSampling: { enabled: true, maxRounds: SILENT_MAX_ROUNDS } } } },
      { label: 'Bigger groups (G = 32)', recipe: { ...TOKEN_HARD, params: { ...TOKEN_HARD.params, group_size: 32 } } },
      { label: 'Easy prompts', recipe: TOKEN_FAST },
    ],
    check: {
      steps: SILENT_STEPS,
      seeds: 5,
      claims: [
        { text: 'Hard prompts, correct only: most groups are silent, at least half of all advantages exactly zero (last 20 updates)', figure: 'zeroAdvantageFraction', variant: 0, relation: { kind: 'atLeast', value: 0.5 } },
        { text: 'Once every answer is well formed, the format reward’s groups fall silent again: at least half of all advantages exactly zero (last 20 updates)', figure: 'zeroAdvantageFraction', variant: 1, relation: { kind: 'atLeast', value: 0.5 } },
        { text: 'Dynamic sampling trains only on groups with signal: fewer advantages exactly zero than with correct only', figure: 'zeroAdvantageFraction', variant: 2, relation: { kind: 'below', variant: 0 } },
        { text: 'The format reward makes groups differ and the reward rises: shaped return above the correct-only run’s', figure: 'shapedReturn', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'It teaches format, not correctness: with the format reward, correct (last 20) at most 0.1', figure: 'objective', variant: 1, relation: { kind: 'atMost', value: 0.1 } },
        { text: 'Dynamic sampling pays for every group it drops: in the same sampled steps, correct (last 20) at most 0.1', figure: 'objective', variant: 2, relation: { kind: 'atMost', value: 0.1 } },
        { text: 'Easy prompts give signal from the start: fewer advantages exactly zero than on hard prompts', figure: 'zeroAdvantageFraction', variant: 4, relation: { kind: 'below', variant: 0 } },
      ],
    },
    reference: REFS.deepseekMath2024,
    seeAlso: [REFS.dapo2025],
  }),
  lesson({
    id: 'partial-credit',
    fill: { steps: SILENT_STEPS.toLocaleString('en-US'), formatWeight: SILENT_FORMAT_WEIGHT, closenessWeight: PARTIAL_WEIGHT, scale: PARTIAL_SCALE },
    variants: [
      { label: 'Hard prompts, correct only', recipe: TOKEN_HARD },
      { label: '+ format reward', recipe: { ...TOKEN_HARD, weights: { format: SILENT_FORMAT_WEIGHT } } },
      { label: '+ closeness', recipe: { ...TOKEN_HARD, params: { ...TOKEN_HARD.params, closeness_scale: PARTIAL_SCALE }, weights: { closeness: PARTIAL_WEIGHT } } },
    ],
    check: {
      steps: SILENT_STEPS,
      seeds: 5,
      claims: [
        { text: 'Hard prompts, correct only: most groups are silent, at least half of all advantages exactly zero (last 20 updates)', figure: 'zeroAdvantageFraction', variant: 0, relation: { kind: 'atLeast', value: 0.5 } },
        { text: 'Closeness pays the wrong answers, and the reward rises: shaped return above the correct-only run’s', figure: 'shapedReturn', variant: 2, relation: { kind: 'above', variant: 0 } },
        { text: 'but it settles on a near miss, as the format reward on a well-formed one: with closeness, correct (last 20) at most 0.1', figure: 'objective', variant: 2, relation: { kind: 'atMost', value: 0.1 } },
        { text: 'below the correct-only run’s: here partial credit costs correctness', figure: 'objective', variant: 2, relation: { kind: 'below', variant: 0 } },
        { text: 'Once every answer of a group is the same near miss, the groups fall silent again: at least half of all advantages exactly zero (last 20 updates)', figure: 'zeroAdvantageFraction', variant: 2, relation: { kind: 'atLeast', value: 0.5 } },
      ],
    },
    reference: REFS.deepseekMath2024,
    seeAlso: [REFS.ngHaradaRussell1999],
  }),
  lesson({
    id: 'small-groups',
    fill: { steps: SMALL_GROUPS_STEPS.toLocaleString('en-US') },
    variants: [
      { label: 'Mean baseline, G = 2', recipe: NOISY_BANDIT(2) },
      { label: 'MC-GRPO, G = 2: 3 drawn, the median one left out', recipe: NOISY_BANDIT(3, { baseline: 'mc_grpo' }) },
      { label: 'Mean baseline, G = 3', recipe: NOISY_BANDIT(3) },
      { label: 'Mean baseline, G = 16', recipe: NOISY_BANDIT(16) },
    ],
    check: {
      steps: SMALL_GROUPS_STEPS,
      seeds: 5,
      claims: [
        { text: 'MC-GRPO flips fewer signs than the mean baseline with the same two samples carrying gradient (sign-flip fraction, last 20 updates)', figure: 'signFlipFraction', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'and fewer than the mean baseline over all three samples it draws', figure: 'signFlipFraction', variant: 1, relation: { kind: 'below', variant: 2 } },
        { text: 'MC-GRPO ends with lower regret than the mean baseline at G = 2', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'Groups of 16 flip fewest signs of all: fewer than MC-GRPO', figure: 'signFlipFraction', variant: 3, relation: { kind: 'below', variant: 1 } },
        { text: 'but pay 16 pulls for every update: after the same pulls their regret is still above MC-GRPO’s', figure: 'objective', variant: 3, relation: { kind: 'above', variant: 1 } },
      ],
    },
    reference: REFS.mcGrpo2026,
    seeAlso: [REFS.deepseekMath2024],
  }),
  lesson({
    id: 'many-rewards',
    variants: [
      { label: 'Correct + judge at 0.05, summed first', recipe: { ...TOKEN_FAST, weights: { proxy: WEAK_JUDGE } } },
      { label: 'Correct + judge at 0.05, each normalised first', recipe: { ...TOKEN_FAST, weights: { proxy: WEAK_JUDGE }, learner: { ...GRPO_FAST, estimator: { combine: 'decoupled' } } } },
      { label: 'Correct + judge at 0.5, each normalised first', recipe: { ...TOKEN_FAST, weights: { proxy: 0.5 }, learner: { ...GRPO_FAST, estimator: { combine: 'decoupled' } } } },
    ],
    check: {
      steps: 200_000,
      seeds: 5,
      claims: [
        { text: 'Summed first, a judge at a twentieth of correct’s weight still takes over: correct (last 20) at most 0.05', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.05 } },
        { text: 'Each normalised first, the same rewards and weights learn the task: correct above the summed-first run’s', figure: 'objective', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'With the judge at half of correct’s weight, normalising first no longer saves correct: at most 0.05, no better than summing first', figure: 'objective', variant: 2, relation: { kind: 'atMost', value: 0.05 } },
      ],
    },
    reference: REFS.gdpo2026,
    seeAlso: [REFS.deepseekMath2024],
  }),
  lesson({
    id: 'reward-hacking',
    variants: [
      { label: 'Correct only', recipe: TOKEN_FAST },
      { label: 'Length paid', recipe: { ...TOKEN_FAST, weights: { length: 4 } } },
      { label: 'Correct + proxy judge', recipe: { ...TOKEN_FAST, weights: { proxy: 1 } } },
      {
        label: 'Correct + judge bounded at one constant reference',
        recipe: { ...TOKEN_FAST, weights: { proxy: 1 }, reward: { transforms: { proxy: [{ kind: 'scale', factor: 10 }, { kind: 'bounded', reference: 5 }] } } },
      },
      { label: 'Correct + judge at 0.05, no std division', recipe: { ...TOKEN_FAST, weights: { proxy: WEAK_JUDGE }, learner: { ...GRPO_FAST, estimator: { scale: 'none' } } } },
      {
        label: 'Correct + PAR judge: σ(r − r_ref), the reference answer’s score per prompt',
        recipe: { ...TOKEN_FAST, weights: { proxy: 1 }, reward: { transforms: { proxy: [{ kind: 'scale', factor: 10 }, { kind: 'par' }] } } },
      },
    ],
    check: {
      steps: 300_000,
      seeds: 5,
      claims: [
        { text: 'Correct only: the policy learns the task, correct (last 20) at least 0.5', figure: 'objective', variant: 0, relation: { kind: 'atLeast', value: 0.5 } },
        { text: 'Length paid: correctness collapses below the correct-only run’s', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'Length paid: the shaped return climbs above the correct-only run’s, the mark of a hacked reward', figure: 'shapedReturn', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'Correct + judge: correctness falls below the correct-only run’s', figure: 'objective', variant: 2, relation: { kind: 'below', variant: 0 } },
        { text: 'Correct + judge: the judge scores the answers at least 0.6, above the σ(0) = 0.5 it gives a correct one-digit answer before its noise', figure: 'shapedReturn', variant: 2, relation: { kind: 'atLeast', value: 0.6 } },
        { text: 'Bounded at one constant reference, the judge still wins: correctness falls below the correct-only run’s', figure: 'objective', variant: 3, relation: { kind: 'below', variant: 0 } },
        { text: 'A judge at a twentieth of correct’s weight, advantages not divided by the group’s std: the hack is curbed, correct above the raw judge’s run', figure: 'objective', variant: 4, relation: { kind: 'above', variant: 2 } },
        { text: 'PAR’s reference does not tame this judge: it ranks the padded answers far above the reference answer, so PAR pays them far above the σ(0) = 0.5 the reference answer gets, the judge’s term (last 20) at least 0.75', figure: 'contribution', component: 'proxy', variant: 5, relation: { kind: 'atLeast', value: 0.75 } },
        { text: 'and correctness falls as with the raw judge: below the correct-only run’s', figure: 'objective', variant: 5, relation: { kind: 'below', variant: 0 } },
      ],
    },
    reference: REFS.gao2023,
    seeAlso: [REFS.fu2025],
  }),
  lesson({
    id: 'length-biased-labeler',
    fill: { pairs: LESSON_MODEL_RECIPE.pairs.toLocaleString('en-US'), lengthBias: LESSON_MODEL_RECIPE.lengthBias },
    variants: [
      { label: 'Reward model of the length-biased labels', recipe: LENGTH_BIASED_RM(LENGTH_BIASED_MODELS.plain) },
      { label: 'Length given its own head (after ODIN)', recipe: LENGTH_BIASED_RM(LENGTH_BIASED_MODELS.decorrelated) },
      { label: 'Correct only (the gold itself)', recipe: { envId: 'tokenseq', learner: { kind: 'grpo' } } },
    ],
    check: {
      steps: LENGTH_BIAS_STEPS,
      seeds: 5,
      claims: [
        { text: 'Against the length-biased labels’ reward model the answers grow long: length (last 20) at least 7 tokens', figure: 'episodeLength', variant: 0, relation: { kind: 'atLeast', value: 7 } },
        { text: 'and no better: correct (last 20) at most 0.1', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.1 } },
        { text: 'With length given its own head the answers stay shorter than with the plain model', figure: 'episodeLength', variant: 1, relation: { kind: 'below', variant: 0 } },
      ],
    },
    reference: REFS.odin2024,
    seeAlso: [REFS.singhal2023, REFS.gao2023],
  }),
  lesson({
    id: 'short-answers-tricks',
    variants: [
      { label: 'GRPO as it is', recipe: TOKEN_FAST },
      { label: 'Only the top 20 % of tokens by entropy', recipe: { ...TOKEN_FAST, learner: { ...GRPO_FAST, entropyTopFraction: 0.2 } } },
      { label: 'The KL in the reward (β 0.04), groups normalised', recipe: { ...TOKEN_FAST, learner: { ...GRPO_FAST, beta: 0.04, klPlacement: 'reward' } } },
    ],
    check: {
      steps: TRICKS_STEPS,
      seeds: 5,
      claims: [
        { text: 'Only the top 20 % of tokens by entropy: correct (last 20) below plain GRPO’s', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'The KL in the reward with groups normalised: correct (last 20) below plain GRPO’s', figure: 'objective', variant: 2, relation: { kind: 'below', variant: 0 } },
      ],
    },
    reference: REFS.wang2025,
    seeAlso: [REFS.reinforcePlusPlus2025, REFS.deepseekMath2024],
  }),
  lesson({
    id: 'free-riding',
    variants: [
      { label: 'Equal share (the game’s reward)', recipe: TEAM },
      { label: 'Shared: everyone paid the whole output', recipe: { ...TEAM, learner: { kind: 'independent', credit: 'shared' } } },
      { label: 'Difference rewards', recipe: { ...TEAM, learner: { kind: 'independent', credit: 'difference' } } },
      { label: 'Shapley values', recipe: { ...TEAM, learner: { kind: 'independent', credit: 'shapley' } } },
    ],
    check: {
      steps: 20_000,
      seeds: 5,
      claims: [
        { text: 'With an equal share, welfare stays near 0: every agent free-rides', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 1 } },
        { text: 'Difference rewards make the team work: welfare above the equal share’s', figure: 'objective', variant: 2, relation: { kind: 'above', variant: 0 } },
        { text: 'Shapley credit makes the team work: welfare above the equal share’s', figure: 'objective', variant: 3, relation: { kind: 'above', variant: 0 } },
      ],
    },
    reference: REFS.wolpertTumer,
    seeAlso: [REFS.shapley1953],
  }),
  lesson({
    id: 'dpo-vs-rlhf',
    fill: { pairs: LESSON_MODEL_RECIPE.pairs.toLocaleString('en-US'), lengthBias: LESSON_MODEL_RECIPE.lengthBias },
    variants: [
      { label: 'DPO on the length-biased labels', recipe: { envId: 'tokenseq', learner: { kind: 'dpo', preferences: LENGTH_BIASED_PAIRS } } },
      { label: 'RLHF: GRPO against the reward model fitted to them', recipe: LENGTH_BIASED_RM(LENGTH_BIASED_MODELS.plain) },
    ],
    check: {
      steps: DPO_VS_RLHF_STEPS,
      seeds: 5,
      claims: [
        { text: 'DPO on the length-biased labels writes long answers: length (last 20) at least 7.5 tokens', figure: 'episodeLength', variant: 0, relation: { kind: 'atLeast', value: 7.5 } },
        { text: 'and no better ones: correct (last 20) at most 0.1', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.1 } },
        { text: 'RLHF on the same pairs is no better: correct (last 20) at most 0.1', figure: 'objective', variant: 1, relation: { kind: 'atMost', value: 0.1 } },
        { text: 'At this budget DPO is further along the labels’ bias: RLHF’s answers are shorter than DPO’s', figure: 'episodeLength', variant: 1, relation: { kind: 'below', variant: 0 } },
      ],
    },
    reference: REFS.rafailov2023,
    seeAlso: [REFS.park2024, REFS.singhal2023],
  }),
  lesson({
    id: 'process-vs-outcome',
    fill: {
      completions: PROCESS_MODEL_RECIPE.completions.toLocaleString('en-US'),
      proverSteps: FIXED_PROVER.recipe.steps.toLocaleString('en-US'),
      proverTrained: percent(FIXED_PROVER.correctness.trained),
      proverStart: percent(FIXED_PROVER.correctness.start),
    },
    variants: [
      { label: 'Outcome: correct, paid at the end', recipe: PROCESS_OUTCOME },
      { label: 'Process: + the process model on every token, process supervision', recipe: { ...PROCESS_RM, learner: { ...GRPO_FAST, estimator: { baseline: 'process' } } } },
      { label: 'Process, summed per answer (GRPO’s group baseline)', recipe: PROCESS_RM },
      { label: 'Process, min-form credit with correct added after the minimum (PURE)', recipe: { ...PROCESS_RM, learner: { ...GRPO_FAST, estimator: { baseline: 'process_min' } } } },
      { label: 'Outcome + progress (PAV): each token also credited with its change in the start policy’s chance of a right answer', recipe: { ...PROCESS_OUTCOME, learner: { ...GRPO_FAST, progress: { prover: 'start', weight: PAV_WEIGHT } } } },
      { label: 'Outcome + progress under the current policy as the prover', recipe: { ...PROCESS_OUTCOME, learner: { ...GRPO_FAST, progress: { prover: 'current', weight: PAV_WEIGHT } } } },
      { label: 'Outcome + progress under a stronger fixed prover', recipe: { ...PROCESS_OUTCOME, learner: { ...GRPO_FAST, progress: { prover: 'fixed', weight: PAV_WEIGHT } } } },
    ],
    check: {
      steps: PROCESS_STEPS,
      seeds: 5,
      claims: [
        { text: 'With process supervision the answers run to the limit: length (last 20) at least 7 of 8 tokens', figure: 'episodeLength', variant: 1, relation: { kind: 'atLeast', value: 7 } },
        { text: 'and none is right: correct (last 20) at most 0.05', figure: 'objective', variant: 1, relation: { kind: 'atMost', value: 0.05 } },
        { text: 'Summed per answer, the process model teaches ending at once: length (last 20) at most 1.5 tokens', figure: 'episodeLength', variant: 2, relation: { kind: 'atMost', value: 1.5 } },
        { text: 'and none is right either: correct (last 20) at most 0.05', figure: 'objective', variant: 2, relation: { kind: 'atMost', value: 0.05 } },
        { text: 'With correct alone the answers are shorter than under process supervision', figure: 'episodeLength', variant: 0, relation: { kind: 'below', variant: 1 } },
        { text: 'Min-form credit with correct added after the minimum, as PURE adds its verifiable reward, ends at once too: length (last 20) at most 1.5 tokens', figure: 'episodeLength', variant: 3, relation: { kind: 'atMost', value: 1.5 } },
        { text: 'and finds no right answer: correct (last 20) at most 0.05', figure: 'objective', variant: 3, relation: { kind: 'atMost', value: 0.05 } },
        { text: 'With the outcome plus progress under the start policy, the answers take the shape of a two-digit answer: length (last 20) at most 3.5 tokens', figure: 'episodeLength', variant: 4, relation: { kind: 'atMost', value: 3.5 } },
        { text: 'and so they do with the policy being trained as the prover: at most 3.5 tokens', figure: 'episodeLength', variant: 5, relation: { kind: 'atMost', value: 3.5 } },
        { text: 'Under the stronger fixed prover the answers stall at the limit instead: length (last 20) at least 7 of 8 tokens', figure: 'episodeLength', variant: 6, relation: { kind: 'atLeast', value: 7 } },
        { text: 'and none is right: correct (last 20) at most 0.05', figure: 'objective', variant: 6, relation: { kind: 'atMost', value: 0.05 } },
      ],
    },
    reference: REFS.deepseekMath2024,
    seeAlso: [REFS.lightman2023, REFS.setlur2024, REFS.gaoJ2024, REFS.cheng2025],
  }),
  lesson({
    id: 'over-optimisation',
    fill: { pairs: OVER_OPTIMISATION_MODEL_RECIPE.pairs.toLocaleString('en-US'), temperature: OVER_OPTIMISATION_MODEL_RECIPE.temperature },
    variants: [
      { label: 'Against the reward model, no KL penalty', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.single, 0) },
      { label: 'The same with a KL penalty (β 0.3)', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.single, 0.3) },
      { label: 'Correct itself (the gold)', recipe: { envId: 'tokenseq', params: { ...OVER_OPTIMISATION_MODEL_RECIPE.params }, learner: GRPO_FAST } },
    ],
    check: {
      steps: OVER_OPTIMISATION_STEPS,
      seeds: 5,
      claims: [
        { text: 'Without a KL penalty correct peaks and falls: its fall from its peak (last 20) at least 0.1', figure: 'objectiveFallFromPeak', variant: 0, relation: { kind: 'atLeast', value: 0.1 } },
        { text: 'to nothing: correct (last 20) at the end at most 0.02', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.02 } },
        { text: 'as the answers grow to the limit the model’s chance weights pay for: length (last 20) at least 7 tokens', figure: 'episodeLength', variant: 0, relation: { kind: 'atLeast', value: 7 } },
        { text: 'while the reward model’s score climbs on, far above the start policy’s: rm (last 20) at least 0.3', figure: 'contribution', component: 'rm', variant: 0, relation: { kind: 'atLeast', value: 0.3 } },
        { text: 'With the KL penalty correct (last 20) ends above the unpenalised run’s', figure: 'objective', variant: 1, relation: { kind: 'above', variant: 0 } },
      ],
    },
    reference: REFS.gao2023,
    seeAlso: [REFS.odin2024],
  }),
  lesson({
    id: 'ensemble-caution',
    fill: { ensemble: OVER_OPTIMISATION_MODEL_RECIPE.ensemble, pairs: OVER_OPTIMISATION_MODEL_RECIPE.pairs.toLocaleString('en-US') },
    variants: [
      { label: 'Ensemble of 5, their mean', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.ensemble, 0, { aggregate: 'mean' }) },
      { label: 'Their minimum', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.ensemble, 0, { aggregate: 'min' }) },
      { label: 'Their mean − 3·std', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.ensemble, 0, { aggregate: 'mean_minus_std', lambda: 3 }) },
      { label: 'One model', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.single, 0) },
    ],
    check: {
      steps: ENSEMBLE_STEPS,
      seeds: 5,
      claims: [
        { text: 'One model alone is over-optimised: correct (last 20) at the end at most 0.02', figure: 'objective', variant: 3, relation: { kind: 'atMost', value: 0.02 } },
        { text: 'The ensemble’s mean is over-optimised as one model is: correct (last 20) at the end at most 0.02', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.02 } },
        { text: 'Paid by the members’ minimum, correct (last 20) ends above the mean’s', figure: 'objective', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'Paid by their mean − 3·std, correct (last 20) ends above the mean’s', figure: 'objective', variant: 2, relation: { kind: 'above', variant: 0 } },
      ],
    },
    reference: REFS.coste2024,
    seeAlso: [REFS.eisenstein2024, REFS.gao2023],
  }),
]

/** Every lesson id, in catalogue order. */
export const LESSON_IDS: string[] = LESSONS.map((entry) => entry.id)

/** The lesson with this id, or null. */
export function findLesson(id: string): Lesson | null {
  return LESSONS.find((entry) => entry.id === id) ?? null
}

export type { Lesson, Reference }
