import type { Rng } from '../rng'
import { resolveParams } from './params'
import { checkStateValues } from './stateInput'
import { keepFinalState, type BatchEnv, type EnvDefinition, type EnvParams, type EnvSpec, type NaturalPotential, type StepBuffers } from './types'

/*
 * MountainCar-v0 exactly as Gymnasium 1.x computes it (docs/references.md): float64 state, the same
 * floating-point operations in the same order, so a trace matches the reference to the last bit
 * wherever the platform's cos does.
 */
const MIN_POSITION = -1.2
const MAX_POSITION = 0.6
const MAX_SPEED = 0.07
const GOAL_POSITION = 0.5
const GOAL_VELOCITY = 0
const FORCE = 0.001
const GRAVITY = 0.0025
const RESET_LOW = -0.6
const RESET_HIGH = -0.4
const STATE_SIZE = 2

/*
 * The constants above stay private on purpose: an ES module keeps an exported constant in a cell,
 * and in Node 20 a clip that merges a cell's number with a computed one made step() box (allocate)
 * its result every step. Views and tests read them from this copy instead.
 */
export const MOUNTAINCAR_GEOMETRY = { minPosition: MIN_POSITION, maxPosition: MAX_POSITION, maxSpeed: MAX_SPEED, goalPosition: GOAL_POSITION } as const

/**
 * Φ(s) = sin(3x) + 600·v²: the car's mechanical energy (v²/2 + 0.0025·sin(3x)/3, since the slope
 * pulls with −0.0025·cos 3x) divided by 0.0025/3, i.e. the height in sin(3x) units it could coast to.
 */
const KINETIC_SCALE = 3 / (2 * GRAVITY)

// Component order in StepBuffers.components.
const STEP = 0
const GOAL = 1
const HEIGHT = 2
const SPEED = 3
const SWING = 4
const ENERGY = 5
const NUM_COMPONENTS = 6

const BASE_SPEC: EnvSpec = {
  id: 'mountaincar',
  label: 'MountainCar',
  description:
    'Drive an underpowered car out of a valley to the flag on the right hill: the engine cannot climb it directly, so the car must first swing back and forth to build momentum (Gymnasium MountainCar-v0).',
  stateVars: ['position', 'velocity'],
  obsSize: STATE_SIZE,
  numActions: 3,
  actionLabels: ['push left', 'no push', 'push right'],
  components: [
    { name: 'step', description: '−1 on every step, the one that reaches the flag included: Gymnasium’s MountainCar-v0 reward.', defaultWeight: 1, range: [0, 2] },
    {
      name: 'goal',
      description: '+1 on the step that reaches the flag (position ≥ 0.5 moving right). Sparse: a random policy almost never sees it.',
      defaultWeight: 0,
      range: [0, 100],
    },
    {
      name: 'height',
      description:
        'The car’s height after the step, (sin 3x + 1)/2: 0 in the valley, 1 at the top of the right hill. Naive shaping: it is paid every step, so weighted above the step cost a car that hovers just below the flag earns more than one that finishes.',
      defaultWeight: 0,
      range: [0, 5],
    },
    {
      name: 'speed',
      description:
        '|velocity|/0.07 after the step: 0 at rest, 1 at top speed. Meant to reward building momentum, but it is paid every step and finishing ends the stream, so weighted high it pays the car to swing between the hills forever instead of finishing.',
      defaultWeight: 0,
      range: [0, 5],
    },
    {
      name: 'swing',
      description:
        '+1 when the velocity changes sign (a turn at the end of a swing). Meant to reward pumping, the way the car really gets up; but tiny wiggles in the valley count as swings too, and they are far cheaper than a big one.',
      defaultWeight: 0,
      range: [0, 5],
    },
    {
      name: 'energy',
      description:
        'Potential-based shaping: Φ(s′) − Φ(s) with Φ = sin 3x + 600·v², the height the car could coast to. Over an episode it sums to Φ(end) − Φ(start), so no loop can farm it (Ng, Harada & Russell 1999, with γ = 1).',
      defaultWeight: 0,
      range: [0, 100],
    },
  ],
  objective: {
    name: 'steps to goal',
    description: 'Steps the car took to reach the flag; the time limit when it did not (so lower is better whatever the reward mix pays for).',
    higherIsBetter: false,
  },
  timeLimit: 200,
  params: [
    { kind: 'number', name: 'time_limit', description: 'Steps before the episode is cut (truncated, not failed).', default: 200, min: 1, max: 100_000, integer: true },
  ],
  discreteStates: null,
}

function describe(raw: EnvParams): EnvSpec {
  const params = resolveParams(BASE_SPEC, raw)
  return { ...BASE_SPEC, timeLimit: params.time_limit as number }
}

class MountainCarBatch implements BatchEnv {
  readonly state: Float64Array
  /** Steps since the copy's episode began. */
  private readonly elapsed: Int32Array
  private readonly timeLimit: number

  constructor(
    readonly spec: EnvSpec,
    readonly n: number,
  ) {
    this.state = new Float64Array(n * STATE_SIZE)
    this.elapsed = new Int32Array(n)
    this.timeLimit = spec.timeLimit ?? Infinity
  }

  reset(rng: Rng, obs: Float32Array): void {
    for (let i = 0; i < this.n; i++) {
      this.resetCopy(i, rng)
      this.observe(i, obs)
    }
  }

  setState(i: number, values: ArrayLike<number>): void {
    checkStateValues(this.spec, values)
    for (let j = 0; j < STATE_SIZE; j++) this.state[i * STATE_SIZE + j] = values[j]
    this.elapsed[i] = 0
  }

  observe(i: number, obs: Float32Array): void {
    const base = i * STATE_SIZE
    obs[base] = this.state[base]
    obs[base + 1] = this.state[base + 1]
  }

  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    const s = this.state
    const c = out.components
    for (let i = 0; i < this.n; i++) {
      const b = i * STATE_SIZE
      const position = s[b]
      const velocity = s[b + 1]
      // v′ = v + ((a − 1)·0.001 + cos(3x)·(−0.0025)), clipped to ±0.07
      let nextVelocity = velocity + ((actions[i] - 1) * FORCE + Math.cos(3 * position) * -GRAVITY)
      if (nextVelocity < -MAX_SPEED) nextVelocity = -MAX_SPEED
      else if (nextVelocity > MAX_SPEED) nextVelocity = MAX_SPEED
      // x′ = x + v′, clipped to [−1.2, 0.6]; the left wall is inelastic.
      let nextPosition = position + nextVelocity
      if (nextPosition < MIN_POSITION) nextPosition = MIN_POSITION
      else if (nextPosition > MAX_POSITION) nextPosition = MAX_POSITION
      if (nextPosition === MIN_POSITION && nextVelocity < 0) nextVelocity = 0
      s[b] = nextPosition
      s[b + 1] = nextVelocity

      const terminated = nextPosition >= GOAL_POSITION && nextVelocity >= GOAL_VELOCITY
      this.elapsed[i] += 1
      // Gymnasium's TimeLimit: truncated whenever the clock runs out, even on a terminating step.
      const truncated = this.elapsed[i] >= this.timeLimit

      const sinNext = Math.sin(3 * nextPosition)
      const k = i * NUM_COMPONENTS
      c[k + STEP] = -1
      c[k + GOAL] = terminated ? 1 : 0
      // height = (sin 3x′ + 1)/2
      c[k + HEIGHT] = (sinNext + 1) / 2
      // speed = |v′|/0.07
      c[k + SPEED] = Math.abs(nextVelocity) / MAX_SPEED
      c[k + SWING] = velocity * nextVelocity < 0 ? 1 : 0
      // energy = Φ(s′) − Φ(s), Φ = sin 3x + 600·v²
      c[k + ENERGY] = sinNext + KINETIC_SCALE * nextVelocity * nextVelocity - (Math.sin(3 * position) + KINETIC_SCALE * velocity * velocity)

      out.terminated[i] = terminated ? 1 : 0
      out.truncated[i] = truncated ? 1 : 0
      if (terminated || truncated) {
        this.observe(i, out.finalObs)
        keepFinalState(this.state, out, i, this.spec.stateVars.length)
        // Steps to the flag; a cut episode ends at the time limit, which is what it then scores.
        out.objective[i] = this.elapsed[i]
        if (autoReset) this.resetCopy(i, rng)
      }
      this.observe(i, out.obs)
    }
  }

  private resetCopy(i: number, rng: Rng): void {
    const b = i * STATE_SIZE
    this.state[b] = rng.range(RESET_LOW, RESET_HIGH)
    this.state[b + 1] = 0
    this.elapsed[i] = 0
  }
}

// ——— facts for the rest of core/ ———————————————————————————————————————————————————————————

const POTENTIALS: readonly NaturalPotential[] = [
  { name: 'height', description: 'Φ = (sin 3x + 1)/2: the car’s height, 0 in the valley, 1 at the top of the right hill.', phi: (s, o) => (Math.sin(3 * s[o]) + 1) / 2 },
  {
    name: 'energy',
    description: 'Φ = sin 3x + 600·v²: the car’s mechanical energy in height units, the height it could coast to. Rewards pumping, not just climbing.',
    phi: (s, o) => Math.sin(3 * s[o]) + KINETIC_SCALE * s[o + 1] * s[o + 1],
  },
  { name: 'position', description: 'Φ = x: how far right the car is (−1.2 … 0.6).', phi: (s, o) => s[o] },
]

/** A count bonus's bins: the clipped position and speed. */
const STATE_BOUNDS: readonly (readonly [number, number])[] = [
  [MIN_POSITION, MAX_POSITION],
  [-MAX_SPEED, MAX_SPEED],
]

/**
 * PPO for MountainCar: the velocity never exceeds ±0.07, too small an input for the network to act
 * on, so observations are normalised by their running mean and std; 16 copies × 128 steps at a
 * learning rate of 1e-3. With it, energy shaping reaches the flag within 100k steps (lesson
 * sparse-vs-shaped, checked over seeds); with CleanRL's defaults the car never does.
 */
export const MOUNTAINCAR_PPO = { normObs: true, numEnvs: 16, numSteps: 128, learningRate: 1e-3 } as const

export const mountaincar: EnvDefinition = {
  spec: describe({}),
  describe,
  create(n: number, params: EnvParams): BatchEnv {
    return new MountainCarBatch(describe(params), n)
  },
  potentials: POTENTIALS,
  stateBounds: STATE_BOUNDS,
  defaultLearner: { kind: 'ppo', options: MOUNTAINCAR_PPO },
}
