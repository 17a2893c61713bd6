import { mixCredit, teamCredit } from '../credit/team'
import { isCoopEnv, type CoopEnv } from '../envs/coop'
import { allocateStepBuffers, type BatchEnv, type StepBuffers } from '../envs/types'
import { mixOne, type CompiledMix, checkMix } from '../rewards/mix'
import type { Rng } from '../rng'
import { DemoRecorder } from '../run/demo'
import { EpisodeTracker, type FinishedEpisode } from '../run/episodes'
import type { IndependentOptions, TeamCredit } from '../run/learnerOptions'
import { ADVANTAGE_SAMPLE, type IterationReport, type Trainer } from '../run/trainer'
import { softmaxRow } from '../softmax'

/** Independent learners bound to a coop environment, with their policies open to the UI and tests. */
export interface IndependentTrainer extends Trainer {
  /** A: agents per team, and so the number of learners. */
  readonly agents: number
  /**
   * Every learner's action preferences θ, agents × obsSize × numActions: agent a's preference for
   * action k on observation feature f at index (a · obsSize + f) · numActions + k. A live view: read
   * it, never write it (tests may, to pin a policy).
   */
  readonly preferences: Float64Array
  /** Every learner's running-average reward baseline b_a. A live view: read it, never write it. */
  readonly baselines: Float64Array
  /** π_a(· | obs): agent a's action probabilities for one observation (obsSize values). */
  actionProbabilities(agent: number, obs: ArrayLike<number>, out?: Float64Array): Float64Array
}

/**
 * How fast each learner's baseline follows its rewards: b ← b + β·(r̄ − b). With β = 0.1 the baseline
 * averages over roughly the last ten rounds, one default episode.
 */
const BASELINE_RATE = 0.1

/** An advantage this close to zero moves no preference (reported as zero_advantage_fraction). */
const ZERO_ADVANTAGE = 1e-9

/**
 * Independent learners for the coop team game, each trained on the team credit the user picks.
 *
 * Learners. One per agent index a = 0 … A − 1. The copies form numTeams parallel teams (copy i is
 * agent i mod A of team ⌊i/A⌋), and agent a's learner plays seat a in every one of them, as one
 * agent run on several environments at once; no two agents share parameters, gradients or
 * baselines, so each sees its teammates only as part of its environment. (A learner per copy would
 * train numTeams separate populations on 1/numTeams of the data each, for nothing gained.)
 *
 * Policy. A softmax over effort levels with linear preferences on the observation:
 *   π_a(k | x) = exp(z_k) / Σ_j exp(z_j),   z_k = Σ_f θ_a[f, k]·x_f
 * where x = [one-hot agent (A), the team's last efforts ÷ 2 (A)]; the agent's own one-hot entry is
 * always 1, so θ_a[a, ·] is its bias (the only feature in an episode's first round).
 *
 * Update. Each round pays its reward in the same round and the round counter is not observed, so
 * each round is a contextual bandit: a REINFORCE / gradient-bandit step (Sutton & Barto §2.8) on
 * the round's credited reward r (γ = 0; the effect of one's effort on teammates' later choices
 * through their observations is ignored, as independent learners do), with a baseline b_a:
 *   A = r − b_a
 *   θ_a[f, k] ← θ_a[f, k] + η · mean over teams of A·(1[k = action] − π_a(k | x))·x_f
 *   b_a ← b_a + β·(mean over teams of r − b_a)                       (β = BASELINE_RATE)
 * with η = options.learningRate, applied after every round.
 *
 * Credited reward. After each round, for each team, the coalition values v(S) of the efforts just
 * played (S ⊆ agents, bit i = agent i works; the others make none) give the team part T_i:
 *   shared      T_i = v(N)
 *   equal       T_i = v(N)/A                              (exactly the env's `team` component)
 *   difference  T_i = v(N) − v(N ∖ {i})
 *   shapley     T_i = φ_i = Σ_{S ∌ i} |S|!(A − |S| − 1)!/A! · (v(S ∪ {i}) − v(S))
 *   local       T_i = ℓ_i                                 (the seat's `local` component, v({i}))
 *   mix         T_i = α·ℓ_i + (1 − α)·v(N)/A               (α = options.alpha)
 * and T_i takes the place of the `team` component; the mix weighs every component as usual:
 *   r_i = w_team·T_i + w_effort·c_effort,i + w_local·c_local,i
 * So with credit `equal` r_i is the env's mixed reward, and under `local` a nonzero local weight
 * counts ℓ_i twice (once as the credited team part, once as itself), as the user asked.
 *
 * Episodes carry the credited return (the `team` contribution is w_team·Σ_t T_i,t); the objective
 * (the team's welfare) comes from the environment, untouched by the credit.
 */
export function createIndependentTrainer(env: BatchEnv, mix: CompiledMix, options: IndependentOptions, rng: Rng): IndependentTrainer {
  if (!isCoopEnv(env)) {
    throw new Error(`independent learners train the coop team game (they need its coalition values for team credit); got ${env.spec.id}`)
  }
  const coopEnv: CoopEnv = env
  const spec = env.spec
  const K = spec.components.length
  checkMix(mix, K, spec.id)
  const componentIndex = (name: string): number => {
    const k = spec.components.findIndex((c) => c.name === name)
    if (k < 0) throw new Error(`independent learners need a "${name}" reward component; ${spec.id} has ${spec.components.map((c) => c.name).join(', ')}`)
    return k
  }
  const TEAM = componentIndex('team')
  const LOCAL = componentIndex('local')

  const n = env.n
  const A = coopEnv.game.agents
  const numTeams = coopEnv.numTeams
  const numCoalitions = 1 << A
  const grand = numCoalitions - 1
  const obsSize = spec.obsSize
  const numActions = spec.numActions
  const stateSize = spec.stateVars.length
  const { learningRate, stepsPerIteration, credit, alpha } = options

  const envRng = rng.split()
  const actRng = rng.split()
  const preferences = new Float64Array(A * obsSize * numActions)
  const baselines = new Float64Array(A)
  const gradients = new Float64Array(A * obsSize * numActions)
  const rewardSums = new Float64Array(A)
  const seatsPerAgent = new Int32Array(A)
  for (let i = 0; i < n; i++) seatsPerAgent[i % A]++

  const buffers = allocateStepBuffers(spec, n)
  // The step as the learners and the episode tracker see it: `team` replaced by the credited T_i.
  const credited: StepBuffers = { ...buffers, components: new Float64Array(n * K) }
  const observations = new Float32Array(n * obsSize)
  const probabilities = new Float64Array(n * numActions)
  const actions = new Int32Array(n)
  const rewards = new Float64Array(n)
  const stateBefore = new Float64Array(n * stateSize)
  const values = new Float64Array(numCoalitions)
  const teamPart = new Float64Array(A)
  const equalPart = new Float64Array(A)
  const localPart = new Float64Array(A)
  const tracker = new EpisodeTracker(n, K)
  const demo = new DemoRecorder(spec, n, stepsPerIteration)
  // The same strided sample as run/advantageSample's sampleAdvantages, taken as the advantages stream by.
  const sampleStride = Math.max(1, Math.ceil((stepsPerIteration * n) / ADVANTAGE_SAMPLE))
  let current = mix
  let disposed = false

  env.reset(envRng, observations)

  /** π_a(· | x) into out[offset …]: the preferences' z, then their softmax in place. */
  function policy(agent: number, obs: ArrayLike<number>, obsOffset: number, out: Float64Array, offset: number): void {
    const base = agent * obsSize * numActions
    for (let k = 0; k < numActions; k++) {
      let z = 0
      for (let f = 0; f < obsSize; f++) {
        const x = obs[obsOffset + f]
        if (x !== 0) z += preferences[base + f * numActions + k] * x
      }
      out[offset + k] = z
    }
    softmaxRow(out, offset, numActions, out, offset)
  }

  /** T_i for every agent of `team`, from the coalition values of the round it just played. */
  function creditTeam(team: number, creditMethod: TeamCredit): void {
    for (let coalition = 0; coalition < numCoalitions; coalition++) values[coalition] = coopEnv.teamValueOf(team, coalition)
    if (creditMethod === 'local' || creditMethod === 'mix') {
      // ℓ_i, the seat's `local` component; a partial team's missing seats take v({i}), which it equals.
      for (let agent = 0; agent < A; agent++) {
        const seat = team * A + agent
        localPart[agent] = seat < n ? buffers.components[seat * K + LOCAL] : values[1 << agent]
      }
    }
    switch (creditMethod) {
      case 'shared':
      case 'equal':
      case 'difference':
      case 'shapley':
        teamCredit(creditMethod, A, values, teamPart)
        return
      case 'local':
        teamPart.set(localPart)
        return
      case 'mix':
        // α·ℓ_i + (1 − α)·v(N)/A
        teamCredit('equal', A, values, equalPart)
        mixCredit(localPart, equalPart, alpha, teamPart)
        return
    }
  }

  function describeBadReward(i: number, reward: number): string {
    const components = current.names.map((name, k) => `${name}=${buffers.components[i * K + k]}`).join(', ')
    const weights = current.names.map((name, k) => `${name}=${current.weights[k]}`).join(', ')
    const state = Array.from(stateBefore.subarray(i * stateSize, (i + 1) * stateSize)).join(', ')
    return `reward is not finite (${reward}) on ${spec.id} copy ${i} from state [${state}] with action ${actions[i]} under ${credit} credit (team part ${credited.components[i * K + TEAM]}): components ${components}; weights ${weights}`
  }

  async function iterate(): Promise<IterationReport> {
    if (disposed) throw new Error('this independent-learners trainer was disposed')
    const episodes: FinishedEpisode[] = []
    const sample = new Float32Array(Math.ceil((stepsPerIteration * n) / sampleStride))
    let sampled = 0
    let decisions = 0
    let effortSum = 0
    let fullEffort = 0
    let entropySum = 0
    let surrogateSum = 0
    let zeroAdvantages = 0
    let advantageSum = 0
    let advantageSquares = 0
    let rewardSum = 0
    let gradNormSum = 0
    let outputSum = 0
    let welfareSum = 0
    let creditGapSum = 0
    let creditGapMax = 0
    const { cost } = coopEnv.game

    for (let t = 0; t < stepsPerIteration; t++) {
      for (let i = 0; i < n; i++) {
        policy(i % A, observations, i * obsSize, probabilities, i * numActions)
        actions[i] = actRng.categorical(probabilities, i * numActions, numActions)
      }
      stateBefore.set(env.state)
      demo.record(t, env.state)
      env.step(actions, buffers, envRng)

      const weights = current.weights
      credited.components.set(buffers.components)
      for (let team = 0; team < numTeams; team++) {
        creditTeam(team, credit)
        // Σ_i T_i − v(N): 0 for efficient credit (equal, Shapley), (A − 1)·v(N) for shared.
        let creditSum = 0
        for (let agent = 0; agent < A; agent++) creditSum += teamPart[agent]
        const gap = creditSum - values[grand]
        creditGapSum += gap
        creditGapMax = Math.max(creditGapMax, Math.abs(gap))
        let efforts = 0
        for (let agent = 0; agent < A; agent++) efforts += coopEnv.efforts[team * A + agent]
        outputSum += values[grand]
        // welfare = v(N) − c·Σe
        welfareSum += values[grand] - cost * efforts
        const first = team * A
        const last = Math.min(n, first + A)
        for (let seat = first; seat < last; seat++) credited.components[seat * K + TEAM] = teamPart[seat - first]
      }

      gradients.fill(0)
      rewardSums.fill(0)
      for (let i = 0; i < n; i++) {
        // r_i = w_team·T_i + w_effort·c_effort,i + w_local·c_local,i
        const reward = mixOne(weights, credited.components, i * K)
        if (!Number.isFinite(reward)) throw new Error(describeBadReward(i, reward))
        rewards[i] = reward
        const agent = i % A
        rewardSums[agent] += reward
        // A = r − b_a
        const advantage = reward - baselines[agent]
        if (Math.abs(advantage) < ZERO_ADVANTAGE) zeroAdvantages++
        advantageSum += advantage
        advantageSquares += advantage * advantage
        if ((t * n + i) % sampleStride === 0) sample[sampled++] = advantage

        const p = i * numActions
        const action = actions[i]
        const grad = agent * obsSize * numActions
        // ∇θ[f, k] log π(a | x) = (1[k = a] − π_k)·x_f, weighted by A and averaged over the agent's teams.
        const scale = advantage / seatsPerAgent[agent]
        for (let f = 0; f < obsSize; f++) {
          const x = observations[i * obsSize + f]
          if (x === 0) continue
          for (let k = 0; k < numActions; k++) {
            gradients[grad + f * numActions + k] += scale * ((k === action ? 1 : 0) - probabilities[p + k]) * x
          }
        }

        let entropy = 0
        for (let k = 0; k < numActions; k++) {
          const q = probabilities[p + k]
          if (q > 0) entropy -= q * Math.log(q)
        }
        entropySum += entropy
        // −A·log π(a | x): the surrogate whose gradient the step follows
        surrogateSum -= advantage * Math.log(probabilities[p + action])
        // The action is the effort level.
        effortSum += action
        if (action === numActions - 1) fullEffort++
        rewardSum += reward
        decisions++
      }

      let squaredNorm = 0
      for (let j = 0; j < gradients.length; j++) {
        const g = gradients[j]
        squaredNorm += g * g
        // θ ← θ + η·∇
        preferences[j] += learningRate * g
      }
      if (!Number.isFinite(squaredNorm)) {
        throw new Error(`the policy gradient is not finite (squared norm ${squaredNorm}) under ${credit} credit; lower the learning rate (now ${learningRate})`)
      }
      gradNormSum += Math.sqrt(squaredNorm)
      for (let agent = 0; agent < A; agent++) {
        // b_a ← b_a + β·(mean r − b_a)
        if (seatsPerAgent[agent] > 0) baselines[agent] += BASELINE_RATE * (rewardSums[agent] / seatsPerAgent[agent] - baselines[agent])
      }

      tracker.record(credited, rewards, weights, episodes)
      observations.set(buffers.obs)
    }

    const rounds = stepsPerIteration * numTeams
    const advantageMean = advantageSum / decisions
    return {
      envSteps: stepsPerIteration * n,
      episodes,
      diagnostics: {
        policy_loss: surrogateSum / decisions,
        entropy: entropySum / decisions,
        grad_norm: gradNormSum / stepsPerIteration,
        zero_advantage_fraction: zeroAdvantages / decisions,
        // How noisy the credit is: a shared v(N) carries every teammate's exploration, a difference reward little of it.
        advantage_std: Math.sqrt(Math.max(0, advantageSquares / decisions - advantageMean * advantageMean)),
        mean_effort: effortSum / decisions,
        full_effort_fraction: fullEffort / decisions,
        team_output: outputSum / rounds,
        welfare: welfareSum / rounds,
        credited_reward_mean: rewardSum / decisions,
        baseline_mean: mean(baselines),
        credit_sum_minus_output: creditGapSum / rounds,
        credit_efficiency_gap_max: creditGapMax,
      },
      advantages: sample.subarray(0, sampled),
      demo: demo.take(),
    }
  }

  return {
    spec,
    agents: A,
    preferences,
    baselines,
    actionProbabilities(agent: number, obs: ArrayLike<number>, out = new Float64Array(numActions)): Float64Array {
      if (!Number.isInteger(agent) || agent < 0 || agent >= A) throw new Error(`agent must be an integer from 0 to ${A - 1}, got ${agent}`)
      if (obs.length !== obsSize) throw new Error(`an observation of ${spec.id} has ${obsSize} values, got ${obs.length}`)
      policy(agent, obs, 0, out, 0)
      return out
    },
    iterate,
    setMix(next: CompiledMix): void {
      checkMix(next, K, spec.id)
      current = next
    },
    dispose(): void {
      disposed = true
    },
  }
}

function mean(values: Float64Array): number {
  let total = 0
  for (let j = 0; j < values.length; j++) total += values[j]
  return values.length === 0 ? 0 : total / values.length
}

