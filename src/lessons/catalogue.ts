import { MOUNTAINCAR_PPO } from '../core/run/config'
import type { RewardModel } from '../core/preferences/rewardModel'
import { buildDesign, type DesignRecipe } from './recipe'
import { LESSON_MODEL_RECIPE, OVER_OPTIMISATION_MODEL_RECIPE } from './rewardModelRecipe'
import { LENGTH_BIASED_MODELS, OVER_OPTIMISATION_MODELS } from './rewardModels'
import { PROCESS_MODEL_RECIPE } from './processModelRecipe'
import { LESSON_PROCESS_MODEL } from './processRewardModel'
import { REFS } from './references'
import type { Lesson, Reference } from './types'

/*
 * The guided lessons. Each is a ready design (built and validated by buildDesign), a question, and
 * the text that leads a student through it. Every design and variant is checked by the unit tests
 * the way a link is checked, and trained briefly through the core trainer.
 */

interface LessonSource extends Omit<Lesson, 'design' | 'variants'> {
  variants: { label: string; recipe: DesignRecipe }[]
}

function lesson(source: LessonSource): Lesson {
  const variants = source.variants.map(({ label, recipe }) => ({ label, design: buildDesign(recipe) }))
  return { ...source, design: variants[0].design, variants }
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
const TOKEN_FAST: DesignRecipe = { envId: 'tokenseq', params: TOKEN_EASY, learner: GRPO_FAST }
/** A judge (the proxy) at a twentieth of correct's weight: light enough that only GRPO's std division lets it take over. */
const WEAK_JUDGE = 0.05
const NOISY_BANDIT: DesignRecipe = { envId: 'bandit', params: { arms: 'gaussian', noise: 1 }, learner: { kind: 'grpo', groupSize: 3 } }
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
    title: 'Sparse vs shaped rewards',
    question: 'Can a car that is only ever told "−1 per step" learn to reach the flag, and which hint helps without changing the goal?',
    variants: [
      { label: 'Nothing: −1 per step', recipe: MOUNTAINCAR },
      { label: 'Naive swing bonus', recipe: { ...MOUNTAINCAR, weights: { swing: 2 } } },
      { label: 'Potential-based (energy)', recipe: { ...MOUNTAINCAR, reward: { shaping: [{ potential: 'energy', weight: 30, gamma: 0.99 }] } } },
      {
        label: 'Potential-based, raw observations',
        recipe: { ...MOUNTAINCAR, reward: { shaping: [{ potential: 'energy', weight: 30, gamma: 0.99 }] }, learner: { ...PPO_MOUNTAINCAR, normObs: false } },
      },
    ],
    tryThis: 'Start with nothing but the step cost and train for 100,000 steps, then load the naive swing bonus (+2 whenever the car turns round), then potential-based shaping with the car’s energy as Φ, each from scratch for the same number of steps. Last, load the energy shaping with raw observations: the same reward, but PPO no longer normalises what it sees.',
    lookFor: 'Steps to goal (the true objective, lower is better) against the shaped return. Unshaped, the car almost never finds the flag: steps to goal stays at or near the time limit of 200 and the return at −200, so there is nothing to learn from. The swing bonus lifts the shaped return far above −200 while steps to goal stays at 200: the car has learned to wiggle in the valley, turning round at every step, not to finish. Energy shaping is the one that teaches: steps to goal falls below 200 as the car learns to pump, swinging back before it climbs. With raw observations the same shaping teaches nothing in this budget.',
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
    why: 'A random policy almost never reaches the flag, so with −1 per step every episode looks the same and there is nothing to learn from. A bonus paid for turning round is meant to reward pumping, the way the car really gets up; but a wiggle in the valley is a turn too, and far cheaper than a big swing, so the bonus changes the task: wiggling for +2 a step more than pays the step cost, and finishing would end the stream. Potential-based shaping F = γΦ(s′) − Φ(s) telescopes: over an episode its discounted sum is −Φ(start) (Φ is 0 at the end), the same whatever the policy does, so it cannot change which policy is best (Ng, Harada & Russell 1999), yet it tells the agent at every step whether it gained energy. What was needed here besides the shaping: PPO normalises each observation by its running mean and std (as Gymnasium’s NormalizeObservation does). The car’s velocity never exceeds ±0.07, so unnormalised it barely moves the network’s output, and the policy cannot learn to push with the velocity, which is what pumping is.',
    reference: REFS.ngHaradaRussell1999,
    seeAlso: [REFS.suttonBarto2018],
  }),
  lesson({
    id: 'coin-loop',
    title: 'The coin loop',
    question: 'How heavy must a bonus be before looping over it beats reaching the goal, and why can potential-based shaping never do that?',
    variants: [
      { label: 'Goal only (coin 0)', recipe: COINLOOP },
      { label: 'Coin worth 10', recipe: { ...COINLOOP, weights: { coin: 10 } } },
      { label: 'Potential-based instead', recipe: { ...COINLOOP, reward: { shaping: [{ potential: 'distance', weight: 10, gamma: 1 }] } } },
    ],
    tryThis: 'Train with the goal only until path efficiency is high, then drag the coin slider up while it trains (or press "Coin worth 10 (live)": the coin reaches the running run, marked on the chart). Then compare from scratch: press "Coin worth 10", then the potential-based variant, a shaping term as heavy as the coin (weight 10); each button starts a fresh run.',
    lookFor: 'With a heavy coin the shaped return shoots far above the goal-only run’s while path efficiency falls to nothing and the chart warns of reward hacking; the greedy-policy overlay shows the loop beside the start. With potential-based shaping the shaped return is large too, yet path efficiency stays as high as with the goal only: the agent still walks straight to the goal.',
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
    why: 'The coin reappears as soon as the agent steps off it, so stepping off and back on pays every two steps: at weight 10 that is about +4 a step for as long as the episode lasts, far more than the goal. Randløv & Alstrøm’s (1998) bicycle learned to ride in circles for the same reason: it was paid for progress toward the goal and never charged for moving away. A potential-based term pays γΦ(s′) − Φ(s); around any loop that returns to the same state it sums to zero (with γ = 1), so no loop can farm it (Ng, Harada & Russell 1999).',
    reference: REFS.ngHaradaRussell1999,
    seeAlso: [],
  }),
  lesson({
    id: 'cliff-sarsa-vs-q',
    title: 'CliffWalking: SARSA vs Q-learning',
    question: 'Two learners, the same rewards, the same ε = 0.1: why does one walk the cliff edge and the other keep its distance?',
    variants: [
      { label: 'Q-learning', recipe: { envId: 'cliffwalking', learner: { kind: 'qlearning' } } },
      { label: 'SARSA', recipe: { envId: 'cliffwalking', learner: { kind: 'sarsa' } } },
      { label: 'Expected SARSA', recipe: { envId: 'cliffwalking', learner: { kind: 'expected_sarsa' } } },
    ],
    tryThis: 'Train Q-learning for a few seconds, turn on the policy overlay, then load SARSA and compare. Expected SARSA is the third way.',
    lookFor: 'Q-learning’s greedy path runs along the cliff edge (13 steps) yet its return per episode while it learns is worse, because ε-greedy steps now and then fall off, and each fall costs 100. SARSA’s path keeps a row or two away: its episodes are longer, so its path efficiency is lower, but it falls less and earns more online, as in Sutton & Barto’s Example 6.6. Expected SARSA too earns more than Q-learning.',
    check: {
      steps: 50_000,
      seeds: 5,
      claims: [
        { text: 'SARSA earns more per episode while it learns than Q-learning (return of the last 20 episodes)', figure: 'shapedReturn', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'Expected SARSA too earns more per episode than Q-learning', figure: 'shapedReturn', variant: 2, relation: { kind: 'above', variant: 0 } },
        { text: 'Q-learning’s episodes take the shorter way, along the edge: its path efficiency is above SARSA’s', figure: 'objective', variant: 0, relation: { kind: 'above', variant: 1 } },
      ],
    },
    why: 'Q-learning learns the value of the greedy policy (off-policy: max over the next actions), which is the shortest path, and ignores that its own exploration will sometimes step into the cliff. SARSA learns the value of the policy it actually follows, exploration included (on-policy), so cells beside the cliff look dangerous and it prefers the safe path. With ε decayed to 0 both would converge to the optimal path (Sutton & Barto, Example 6.6).',
    reference: REFS.suttonBarto2018,
    seeAlso: [],
  }),
  lesson({
    id: 'credit-over-time',
    title: 'Credit over time',
    question: 'When the reward only arrives at the end, how does each step learn what it was worth?',
    variants: [
      { label: 'Every step (+1 alive)', recipe: CARTPOLE },
      { label: 'Delayed to the end', recipe: { ...CARTPOLE, reward: { transforms: { alive: [{ kind: 'delay' }] } } } },
      { label: 'Delayed, GAE λ = 0', recipe: { ...CARTPOLE, reward: { transforms: { alive: [{ kind: 'delay' }] } }, learner: { kind: 'ppo', gaeLambda: 0 } } },
      { label: 'Delayed, then redistributed', recipe: { ...CARTPOLE, reward: { transforms: { alive: [{ kind: 'delay' }, { kind: 'redistribute' }] } } } },
    ],
    tryThis: 'Train each variant for the same number of steps. Open the credit timeline to see, step by step, the reward, the value, the TD error and the advantage of the latest episode.',
    lookFor: 'Delayed to the end, the whole return lands on the last step; balance time grows more slowly and the timeline shows credit reaching early steps only through the value estimate. With λ = 0 the advantage is the one-step TD error, which must wait for the critic to carry the reward back. Redistributed, the same total is spread evenly over the episode again and learning recovers part of the way: over the same budget it balances longer than left delayed, though not as long as with a reward every step.',
    check: {
      steps: 100_000,
      seeds: 5,
      claims: [
        { text: 'Delayed to the end, CartPole balances for less time than with a reward every step', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'Redistributed, the delayed reward teaches more than left delayed', figure: 'objective', variant: 3, relation: { kind: 'above', variant: 1 } },
      ],
    },
    why: 'With discount γ a reward T steps ahead counts γ^T (0.99^500 ≈ 0.007), and GAE’s λ decides how far real rewards reach back: λ = 1 uses the whole Monte-Carlo return (unbiased, noisy), λ = 0 only r + γV(s′) − V(s) (low variance, biased by the critic) (Schulman et al. 2016; Sutton & Barto ch. 12 on λ-returns and eligibility traces). RUDDER (Arjona-Medina et al. 2019) redistributes a delayed return over the steps that earned it, so the expected future reward is zero and no credit has to travel; here it is spread uniformly, the simplest redistribution.',
    reference: REFS.rudder2019,
    seeAlso: [REFS.gae2016, REFS.suttonBarto2018],
  }),
  lesson({
    id: 'exploration-bonuses',
    title: 'Exploration bonuses',
    question: 'With a reward only at the goal, what do global, episodic and learned novelty bonuses change about how an agent explores?',
    variants: [
      { label: 'No bonus', recipe: FOURROOMS_SPARSE },
      { label: 'Global counts', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'count_global', beta: 0.1 }] } } },
      { label: 'Episodic counts', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'count_episodic', beta: 0.1 }] } } },
      { label: 'Global × episodic', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'count_combined', beta: 0.1 }] } } },
      { label: 'RND', recipe: { ...FOURROOMS_SPARSE, reward: { bonuses: [{ kind: 'rnd', beta: 0.1 }] } } },
    ],
    tryThis: 'Train each variant for about 100,000 steps with the visit-count overlay on. The goal pays 10 and nothing else does; the bonus is its own component on the chart.',
    lookFor: 'How the visits spread over the four rooms, when path efficiency first rises, and what each bonus is worth late in the run. The global bonus fades as cells get familiar and the agent settles on the goal. The episodic bonus never fades: every episode starts fresh, so on this fixed map the agent can keep wandering for it and path efficiency may stay near 0. On a map this small ε-greedy alone does find the goal, and so do global counts and their product with episodic counts, with path efficiency high; the bonuses change how it gets there. Episodic counts alone keep the agent wandering, and path efficiency stays near nothing.',
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
    why: 'A count bonus β/√N(s′) (Strehl & Littman 2008) pays most for states seen least. Counted over the whole run (global) it rewards what is new to the agent; counted per episode it rewards what is new to this episode. Henaff, Jiang & Raileanu (2023) found global bonuses work when episodes share structure (the same map every time, as here), episodic ones when they do not, and their product is robust in both. Random network distillation (Burda et al. 2019) replaces the count with the error of a network trained to imitate a fixed random one: large on unfamiliar states, fading as they repeat, and it needs no cells.',
    reference: REFS.henaff2023,
    seeAlso: [REFS.strehlLittman2008, REFS.rnd2019],
  }),
  lesson({
    id: 'grpo-silent-groups',
    title: 'GRPO’s silent groups',
    question: 'If every answer in a group gets the same reward, what does GRPO learn from it, and do a format reward or DAPO’s dynamic sampling bring the signal back?',
    variants: [
      { label: 'Hard prompts, correct only', recipe: TOKEN_HARD },
      { label: '+ format reward', recipe: { ...TOKEN_HARD, weights: { format: SILENT_FORMAT_WEIGHT } } },
      { label: '+ dynamic sampling (DAPO)', recipe: { ...TOKEN_HARD, learner: { ...GRPO_FAST, dynamicSampling: { enabled: true, maxRounds: SILENT_MAX_ROUNDS } } } },
      { label: 'Bigger groups (G = 32)', recipe: { ...TOKEN_HARD, params: { ...TOKEN_HARD.params, group_size: 32 } } },
      { label: 'Easy prompts', recipe: TOKEN_FAST },
    ],
    tryThis: `Train the hard prompts (two-digit sums, only a correct answer rewarded) for ${SILENT_STEPS.toLocaleString('en-US')} steps with the Advantages panel and Diagnostics in view, then each variant for the same steps: the format reward at weight ${SILENT_FORMAT_WEIGHT}, dynamic sampling (silent groups dropped, up to ${SILENT_MAX_ROUNDS} rounds of groups drawn for each update), groups of 32, easy prompts. With dynamic sampling, compare groups drawn with groups kept in Diagnostics.`,
    lookFor:
      'On hard prompts a fresh policy is almost never right, so nearly every group is all wrong: the advantage histogram is almost all "exactly zero", and most updates carry little signal. The format reward makes groups differ at once and the shaped return climbs to the format reward’s weight, yet correct stays at zero: the answers become well-formed one-digit numbers, and no sum here has one digit. Once every answer is well formed, the groups are all equal again and the histogram returns to "exactly zero": the format reward lent signal only while it was being learned. Dynamic sampling trains only on groups with signal (its zero-advantage fraction drops to 0), but Diagnostics show what they cost: most groups drawn are dropped, every one of them counted in the steps, so in the same steps it makes only a handful of updates and correct stays near zero. Easy prompts give real signal from the start.',
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
    why: 'GRPO’s advantage is the reward minus its group’s mean, divided by the group’s std (Shao et al. 2024). When all rewards of a group are equal, every advantage is exactly zero and the group gives no gradient, however wrong it is. A format reward adds variety, but the gradient it restores points at what it pays for, here the shortest well-formed answer. DAPO’s dynamic sampling (Yu et al. 2025) over-samples and drops the silent groups, so that every update is a full batch of groups with signal. It cannot make signal where there is none: when nearly every group is silent, filling a batch takes many rounds, and the dropped samples are spent all the same. It pays when a fair share of groups carries signal and updates, not samples, are what counts: DAPO reaches its accuracy in fewer training steps, each of which costs more generation. Where almost nothing is right yet, easier prompts first (a curriculum) or larger groups make right answers appear at all.',
    reference: REFS.deepseekMath2024,
    seeAlso: [REFS.dapo2025],
  }),
  lesson({
    id: 'small-groups',
    title: 'Small groups: mean vs median',
    question: 'With only three samples per group and noisy rewards, how often does the baseline give a good sample a negative advantage?',
    variants: [
      { label: 'Mean baseline, G = 3', recipe: NOISY_BANDIT },
      { label: 'Median baseline, G = 3', recipe: { ...NOISY_BANDIT, learner: { kind: 'grpo', groupSize: 3, estimator: { center: 'median' } } } },
      { label: 'Mean baseline, G = 16', recipe: { ...NOISY_BANDIT, learner: { kind: 'grpo', groupSize: 16 } } },
    ],
    tryThis: 'Train each variant on the noisy bandit (Gaussian payouts, noise 1, arm means 0.1 to 0.9) for the same number of steps and compare regret and the advantage histograms.',
    lookFor: 'With a median baseline and G = 3 one sample per group sits exactly on the baseline: the histogram shows a third of advantages exactly zero. Regret falls with both baselines: on this bandit both learn, and what differs is the credit each sample gets, which the histogram shows. Groups of 16 pay 16 pulls for every update, so after the same pulls their regret is still higher than the groups of 3’s; train them longer to see them catch up. Try other seeds: with small groups the runs differ more.',
    check: {
      steps: 5_000,
      seeds: 5,
      claims: [
        { text: 'With the mean baseline and groups of 3, regret falls: at most 0.15 after 5,000 pulls', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.15 } },
        { text: 'With the median baseline and groups of 3, regret falls too: at most 0.15', figure: 'objective', variant: 1, relation: { kind: 'atMost', value: 0.15 } },
        { text: 'Groups of 16 pay 16 pulls for every update: after the same 5,000 pulls their regret is still above the groups of 3’s', figure: 'objective', variant: 2, relation: { kind: 'above', variant: 0 } },
      ],
    },
    why: 'A group’s mean is itself a noisy estimate: one lucky payout drags it up so that a better-than-average arm in the same group lands below it and is pushed down, a sign flip. The median ignores a single outlier, so signs flip less often in small groups (MC-GRPO, Kim 2026). Larger groups make the mean steadier at the cost of more samples per update.',
    reference: REFS.mcGrpo2026,
    seeAlso: [REFS.deepseekMath2024],
  }),
  lesson({
    id: 'many-rewards',
    title: 'Many rewards: sum first or normalise first',
    question: 'When a completion earns a rare 0/1 reward and a dense judge’s score, does it matter whether they are added before or after the group normalisation?',
    variants: [
      { label: 'Correct + judge at 0.05, summed first', recipe: { ...TOKEN_FAST, weights: { proxy: WEAK_JUDGE } } },
      { label: 'Correct + judge at 0.05, each normalised first', recipe: { ...TOKEN_FAST, weights: { proxy: WEAK_JUDGE }, learner: { ...GRPO_FAST, estimator: { combine: 'decoupled' } } } },
      { label: 'Correct + judge at 0.5, each normalised first', recipe: { ...TOKEN_FAST, weights: { proxy: 0.5 }, learner: { ...GRPO_FAST, estimator: { combine: 'decoupled' } } } },
    ],
    tryThis: 'Train the three variants for the same number of steps. Each pays correct (0 or 1, weight 1) plus the judge (the proxy: a dense score in (0, 1) that differs for every completion and likes long, digit-filled answers), at a twentieth of correct’s weight in the first two and at half of it in the third. Watch correct (last 20), the answers’ length and the advantage histogram.',
    lookFor: 'Summed first, the judge takes over although it weighs a twentieth of correct: early in the run the answers grow to the full 4 tokens, stop ending, and correct stays at 0 for the rest of the run. Normalised reward by reward first, the same two rewards with the same weights learn the task: the answers stay short and correct climbs. With the judge at half of correct’s weight, normalising first no longer saves correct: it falls to 0, as summed, so there summing first does as well (or as badly). What the effect needed: correct answers rare at the start (a random policy seldom writes a right digit and then end) and a judge weighted well below correct.',
    check: {
      steps: 200_000,
      seeds: 5,
      claims: [
        { text: 'Summed first, a judge at a twentieth of correct’s weight still takes over: correct (last 20) at most 0.05', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.05 } },
        { text: 'Each normalised first, the same rewards and weights learn the task: correct above the summed-first run’s', figure: 'objective', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'With the judge at half of correct’s weight, normalising first no longer saves correct: at most 0.05, no better than summing first', figure: 'objective', variant: 2, relation: { kind: 'atMost', value: 0.05 } },
      ],
    },
    why: 'Summed first, GRPO divides each group’s advantages by the group’s std. At the start almost no group holds a correct answer, so correct is 0 in every completion of the group and only the judge varies: divided by its own small std, the judge’s differences become advantages of full size, whatever its weight, and they push towards the judge’s favourite answers (long, full of digits), which never end and are never correct; once there, a correct answer is not sampled again. Normalising each reward within its group first, then weighting and adding them (GDPO, Liu et al. 2026; TRL’s multi-reward normalisation), keeps the judge’s advantages at a twentieth of the size in those groups, while a rare correct answer gets a large advantage of its own, so correct is found before the judge’s pull wins. It keeps the weights; it does not change what the rewards pay for: weighted heavily enough, the judge still wins in every group without a correct answer, and the order of normalising cannot help. Summing also gives different mixes of rewards the same advantage when their totals agree; normalising each first keeps them apart.',
    reference: REFS.gdpo2026,
    seeAlso: [REFS.deepseekMath2024],
  }),
  lesson({
    id: 'reward-hacking',
    title: 'Reward hacking on the token task',
    question: 'When the reward also pays for length or for a learned judge’s score, does the policy get better at the task or better at the reward, and what keeps it on the task?',
    variants: [
      { label: 'Correct only', recipe: TOKEN_FAST },
      { label: 'Length paid', recipe: { ...TOKEN_FAST, weights: { length: 4 } } },
      { label: 'Correct + proxy judge', recipe: { ...TOKEN_FAST, weights: { proxy: 1 } } },
      {
        label: 'Correct + bounded, centred judge',
        recipe: { ...TOKEN_FAST, weights: { proxy: 1 }, reward: { transforms: { proxy: [{ kind: 'scale', factor: 10 }, { kind: 'bounded', reference: 5 }] } } },
      },
      { label: 'Correct + judge at 0.05, no std division', recipe: { ...TOKEN_FAST, weights: { proxy: WEAK_JUDGE }, learner: { ...GRPO_FAST, estimator: { scale: 'none' } } } },
    ],
    tryThis: 'Train "correct only" until its correct curve (the learning curve’s true-objective line) stays above 0.8, then drag the length slider to its end while it trains: the change applies live and is marked on the chart. Then train the judge variants from scratch: the raw judge, the bounded, centred judge, and the judge at a twentieth of correct’s weight with the group’s std division turned off (the estimator’s scale set to none, as in Dr. GRPO). The many-rewards lesson trains that small judge with the division kept.',
    lookFor: 'With length paid, the shaped return keeps climbing while correctness collapses and the chart warns of reward hacking: answers stop ending, because every extra token pays. With the judge added, the judge’s score (the whole shaped return, since nothing is correct any more) climbs near its top while correct falls to 0: the answers grow to the full 4 tokens and fill with digits, although a correct answer would earn more in total. Bounding and centring the judge does not stop this. A judge at a twentieth of correct’s weight with advantages not divided by the group’s std is curbed: the answers stay short and correct climbs, on most seeds as far as with correct alone. What it needed: the small weight and the undivided advantages together; with the division kept, even that small judge is hacked (the many-rewards lesson shows it).',
    check: {
      steps: 300_000,
      seeds: 5,
      claims: [
        { text: 'Correct only: the policy learns the task, correct (last 20) at least 0.5', figure: 'objective', variant: 0, relation: { kind: 'atLeast', value: 0.5 } },
        { text: 'Length paid: correctness collapses below the correct-only run’s', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'Length paid: the shaped return climbs above the correct-only run’s, the mark of a hacked reward', figure: 'shapedReturn', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'Correct + judge: correctness falls below the correct-only run’s', figure: 'objective', variant: 2, relation: { kind: 'below', variant: 0 } },
        { text: 'Correct + judge: the judge scores the answers at least 0.7, above the σ(0) = 0.5 it gives a correct one-digit answer before its noise', figure: 'shapedReturn', variant: 2, relation: { kind: 'atLeast', value: 0.7 } },
        { text: 'Bounded, centred judge: correctness still falls below the correct-only run’s', figure: 'objective', variant: 3, relation: { kind: 'below', variant: 0 } },
        { text: 'A judge at a twentieth of correct’s weight, advantages not divided by the group’s std: the hack is curbed, correct above the raw judge’s run', figure: 'objective', variant: 4, relation: { kind: 'above', variant: 2 } },
      ],
    },
    why: 'A proxy reward and the real goal agree near where the proxy was fitted and come apart as the policy moves away from its start: optimising the proxy harder first helps the gold reward, then hurts it (Gao, Schulman & Hilton 2023). Here the judge’s favourite answers (long, many digits) are far easier to find than correct ones, and once the policy settles there the correct reward is rarely seen. A bounded, centred reward σ(r − r_ref) flattens far above the reference, so a hack gains little beyond it (Fu et al. 2025); but it keeps the judge’s ranking, and GRPO divides each group’s advantages by the group’s std. At the start almost no group holds a correct answer, so only the judge varies within a group, and that division turns its differences, however flattened or lightly weighted, into advantages of full size that point at the judge’s favourites (the same happens to a judge at a twentieth of correct’s weight): bounding limits how much a hack pays, it does not make a wrong judge right, and here it cannot curb the hack. Without the division (Dr. GRPO’s advantages, r − mean) a judge at a twentieth stays a twentieth: its pull is small next to the 1 a rare correct answer earns, and the policy learns the task first. (The bounded transform bounds the episode’s reward and pays it at the end; the judge’s score is scaled ×10 first and centred at 5, so the sigmoid’s steep middle spans the judge’s range.)',
    reference: REFS.gao2023,
    seeAlso: [REFS.fu2025],
  }),
  lesson({
    id: 'length-biased-labeler',
    title: 'A labeler who likes long answers',
    question: 'If whoever labels your preference pairs leans toward longer answers, what does a policy trained against the reward model fitted to them learn, and can the model be fitted to leave length out?',
    variants: [
      { label: 'Reward model of the length-biased labels', recipe: LENGTH_BIASED_RM(LENGTH_BIASED_MODELS.plain) },
      { label: 'Length given its own head (after ODIN)', recipe: LENGTH_BIASED_RM(LENGTH_BIASED_MODELS.decorrelated) },
      { label: 'Correct only (the gold itself)', recipe: { envId: 'tokenseq', learner: { kind: 'grpo' } } },
    ],
    tryThis: `Both reward models were fitted to the same ${LESSON_MODEL_RECIPE.pairs.toLocaleString('en-US')} pairs of the start policy's answers, labelled by a simulated labeler who adds ${LESSON_MODEL_RECIPE.lengthBias} per token to the true score (the Label pairs panel's simulated labeler with that length bias does the same). Train the first, then the second from scratch, with the learning curve's correct (the true objective) and the rm line in view; then train correct alone to see what the task itself gives in the same steps.`,
    lookFor: 'Against the plain reward model, the answers grow to the full 8 tokens and the rm line climbs while correct stays at zero: the labeler liked length a little on every pair, the model learnt it as the easiest thing to pay for, and the policy found it. With length given its own head, the head takes the labels’ taste for length and the reward is what is left: scores with no covariance with length over the pairs. The answers stay shorter, and now and then one is right, which against the plain model none ever is; but not reliably: the reward model still knows little about sums, and the longer the policy trains away from the start policy’s answers, the more length creeps back in by ways the head, fitted on those answers, cannot see.',
    check: {
      steps: LENGTH_BIAS_STEPS,
      seeds: 5,
      claims: [
        { text: 'Against the length-biased labels’ reward model the answers grow long: length (last 20) at least 7 tokens', figure: 'episodeLength', variant: 0, relation: { kind: 'atLeast', value: 7 } },
        { text: 'and no better: correct (last 20) at most 0.1', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.1 } },
        { text: 'With length given its own head the answers stay shorter than with the plain model', figure: 'episodeLength', variant: 1, relation: { kind: 'below', variant: 0 } },
      ],
    },
    why: 'Labelers, human or model, tend to prefer longer answers, and a reward model fitted to their pairs picks that preference up as readily as any other: length is the easiest feature to find in the data (Singhal et al. 2023). Optimised against, it is the easiest thing for the policy to give. ODIN (Chen et al. 2024) fits two heads to the same pairs, one that absorbs length and one constrained to be uncorrelated with it, and trains the policy on the second alone. Here the model is linear, so the constraint is exact: the content head’s scores have zero covariance with length over the completions it was fitted on (a projection of the features, then the ordinary Bradley–Terry fit), while the length head takes the rest. It removes only what is linear in length over those completions: a policy that moves far from them can still find other ways in.',
    reference: REFS.odin2024,
    seeAlso: [REFS.singhal2023, REFS.gao2023],
  }),
  lesson({
    id: 'short-answers-tricks',
    title: 'Two of this year’s tricks on answers too short for them',
    question: 'Training only on the tokens where the policy is most unsure, and putting the KL penalty into the reward: do they help on answers of a few tokens?',
    variants: [
      { label: 'GRPO as it is', recipe: TOKEN_FAST },
      { label: 'Only the top 20 % of tokens by entropy', recipe: { ...TOKEN_FAST, learner: { ...GRPO_FAST, entropyTopFraction: 0.2 } } },
      { label: 'The KL in the reward (β 0.04), groups normalised', recipe: { ...TOKEN_FAST, learner: { ...GRPO_FAST, beta: 0.04, klPlacement: 'reward' } } },
    ],
    tryThis: 'Train GRPO as it is, then each variant from scratch for the same steps, with Diagnostics in view: entropy mask fraction (the share of tokens that carry gradient) for the first, kl penalty and the kl_penalty line on the chart for the second.',
    lookFor: 'Training only on the fifth of tokens with the highest entropy, correct stays far below plain GRPO’s and the policy’s entropy stays high: most tokens never get a gradient. With the KL in the reward and each group normalised by its std, correct collapses: in a group whose answers all earn the same, the only differences left are the small KL penalties, and dividing by the group’s tiny std makes them the whole advantage.',
    check: {
      steps: TRICKS_STEPS,
      seeds: 5,
      claims: [
        { text: 'Only the top 20 % of tokens by entropy: correct (last 20) below plain GRPO’s', figure: 'objective', variant: 1, relation: { kind: 'below', variant: 0 } },
        { text: 'The KL in the reward with groups normalised: correct (last 20) below plain GRPO’s', figure: 'objective', variant: 2, relation: { kind: 'below', variant: 0 } },
      ],
    },
    why: 'The 80/20 rule (Wang et al. 2025) comes from long chains of reasoning, where most tokens are all but certain and a minority of high-entropy “forks” decide the answer; training on those alone loses little there. An answer of two to four tokens has no such majority: every token is a fork, and dropping four fifths of them drops four fifths of the signal. Putting the KL into the reward, as PPO-RLHF and REINFORCE++ do (Hu 2025), assumes advantages that are not divided by each group’s spread: REINFORCE++ normalises over the whole batch. With GRPO’s per-group std, a group of equal task rewards turns the KL penalties’ small differences into advantages of full size, and the policy is pushed toward whatever moved least from where it started.',
    reference: REFS.wang2025,
    seeAlso: [REFS.reinforcePlusPlus2025, REFS.deepseekMath2024],
  }),
  lesson({
    id: 'free-riding',
    title: 'Free-riding in a team',
    question: 'If every teammate is paid an equal share of what the team makes, who does the work?',
    variants: [
      { label: 'Equal share (the game’s reward)', recipe: TEAM },
      { label: 'Shared: everyone paid the whole output', recipe: { ...TEAM, learner: { kind: 'independent', credit: 'shared' } } },
      { label: 'Difference rewards', recipe: { ...TEAM, learner: { kind: 'independent', credit: 'difference' } } },
      { label: 'Shapley values', recipe: { ...TEAM, learner: { kind: 'independent', credit: 'shapley' } } },
    ],
    tryThis: 'Train the equal share first, then each other credit, and compare the team view: each agent’s effort over the run and its credit under every method side by side.',
    lookFor: 'With an equal share, efforts fall to none and welfare to about 0: each agent free-rides. With difference rewards or Shapley values every agent works and welfare reaches the team optimum (10.4 per round for four agents). Shared credit works here too, but pays out four times what the team makes, and a team where everyone idles can stay stuck, since one agent working alone adds 1 per level against a cost of 1.2.',
    check: {
      steps: 20_000,
      seeds: 5,
      claims: [
        { text: 'With an equal share, welfare stays near 0: every agent free-rides', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 1 } },
        { text: 'Difference rewards make the team work: welfare above the equal share’s', figure: 'objective', variant: 2, relation: { kind: 'above', variant: 0 } },
        { text: 'Shapley credit makes the team work: welfare above the equal share’s', figure: 'objective', variant: 3, relation: { kind: 'above', variant: 0 } },
      ],
    },
    why: 'Raising your own effort adds 1 + 0.5 × (others’ effort) to the team’s output, but an equal share gives you only a quarter of it while you bear the whole cost of 1.2, so idling pays whatever the others do. A difference reward, the team’s outcome minus what it would be without you, pays exactly your marginal contribution (Wolpert & Tumer 2001); the Shapley value averages that contribution over every order in which the team could have formed (Shapley 1953), and the credits add up to the team’s outcome.',
    reference: REFS.wolpertTumer,
    seeAlso: [REFS.shapley1953],
  }),
  lesson({
    id: 'dpo-vs-rlhf',
    title: 'DPO vs RLHF on the same pairs',
    question: 'Direct preference optimisation learns from the pairs themselves, with no reward model to over-optimise: does that spare it the flaws of the labels?',
    variants: [
      { label: 'DPO on the length-biased labels', recipe: { envId: 'tokenseq', learner: { kind: 'dpo', preferences: LENGTH_BIASED_PAIRS } } },
      { label: 'RLHF: GRPO against the reward model fitted to them', recipe: LENGTH_BIASED_RM(LENGTH_BIASED_MODELS.plain) },
    ],
    tryThis: `Both learn from the same ${LESSON_MODEL_RECIPE.pairs.toLocaleString('en-US')} pairs of the start policy’s answers, labelled by a simulated labeler who adds ${LESSON_MODEL_RECIPE.lengthBias} per token to the true score: DPO from the pairs directly, RLHF through the linear reward model fitted to them (the one the lesson on length-biased labels trains against). Train DPO with the learning curve’s correct and the token view in sight and Diagnostics open (preference accuracy, reward margin), then pin it, train the RLHF variant from scratch and compare the two in the Compare view.`,
    lookFor: 'DPO’s answers grow to the full 8 tokens and none is right: the preference accuracy on the pairs climbs, and what the policy learnt to tell winners from losers by is the labeler’s taste for length. RLHF heads the same way more slowly: at this budget its answers are still shorter than DPO’s, and no more of them are right. Skipping the reward model does not skip the labels: DPO optimises exactly what the pairs say, biases included.',
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
    why: 'DPO (Rafailov et al. 2023) rewrites the RLHF objective, reward maximisation with a KL penalty to the reference, so that the optimal policy’s log-ratio to the reference is the reward: β·log(π/π_ref) plays the reward model, and the Bradley–Terry loss is applied to it directly. There is no separate model to exploit, but the implicit reward is fitted to the same labels, so a bias in them is learnt just as surely, and with no reward model between the pairs and the policy it is learnt in the first steps; DPO is known to lengthen answers in exactly this way (Park et al. 2024). Here each completion’s log π is the sum of its tokens’ log-probabilities, each recomputed with the observation the environment gave at that token.',
    reference: REFS.rafailov2023,
    seeAlso: [REFS.park2024, REFS.singhal2023],
  }),
  lesson({
    id: 'process-vs-outcome',
    title: 'Process vs outcome rewards',
    question: 'Does a reward on every token, from a process reward model that judges each step, teach longer answers faster than a reward for the right answer alone?',
    variants: [
      { label: 'Outcome: correct, paid at the end', recipe: PROCESS_OUTCOME },
      { label: 'Process: + the process model on every token, process supervision', recipe: { ...PROCESS_RM, learner: { ...GRPO_FAST, estimator: { baseline: 'process' } } } },
      { label: 'Process, summed per answer (GRPO’s group baseline)', recipe: PROCESS_RM },
      { label: 'Process, min-form credit with correct added after the minimum (PURE)', recipe: { ...PROCESS_RM, learner: { ...GRPO_FAST, estimator: { baseline: 'process_min' } } } },
    ],
    tryThis: `The process model (rm) was fitted on the gold step labels of ${PROCESS_MODEL_RECIPE.completions.toLocaleString('en-US')} answers of the start policy (a step is right while a correct answer can still follow it), and pays on every token the log of its probability that the step is right: about 0 for a good step, far below for a wrong digit or an end too early. Train the outcome variant, then each process variant from scratch, with the learning curve’s correct and mean length in view, and the Credit panel’s tokens for the process run.`,
    lookFor: 'With correct alone, the answers grow shorter, toward the shape of an answer (1, a digit, end), and on some seeds right answers appear within the budget. With the process model and process supervision, the answers run to the 8-token limit and none is right: the policy learns to think and think, a step the model never calls wrong, because every above-average step adds to every earlier token’s advantage. Summed per answer under GRPO’s usual baseline, the same model teaches the opposite: end at once, since one early end costs less than any wrong digit. PURE’s min-form credit, a token worth the worst step from it on with correct added after that minimum, teaches the same: an answer of one step has the fewest chances of a bad one, and +1 for a right answer comes too seldom to outweigh it. No process variant finds a right answer in these steps.',
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
      ],
    },
    why: 'A process reward model scores each step rather than the answer (Lightman et al. 2023), and DeepSeekMath’s process supervision turns those scores into advantages: each step’s reward normalised over the group’s steps, a token’s advantage the sum of the normalised rewards from it on (Shao et al. 2024). The hope is credit where it belongs: the wrong digit blamed, the steps before it not. But a model fitted on the gold label “a right answer can still follow” calls every think step right, and a sum over steps pays for each of them: the longer a run of harmless steps, the larger its advantage, so the policy stalls until the limit. Summed per answer, log-probabilities that are at most 0 favour the shortest answer instead. Gao et al. (2024) found the same in language models, policies repeating correct but unnecessary steps, and bounded the sum (clipping, deltas); Cheng et al. (2025) credit a step with the minimum of the rewards after it rather than their sum, the verifiable reward added after the minimum, which stops the stalling here but, with a model that never calls a short answer worse than its worst step, trades it for ending at once. Here too the per-token rewards do not learn faster: the verifiable reward for the right answer alone is the only one that finds right answers in these steps.',
    reference: REFS.deepseekMath2024,
    seeAlso: [REFS.lightman2023, REFS.gaoJ2024, REFS.cheng2025],
  }),
  lesson({
    id: 'over-optimisation',
    title: 'Over-optimising a learned reward',
    question: 'A reward model fitted to preference pairs scores the start policy’s answers well. Train a policy hard against it: does the true score keep rising with the model’s?',
    variants: [
      { label: 'Against the reward model, no KL penalty', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.single, 0) },
      { label: 'The same with a KL penalty (β 0.3)', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.single, 0.3) },
      { label: 'Correct itself (the gold)', recipe: { envId: 'tokenseq', params: { ...OVER_OPTIMISATION_MODEL_RECIPE.params }, learner: GRPO_FAST } },
    ],
    tryThis: `The reward model was fitted to ${OVER_OPTIMISATION_MODEL_RECIPE.pairs.toLocaleString('en-US')} pairs of the start policy's answers, labelled by the gold alone (the Label pairs panel's simulated labeler at temperature ${OVER_OPTIMISATION_MODEL_RECIPE.temperature}, no bias). Train the first variant with the learning curve's correct and rm lines and the over-optimisation chart in view, then the second from scratch, then correct itself.`,
    lookFor: 'Without a KL penalty, correct climbs for a while as the rm line does: near the start policy, what the model pays for (answers close to a + b) is what makes an answer right. Then the answers grow to the full 8 tokens, correct falls to nothing and the rm line keeps climbing: the policy has found what the model pays for by chance (the counts of digits it saw too few right answers to learn) far from the answers it was fitted on. On the over-optimisation chart correct rises and falls against √KL while rm rises all the way. With the KL penalty the policy stays nearer the start policy, where the model is right, and correct keeps rising.',
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
    why: 'A reward model is right where its pairs were: on answers like the start policy’s. Optimising against it moves the policy away from there, and the further it moves the more it is paid for the model’s errors instead of for quality. Gao, Schulman & Hilton (2023) showed it with a gold reward model standing in for people: the proxy score rises steadily with KL(π‖π_ref) while the gold score rises, peaks and falls, and the fall comes sooner the fewer pairs the model had. The KL penalty to the start policy is the usual brake: it keeps the policy where the model can still be trusted, at the price of how far it can go.',
    reference: REFS.gao2023,
    seeAlso: [REFS.odin2024],
  }),
  lesson({
    id: 'ensemble-caution',
    title: 'An ensemble’s caution',
    question: 'Fit several reward models to the same pairs and pay the policy what the most doubtful of them says: does that keep it from being over-optimised?',
    variants: [
      { label: 'Ensemble of 5, their mean', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.ensemble, 0, { aggregate: 'mean' }) },
      { label: 'Their minimum', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.ensemble, 0, { aggregate: 'min' }) },
      { label: 'Their mean − 3·std', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.ensemble, 0, { aggregate: 'mean_minus_std', lambda: 3 }) },
      { label: 'One model', recipe: AGAINST_RM(OVER_OPTIMISATION_MODELS.single, 0) },
    ],
    tryThis: `The ${OVER_OPTIMISATION_MODEL_RECIPE.ensemble} members were fitted to bootstrap samples of the ${OVER_OPTIMISATION_MODEL_RECIPE.pairs.toLocaleString('en-US')} pairs the over-optimisation lesson's model was fitted to, and none of the variants has a KL penalty. Train the mean with correct and rm in view and the over-optimisation chart open, then the minimum and the mean − std from scratch; then the single model, to see that the mean of five is no safer than one.`,
    lookFor: 'The members agree on what they all learnt from the pairs (answers close to a + b) and disagree on what each picked up by chance from its own sample (the counts of digits, length). Their mean is over-optimised as one model is: correct rises, then falls to nothing while the rm line climbs on. Paid by the minimum, or by the mean less the members’ spread, the policy gains nothing from a feature the members disagree on, and correct keeps rising. Pessimism is no cure for everything: an error the members share, no disagreement among them can show.',
    check: {
      steps: ENSEMBLE_STEPS,
      seeds: 5,
      claims: [
        { text: 'The ensemble’s mean is over-optimised as one model is: correct (last 20) at the end at most 0.02', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 0.02 } },
        { text: 'Paid by the members’ minimum, correct (last 20) ends above the mean’s', figure: 'objective', variant: 1, relation: { kind: 'above', variant: 0 } },
        { text: 'Paid by their mean − 3·std, correct (last 20) ends above the mean’s', figure: 'objective', variant: 2, relation: { kind: 'above', variant: 0 } },
      ],
    },
    why: 'An ensemble’s members are fitted to different samples of the same pairs; where the pairs say a thing plainly they agree, and where the pairs say little each fills the gap its own way. A policy that drifts toward answers the pairs never showed finds the members disagreeing, so a pessimistic score, their minimum or their mean less λ times their spread (uncertainty-weighted optimisation), pays it less for going there. Coste et al. (2024) found both to curb over-optimisation in best-of-n and PPO; Eisenstein et al. (2024) that they mitigate reward hacking without ending it, since members fitted to the same data share its blind spots, which no pessimism over them can see.',
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
