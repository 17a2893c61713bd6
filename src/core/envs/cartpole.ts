import type { Rng } from '../rng'
import { resolveParams } from './params'
import { checkStateValues } from './stateInput'
import { keepFinalState, STEPS_FEATURE, type BatchEnv, type EnvDefinition, type EnvParams, type EnvSpec, type NaturalPotential, type StepFeatures, type StepBuffers } from './types'

/*
 * CartPole-v1 exactly as Gymnasium 1.x computes it (docs/references.md): float64 state, Euler steps,
 * every constant derived with the same floating-point operations in the same order. The physical
 * constants live in the step loop (CartPoleBatch.advance says why); the thresholds are repeated there.
 */
export const X_THRESHOLD = 2.4
// θ_max = 12 · 2π / 360
export const THETA_THRESHOLD = (12 * 2 * Math.PI) / 360
const RESET_BOUND = 0.05
const STATE_SIZE = 4

const BASE_SPEC: EnvSpec = {
  id: 'cartpole',
  label: 'CartPole',
  description: 'Push a cart left or right to keep the pole on it upright (Gymnasium CartPole-v1).',
  stateVars: ['x', 'x_dot', 'theta', 'theta_dot'],
  obsSize: STATE_SIZE,
  numActions: 2,
  actionLabels: ['push left', 'push right'],
  components: [
    { name: 'alive', description: '+1 on every step, the failing one included: Gymnasium’s CartPole-v1 reward.', defaultWeight: 1, range: [0, 2] },
    { name: 'upright', description: 'cos θ after the step: 1 with the pole vertical, less the more it leans.', defaultWeight: 0, range: [0, 2] },
    { name: 'centred', description: '−|x|/2.4 after the step: 0 at the centre of the track, −1 at its edge.', defaultWeight: 0, range: [0, 2] },
    { name: 'calm', description: '−|θ̇| after the step: penalises a pole that swings fast (rad/s).', defaultWeight: 0, range: [0, 2] },
    { name: 'effort', description: '−1 when the push changes direction from the previous step (0 on an episode’s first step).', defaultWeight: 0, range: [0, 1] },
    { name: 'failure', description: '−1 on the step the pole falls or the cart leaves the track, not at the time limit (Sutton & Barto’s reward).', defaultWeight: 0, range: [0, 100] },
  ],
  objective: { name: 'balance time', description: 'Steps the pole stayed up in the episode (the time limit caps it).', higherIsBetter: true },
  timeLimit: 500,
  params: [
    { kind: 'number', name: 'time_limit', description: 'Steps before the episode is cut (truncated, not failed).', default: 500, min: 1, max: 100_000, integer: true },
  ],
  discreteStates: null,
}

function describe(raw: EnvParams): EnvSpec {
  const params = resolveParams(BASE_SPEC, raw)
  return { ...BASE_SPEC, timeLimit: params.time_limit as number }
}

class CartPoleBatch implements BatchEnv {
  readonly state: Float64Array
  /** Steps since the copy's episode began. */
  private readonly elapsed: Int32Array
  /** The previous action of each copy; −1 before its episode's first step. */
  private readonly previousAction: Int32Array
  /** cos θ of each copy's current state: the step computes it for `upright` and reuses it next step. */
  private readonly cosTheta: Float64Array
  /** sin θ and cos θ' (θ' = θ + τ·θ̇, the next angle) of each copy, computed in a loop of their own before the step's arithmetic. */
  private readonly sinTheta: Float64Array
  private readonly cosNextTheta: Float64Array
  private readonly timeLimit: number
  /** The copies whose episode ended in the current step, in order (`advance` lists them). */
  private readonly finished: Int32Array

  constructor(
    readonly spec: EnvSpec,
    readonly n: number,
  ) {
    this.state = new Float64Array(n * STATE_SIZE)
    this.elapsed = new Int32Array(n)
    this.previousAction = new Int32Array(n).fill(-1)
    this.cosTheta = new Float64Array(n).fill(1)
    this.sinTheta = new Float64Array(n)
    this.cosNextTheta = new Float64Array(n)
    this.timeLimit = spec.timeLimit ?? Infinity
    this.finished = new Int32Array(n)
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
    this.previousAction[i] = -1
    this.cosTheta[i] = Math.cos(this.state[i * STATE_SIZE + 2])
  }

  observe(i: number, obs: Float32Array): void {
    const base = i * STATE_SIZE
    for (let j = 0; j < STATE_SIZE; j++) obs[base + j] = this.state[base + j]
  }

  /*
   * Two parts, so that the hot loop has no path it takes only now and then: V8 compiles the loop
   * while the first steps run, before any episode has ended, and code it has not seen run would
   * throw that compiled loop away at the first reset, often leaving slower code in its place.
   */
  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    const count = this.advance(actions, out)
    this.finishEpisodes(count, out, rng, autoReset)
  }

  /** Step every copy's dynamics and components; returns how many episodes ended (listed in `finished`). */
  private advance(actions: Int32Array, out: StepBuffers): number {
    const s = this.state
    const c = out.components
    // Locals for the hot loop: V8 keeps them in registers instead of reloading fields each step.
    const n = this.n
    const elapsed = this.elapsed
    const previousActions = this.previousAction
    const cosThetas = this.cosTheta
    const sinThetas = this.sinTheta
    const cosNextThetas = this.cosNextTheta
    // The two calls per copy first, in a loop of their own: a call clobbers every register, so the
    // arithmetic below, with no call in it, keeps its arrays and constants in registers (20 % more
    // steps a second on a 2-core AMD EPYC). θ' = θ + τ·θ̇ with the same operations as below, so the
    // same numbers: the trajectories are bit for bit those of one loop.
    for (let i = 0; i < n; i++) {
      const tau = 0.02
      const theta = s[i * 4 + 2]
      sinThetas[i] = Math.sin(theta)
      cosNextThetas[i] = Math.cos(theta + tau * s[i * 4 + 3])
    }
    const obs = out.obs
    const terminatedOut = out.terminated
    const truncatedOut = out.truncated
    const timeLimit = this.timeLimit
    const finished = this.finished
    let count = 0
    for (let i = 0; i < n; i++) {
      // Gymnasium's constants, declared inside the loop, where V8 folds them into the compiled code:
      // a module-level const is reloaded at every use and checked for being set and being a number
      // (about a fifth of the loop's time), and so, in code compiled while the loop already runs
      // (on-stack replacement), is any local set before the loop.
      const gravity = 9.8
      const massCart = 1.0
      const massPole = 0.1
      const totalMass = massPole + massCart
      const halfLength = 0.5
      const poleMassLength = massPole * halfLength
      const forceMag = 10.0
      const tau = 0.02
      const xMax = 2.4 // X_THRESHOLD
      const thetaMax = (12 * 2 * Math.PI) / 360 // THETA_THRESHOLD

      const b = i * 4
      const theta = s[b + 2]
      const thetaDot = s[b + 3]
      const nextTheta = theta + tau * thetaDot
      const sinTheta = sinThetas[i]
      const cosNextTheta = cosNextThetas[i]
      const x = s[b]
      const xDot = s[b + 1]
      const action = actions[i]
      // F = +10 for action 1, −10 for any other, computed without a branch: a branch on a random
      // push is mispredicted half the time (the same goes for `effort` below).
      const force = forceMag * (2 * +(action === 1) - 1)
      const cosTheta = cosThetas[i]
      // temp = (F + m_p·l·θ̇²·sinθ) / (m_c + m_p)
      const temp = (force + poleMassLength * (thetaDot * thetaDot) * sinTheta) / totalMass
      // θ̈ = (g·sinθ − cosθ·temp) / (l·(4/3 − m_p·cos²θ / (m_c + m_p)))
      const thetaAcc = (gravity * sinTheta - cosTheta * temp) / (halfLength * (4.0 / 3.0 - (massPole * (cosTheta * cosTheta)) / totalMass))
      // ẍ = temp − m_p·l·θ̈·cosθ / (m_c + m_p)
      const xAcc = temp - (poleMassLength * thetaAcc * cosTheta) / totalMass
      // Euler: x += τ·ẋ; ẋ += τ·ẍ; θ += τ·θ̇; θ̇ += τ·θ̈ (all from the old state)
      const nextX = x + tau * xDot
      const nextXDot = xDot + tau * xAcc
      const nextThetaDot = thetaDot + tau * thetaAcc
      s[b] = nextX
      s[b + 1] = nextXDot
      s[b + 2] = nextTheta
      s[b + 3] = nextThetaDot
      cosThetas[i] = cosNextTheta

      const terminated = nextX < -xMax || nextX > xMax || nextTheta < -thetaMax || nextTheta > thetaMax
      const steps = elapsed[i] + 1
      elapsed[i] = steps
      // Gymnasium's TimeLimit: truncated whenever the clock runs out, even on a terminating step.
      const truncated = steps >= timeLimit

      // The components in spec order: alive, upright, centred, calm, effort, failure.
      const k = i * 6
      c[k] = 1
      c[k + 1] = cosNextTheta
      // centred = −|x| / 2.4
      c[k + 2] = -Math.abs(nextX) / xMax
      // calm = −|θ̇|
      c[k + 3] = -Math.abs(nextThetaDot)
      // effort = −1 when the push changed direction, 0 on an episode's first step (previous −1);
      // `0 −` keeps a plain 0 where a minus sign would write −0.
      const previous = previousActions[i]
      c[k + 4] = 0 - (+(previous >= 0) & +(previous !== action))
      c[k + 5] = 0 - +terminated
      previousActions[i] = action

      terminatedOut[i] = +terminated
      truncatedOut[i] = +truncated
      // the observation is the new state, as float32 (a finished copy's is rewritten after its reset)
      obs[b] = nextX
      obs[b + 1] = nextXDot
      obs[b + 2] = nextTheta
      obs[b + 3] = nextThetaDot
      // List i if its episode ended, without a branch: write it at the end of the list either way.
      finished[count] = i
      count += +terminated | +truncated
    }
    return count
  }

  /** Keep the final observation, state and objective of each copy that finished, then reset it. */
  private finishEpisodes(count: number, out: StepBuffers, rng: Rng, autoReset: boolean): void {
    for (let d = 0; d < count; d++) {
      const i = this.finished[d]
      this.observe(i, out.finalObs)
      keepFinalState(this.state, out, i, STATE_SIZE)
      out.objective[i] = this.elapsed[i]
      if (autoReset) {
        this.resetCopy(i, rng)
        this.observe(i, out.obs)
      }
    }
  }

  private resetCopy(i: number, rng: Rng): void {
    const b = i * STATE_SIZE
    for (let j = 0; j < STATE_SIZE; j++) this.state[b + j] = rng.range(-RESET_BOUND, RESET_BOUND)
    this.elapsed[i] = 0
    this.previousAction[i] = -1
    this.cosTheta[i] = Math.cos(this.state[b + 2])
  }
}

// ——— facts for the rest of core/ ———————————————————————————————————————————————————————————

const POTENTIALS: readonly NaturalPotential[] = [
  { name: 'upright', description: 'Φ = cos θ: 1 with the pole vertical, less the more it leans.', phi: (s, o) => Math.cos(s[o + 2]) },
  { name: 'centred', description: 'Φ = −|x|/2.4: 0 at the centre of the track, −1 at its edge.', phi: (s, o) => -Math.abs(s[o]) / X_THRESHOLD },
]

/**
 * A count bonus's bins: cart position and pole angle between the termination thresholds; the two
 * velocities have no limits, so their bounds cover what a balancing or a failing policy reaches
 * (|ẋ| ≤ 3, |θ̇| ≤ 3.5).
 */
const STATE_BOUNDS: readonly (readonly [number, number])[] = [
  [-X_THRESHOLD, X_THRESHOLD],
  [-3, 3],
  [-THETA_THRESHOLD, THETA_THRESHOLD],
  [-3.5, 3.5],
]

/** CartPole's step features: steps, abs_x = |x|, abs_theta = |θ|, x_sq = x², theta_sq = θ², x_dot_sq = ẋ², theta_dot_sq = θ̇² (the state is x, ẋ, θ, θ̇). */
export const CARTPOLE_STEP_FEATURE_NAMES: readonly string[] = [STEPS_FEATURE, 'abs_x', 'abs_theta', 'x_sq', 'theta_sq', 'x_dot_sq', 'theta_dot_sq']

const STEP_FEATURES: StepFeatures = {
  names: CARTPOLE_STEP_FEATURE_NAMES,
  featuresOf(state, base, out, offset) {
    const x = state[base]
    const xDot = state[base + 1]
    const theta = state[base + 2]
    const thetaDot = state[base + 3]
    out[offset] = 1
    out[offset + 1] = Math.abs(x)
    out[offset + 2] = Math.abs(theta)
    out[offset + 3] = x * x
    out[offset + 4] = theta * theta
    out[offset + 5] = xDot * xDot
    out[offset + 6] = thetaDot * thetaDot
  },
}

export const cartpole: EnvDefinition = {
  spec: describe({}),
  describe,
  create(n: number, params: EnvParams): BatchEnv {
    return new CartPoleBatch(describe(params), n)
  },
  potentials: POTENTIALS,
  stateBounds: STATE_BOUNDS,
  stepFeatures: { of: () => STEP_FEATURES, nameChoices: [CARTPOLE_STEP_FEATURE_NAMES] },
  // PPO's fast preset was measured on CartPole (PPO_PRESETS in run/config.ts says how).
  defaultLearner: { kind: 'ppo', preset: 'fast' },
}
