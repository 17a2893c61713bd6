import type { Rng } from '../rng'
import { resolveParams } from './params'
import { keepFinalState, type BatchEnv, type EnvDefinition, type EnvParams, type EnvSpec, type ParamSpec, type StepBuffers } from './types'

/*
 * A cooperative team game, the public-goods game with complementary efforts. Copies are seats:
 * copy i is agent i mod A of team ⌊i/A⌋, and all seats of a team act together every step (one
 * round). Each agent chooses an effort level e_i ∈ {0, 1, 2}; the team produces
 *   y = Σ_i e_i + s·Σ_{i<j} e_i·e_j        (s = synergy: efforts are complements)
 * and every agent is paid an equal share y/A (`team`) and bears its own cost −c·e_i (`effort`).
 *
 * Why free-riding: raising one's own effort by one level adds (1 + s·Σ_{j≠i} e_j) to y, of which
 * the agent receives 1/A. With the defaults (s = 0.5, c = 1.2) that share is at most
 * (1 + 0.5·2·(A − 1))/A = 1 < 1.2 for every A, so idling is each agent's best response whatever
 * the others do, while the team's welfare y − c·Σe grows by 1 + 0.5·Σ_{j≠i} e_j − 1.2 per level,
 * which is positive once the others work: all-full effort is the team optimum, worth
 * 2A(1 − c + s(A − 1)) per round (4.8 for three agents), against 0 when everyone idles.
 *
 * The episode is `rounds` rounds of the same stage game, cut by a time limit (truncation: the round
 * counter is not observed, so the observation is stationary and V(final observation) is a sound
 * bootstrap).
 *
 * State per seat: [agents, agent, round, output, effort_0 … effort_{A−1}]: rounds played in this
 * episode, the last round's team output and every agent's last effort level (the whole team's,
 * identical in all its seats). `agents` leads the layout so that a picture of recorded states can
 * find its way without the spec. A reset sets round to 0 but keeps the last round (the view shows
 * it, credit methods read it after the step that ended an episode). When there are fewer copies
 * than agents (a trace of one seat), the missing seats repeat the efforts in the state.
 */

export const AGENTS_INDEX = 0
export const AGENT_INDEX = 1
export const ROUND_INDEX = 2
export const OUTPUT_INDEX = 3
export const EFFORTS_INDEX = 4

/** Output per unit of effort of an agent working alone. */
export const PRODUCTIVITY = 1
export const EFFORT_LEVELS = 3
export const EFFORT_LABELS = ['none', 'some', 'full']

// Component order in StepBuffers.components.
const TEAM = 0
const EFFORT = 1
const LOCAL = 2
const NUM_COMPONENTS = 3

const ID = 'coop'

const PARAMS: ParamSpec[] = [
  { kind: 'number', name: 'agents', description: 'A: agents per team (2 to 6). Copies are seats, so the number of copies must be a multiple of A.', default: 4, min: 2, max: 6, integer: true },
  { kind: 'number', name: 'rounds', description: 'Rounds per episode; the episode is cut (truncated) after the last.', default: 10, min: 1, max: 10_000, integer: true },
  {
    kind: 'number',
    name: 'cost',
    description: 'c: what one level of effort costs the agent who makes it. Free-riding needs c above (1 + 2·synergy·(A − 1))/A; full effort stays the team optimum while c is below 1 + synergy·(A − 1).',
    default: 1.2,
    min: 0,
    max: 10,
  },
  { kind: 'number', name: 'synergy', description: 's: output from every pair of agents working together, s·e_i·e_j (complementarity; 0 makes efforts independent).', default: 0.5, min: 0, max: 5 },
]

/** The stage game's constants. */
export interface CoopGame {
  agents: number
  rounds: number
  cost: number
  synergy: number
}

export function coopGame(raw: EnvParams): CoopGame {
  const params = resolveParams({ id: ID, params: PARAMS }, raw)
  return { agents: params.agents as number, rounds: params.rounds as number, cost: params.cost as number, synergy: params.synergy as number }
}

/**
 * v(S): the team's output if only the agents in coalition S (bit i set = agent i works) make their
 * efforts efforts[offset + i] and the others make none:
 *   v(S) = Σ_{i∈S} e_i + s·Σ_{i<j; i,j∈S} e_i·e_j
 * v(all) is the output; v(all) − v(all \ {i}) is agent i's difference reward; Shapley credit
 * averages such marginals over orderings.
 */
export function teamValue(efforts: ArrayLike<number>, coalition: number, game: Pick<CoopGame, 'agents' | 'synergy'>, offset = 0): number {
  let total = 0
  let squares = 0
  for (let i = 0; i < game.agents; i++) {
    if ((coalition >> i) & 1) {
      const e = efforts[offset + i]
      total += e
      squares += e * e
    }
  }
  // Σ_{i<j} e_i·e_j = ((Σe)² − Σe²)/2
  return PRODUCTIVITY * total + (game.synergy * (total * total - squares)) / 2
}

/** The team's welfare in one round: output minus everyone's cost, y − c·Σe. */
export function teamWelfare(efforts: ArrayLike<number>, game: CoopGame, offset = 0): number {
  let total = 0
  for (let i = 0; i < game.agents; i++) total += efforts[offset + i]
  return teamValue(efforts, (1 << game.agents) - 1, game, offset) - game.cost * total
}

function describeSpec(game: CoopGame): EnvSpec {
  const A = game.agents
  const agentVars = Array.from({ length: A }, (_, j) => `effort_${j}`)
  return {
    id: ID,
    label: 'Team effort',
    description: `${A} agents work on a shared output; effort is privately costly but complementary. With the output shared equally and the default cost, idling pays each agent best although full effort is best for the team: free-riding.`,
    stateVars: ['agents', 'agent', 'round', 'output', ...agentVars],
    obsSize: 2 * A,
    numActions: EFFORT_LEVELS,
    actionLabels: EFFORT_LABELS.map((label, level) => `${label} (${level})`),
    components: [
      {
        name: 'team',
        description: `The agent’s equal share of the round’s team output, y/${A}, with y = Σ efforts + synergy·Σ over pairs of the product of their efforts.`,
        defaultWeight: 1,
        range: [0, 5],
      },
      { name: 'effort', description: '−cost × the agent’s own effort level (0, 1 or 2): what working costs the one who works.', defaultWeight: 1, range: [0, 2] },
      {
        name: 'local',
        description: 'The agent’s stand-alone contribution: the output its effort would make alone, v({i}) = effort. Blind to complementarity, so with the default cost it does not beat idling either.',
        defaultWeight: 0,
        range: [0, 5],
      },
    ],
    objective: {
      name: 'welfare',
      description: 'The team’s welfare per round, output − total cost of effort, averaged over the episode (the same for every agent of the team; 0 when all idle).',
      higherIsBetter: true,
    },
    timeLimit: game.rounds,
    params: PARAMS,
    discreteStates: null,
    demoCopies: A,
    team: { agents: A, synergy: game.synergy },
  }
}

function describe(raw: EnvParams): EnvSpec {
  return describeSpec(coopGame(raw))
}

/** The coop environment with its teams open to credit methods (difference rewards, Shapley values). */
export interface CoopEnv extends BatchEnv {
  readonly game: CoopGame
  readonly numTeams: number
  /**
   * The last round's effort level of every seat, numTeams × agents (seat i at index i; missing
   * seats of a partial team hold the efforts they repeat). Still the finished round's after an
   * auto-reset. A live view: read it, never write it.
   */
  readonly efforts: Float64Array
  /** v(S) of team `team` for its last round's efforts. */
  teamValueOf(team: number, coalition: number): number
}

export function isCoopEnv(env: BatchEnv): env is CoopEnv {
  return env.spec.id === ID && 'teamValueOf' in env
}

class CoopBatch implements CoopEnv {
  readonly state: Float64Array
  readonly efforts: Float64Array
  readonly numTeams: number
  private readonly stride: number
  private readonly agents: number
  /** Rounds stepped in the current episode and their summed welfare, per seat (for the objective). */
  private readonly played: Int32Array
  private readonly welfareSum: Float64Array

  constructor(
    readonly spec: EnvSpec,
    readonly n: number,
    readonly game: CoopGame,
  ) {
    const A = game.agents
    if (n % A !== 0 && n > A) {
      throw new Error(`coop with ${A} agents per team needs a number of copies that is a multiple of ${A} (each copy is one agent's seat), got ${n}; use ${Math.floor(n / A) * A} or ${Math.ceil(n / A) * A}`)
    }
    this.agents = A
    this.numTeams = Math.ceil(n / A)
    this.stride = EFFORTS_INDEX + A
    this.state = new Float64Array(n * this.stride)
    this.efforts = new Float64Array(this.numTeams * A)
    this.played = new Int32Array(n)
    this.welfareSum = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      this.state[i * this.stride + AGENTS_INDEX] = A
      this.state[i * this.stride + AGENT_INDEX] = i % A
    }
  }

  teamValueOf(team: number, coalition: number): number {
    return teamValue(this.efforts, coalition, this.game, team * this.agents)
  }

  reset(_rng: Rng, obs: Float32Array): void {
    for (let i = 0; i < this.n; i++) {
      this.startEpisode(i)
      this.observe(i, obs)
    }
  }

  setState(i: number, values: ArrayLike<number>): void {
    const vars = this.spec.stateVars
    const A = this.agents
    if (values.length !== this.stride) throw new Error(`coop state needs ${this.stride} values (${vars.join(', ')}), got ${values.length}`)
    const fail = (j: number, accepted: string) => {
      throw new Error(`coop state value ${vars[j]} must be ${accepted}, got ${values[j]}`)
    }
    if (values[AGENTS_INDEX] !== A) fail(AGENTS_INDEX, `${A} (the agents parameter)`)
    if (values[AGENT_INDEX] !== i % A) fail(AGENT_INDEX, `${i % A} (copy ${i} is agent ${i % A} of team ${Math.floor(i / A)})`)
    const round = values[ROUND_INDEX]
    if (!Number.isInteger(round) || round < 0 || round >= this.game.rounds) fail(ROUND_INDEX, `an integer from 0 to ${this.game.rounds - 1} (rounds played)`)
    if (!Number.isFinite(values[OUTPUT_INDEX])) fail(OUTPUT_INDEX, 'finite')
    for (let j = 0; j < A; j++) {
      const e = values[EFFORTS_INDEX + j]
      if (!(e === 0 || e === 1 || e === 2)) fail(EFFORTS_INDEX + j, 'an effort level 0, 1 or 2')
    }
    // Round, output and efforts belong to the team: setting them through one seat sets them for all.
    const team = Math.floor(i / A)
    const last = Math.min(this.n, (team + 1) * A)
    for (let seat = team * A; seat < last; seat++) {
      const base = seat * this.stride
      for (let j = ROUND_INDEX; j < this.stride; j++) this.state[base + j] = values[j]
      this.played[seat] = 0
      this.welfareSum[seat] = 0
    }
    for (let j = 0; j < A; j++) this.efforts[team * A + j] = values[EFFORTS_INDEX + j]
  }

  observe(i: number, obs: Float32Array): void {
    const A = this.agents
    const base = i * this.stride
    const o = i * 2 * A
    // [one-hot agent (A), the team's last efforts ÷ 2 (A; zeros before the episode's first round)]
    obs.fill(0, o, o + 2 * A)
    obs[o + this.state[base + AGENT_INDEX]] = 1
    if (this.state[base + ROUND_INDEX] > 0) {
      for (let j = 0; j < A; j++) obs[o + A + j] = this.state[base + EFFORTS_INDEX + j] / 2
    }
  }

  step(actions: Int32Array, out: StepBuffers, _rng: Rng, autoReset = true): void {
    const s = this.state
    const c = out.components
    const A = this.agents
    const { cost, rounds } = this.game
    const share = 1 / A
    for (let team = 0; team < this.numTeams; team++) {
      const first = team * A
      const last = Math.min(this.n, first + A)
      const e = this.efforts
      // Present seats play their action; missing seats of a partial team repeat their effort.
      for (let seat = first; seat < last; seat++) e[seat] = actions[seat]
      let total = 0
      for (let j = 0; j < A; j++) total += e[first + j]
      const output = teamValue(e, (1 << A) - 1, this.game, first)
      // welfare = y − c·Σe
      const welfare = output - cost * total
      for (let seat = first; seat < last; seat++) {
        const base = seat * this.stride
        const k = seat * NUM_COMPONENTS
        const effort = e[seat]
        c[k + TEAM] = output * share
        // −c·e_i (written so that idling costs +0, not −0)
        c[k + EFFORT] = effort > 0 ? -cost * effort : 0
        // v({i}) = productivity · e_i
        c[k + LOCAL] = PRODUCTIVITY * effort
        const round = s[base + ROUND_INDEX] + 1
        s[base + ROUND_INDEX] = round
        s[base + OUTPUT_INDEX] = output
        for (let j = 0; j < A; j++) s[base + EFFORTS_INDEX + j] = e[first + j]
        this.played[seat] += 1
        this.welfareSum[seat] += welfare
        out.terminated[seat] = 0
        const cut = round >= rounds
        out.truncated[seat] = cut ? 1 : 0
        if (cut) {
          this.observe(seat, out.finalObs)
        keepFinalState(this.state, out, seat, this.spec.stateVars.length)
          out.objective[seat] = this.welfareSum[seat] / this.played[seat]
          if (autoReset) this.startEpisode(seat)
        }
        this.observe(seat, out.obs)
      }
    }
  }

  /** Round 0 with nothing played; the last round's efforts and output stay for the view. */
  private startEpisode(i: number): void {
    this.state[i * this.stride + ROUND_INDEX] = 0
    this.played[i] = 0
    this.welfareSum[i] = 0
  }
}

export const coop: EnvDefinition = {
  spec: describe({}),
  describe,
  create(n: number, params: EnvParams): BatchEnv {
    const game = coopGame(params)
    return new CoopBatch(describeSpec(game), n, game)
  },
}
