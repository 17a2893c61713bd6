import type { Rng } from '../rng'
import { resolveParams } from './params'
import { checkStateValues } from './stateInput'
import { keepFinalState, type BatchEnv, type EnvDefinition, type EnvParams, type EnvSpec, type NaturalPotential, type StepBuffers } from './types'

/*
 * Acrobot-v1 exactly as Gymnasium 1.x computes it (docs/references.md): float64 state, "book" dynamics,
 * one classic RK4 step of 0.2 s with the torque held constant, then wrap the angles and clip the
 * angular velocities. The arithmetic keeps the reference's order of operations.
 */
const LINK_LENGTH_1 = 1.0
const LINK_MASS_1 = 1.0
const LINK_MASS_2 = 1.0
const LINK_COM_1 = 0.5
const LINK_COM_2 = 0.5
const LINK_MOI = 1.0
const GRAVITY = 9.8
const DT = 0.2
const HALF_DT = DT / 2.0
const SIXTH_DT = DT / 6.0
const MAX_VEL_1 = 4 * Math.PI
const MAX_VEL_2 = 9 * Math.PI
const TWO_PI = Math.PI - -Math.PI
const HALF_PI = Math.PI / 2.0
/** The tip must rise above this height (pivot at 0, links of length 1) to end the episode. */
const TARGET_HEIGHT = 1.0
const RESET_BOUND = 0.1
const STATE_SIZE = 4
const OBS_SIZE = 6
const TORQUES = [-1.0, 0.0, 1.0]

/*
 * The constants above stay private on purpose: an ES module keeps an exported constant in a cell,
 * and in Node 20 a clip that merges a cell's number with a computed one made step() box (allocate)
 * its result every step. Views and tests read them from this copy instead.
 */
export const ACROBOT_LIMITS = { maxVelocity1: MAX_VEL_1, maxVelocity2: MAX_VEL_2, targetHeight: TARGET_HEIGHT } as const

// Constant parts of the dynamics, with the reference's grouping.
const M2_L1_LC2 = LINK_MASS_2 * LINK_LENGTH_1 * LINK_COM_2
const TWO_M2_L1_LC2 = 2 * LINK_MASS_2 * LINK_LENGTH_1 * LINK_COM_2
const D1_CONST_1 = LINK_MASS_1 * LINK_COM_1 ** 2
const D1_CONST_2 = LINK_LENGTH_1 ** 2 + LINK_COM_2 ** 2
const TWO_L1_LC2 = 2 * LINK_LENGTH_1 * LINK_COM_2
const LC2_SQ = LINK_COM_2 ** 2
const L1_LC2 = LINK_LENGTH_1 * LINK_COM_2
const M2_LC2_G = LINK_MASS_2 * LINK_COM_2 * GRAVITY
const PHI1_GRAVITY = (LINK_MASS_1 * LINK_COM_1 + LINK_MASS_2 * LINK_LENGTH_1) * GRAVITY
const DD2_DENOM_CONST = LINK_MASS_2 * LINK_COM_2 ** 2 + LINK_MOI

// Component order in StepBuffers.components.
const STEP = 0
const HEIGHT = 1
const GOAL = 2
const NUM_COMPONENTS = 3

const BASE_SPEC: EnvSpec = {
  id: 'acrobot',
  label: 'Acrobot',
  description:
    'Two links hang from a pivot; torque at the joint between them only. Swing the tip above the line one link-length over the pivot (Gymnasium Acrobot-v1).',
  stateVars: ['theta1', 'theta2', 'dtheta1', 'dtheta2'],
  obsSize: OBS_SIZE,
  numActions: 3,
  actionLabels: ['torque −1', 'no torque', 'torque +1'],
  components: [
    { name: 'step', description: '−1 on every step except the one that swings the tip above the line (0 there): Gymnasium’s Acrobot-v1 reward.', defaultWeight: 1, range: [0, 2] },
    {
      name: 'height',
      description:
        'Tip height after the step, −cos θ1 − cos(θ1 + θ2), from −2 (hanging) to 2 (upright); the episode ends above 1. Naive shaping paid every step: weighted above the step cost, keeping the tip high but just under the line earns more than crossing it.',
      defaultWeight: 0,
      range: [0, 5],
    },
    { name: 'goal', description: '+1 on the step that swings the tip above the line.', defaultWeight: 0, range: [0, 100] },
  ],
  objective: {
    name: 'steps to swing up',
    description: 'Steps until the tip crossed the line; the time limit when it never did (so lower is better whatever the reward mix pays for).',
    higherIsBetter: false,
  },
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

/**
 * Gymnasium's wrap into [−π, π] (`while x > π: x −= 2π; while x < −π: x += 2π`) in one step, so
 * that a huge angle costs no more than a small one (1e300 − 2π is 1e300: the loop never ended).
 * x % 2π is exact, and so is every subtraction the loop makes while |x| ≤ 4π (Sterbenz: a − b is
 * exact for b/2 ≤ a ≤ 2b), so there the two agree bit for bit; further out the loop rounds once per
 * period it removes and this gives the exact remainder. Infinity gives NaN; NaN stays NaN.
 */
export function wrapAngle(x: number): number {
  if (x >= -Math.PI && x <= Math.PI) return x
  // r = x − 2π·trunc(x/2π), in (−2π, 2π), with x's sign
  let r = x % TWO_PI
  if (r > Math.PI) r = r - TWO_PI
  else if (r < -Math.PI) r = r + TWO_PI
  // + 0 turns −0 into 0, as the loop's last addition (−2π + 2π) gives it
  return r + 0
}

class AcrobotBatch implements BatchEnv {
  readonly state: Float64Array
  /** Steps since the copy's episode began. */
  private readonly elapsed: Int32Array
  private readonly timeLimit: number
  /** Scratch for one derivative evaluation: θ̈1, θ̈2 (a field, so step() allocates nothing). */
  private readonly acc = new Float64Array(2)

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

  /** [cos θ1, sin θ1, cos θ2, sin θ2, θ̇1, θ̇2] */
  observe(i: number, obs: Float32Array): void {
    const b = i * STATE_SIZE
    const o = i * OBS_SIZE
    const theta1 = this.state[b]
    const theta2 = this.state[b + 1]
    obs[o] = Math.cos(theta1)
    obs[o + 1] = Math.sin(theta1)
    obs[o + 2] = Math.cos(theta2)
    obs[o + 3] = Math.sin(theta2)
    obs[o + 4] = this.state[b + 2]
    obs[o + 5] = this.state[b + 3]
  }

  /** The book dynamics: writes θ̈1, θ̈2 into this.acc for torque a (θ̇1, θ̇2 are the other two slopes). */
  private accelerations(theta1: number, theta2: number, dtheta1: number, dtheta2: number, a: number): void {
    const cosTheta2 = Math.cos(theta2)
    const sinTheta2 = Math.sin(theta2)
    // d1 = m1·lc1² + m2·(l1² + lc2² + 2·l1·lc2·cos θ2) + I1 + I2
    const d1 = D1_CONST_1 + LINK_MASS_2 * (D1_CONST_2 + TWO_L1_LC2 * cosTheta2) + LINK_MOI + LINK_MOI
    // d2 = m2·(lc2² + l1·lc2·cos θ2) + I2
    const d2 = LINK_MASS_2 * (LC2_SQ + L1_LC2 * cosTheta2) + LINK_MOI
    // φ2 = m2·lc2·g·cos(θ1 + θ2 − π/2)
    const phi2 = M2_LC2_G * Math.cos(theta1 + theta2 - HALF_PI)
    // φ1 = −m2·l1·lc2·θ̇2²·sin θ2 − 2·m2·l1·lc2·θ̇2·θ̇1·sin θ2 + (m1·lc1 + m2·l1)·g·cos(θ1 − π/2) + φ2
    const phi1 = -M2_L1_LC2 * dtheta2 ** 2 * sinTheta2 - TWO_M2_L1_LC2 * dtheta2 * dtheta1 * sinTheta2 + PHI1_GRAVITY * Math.cos(theta1 - HALF_PI) + phi2
    // θ̈2 = (a + d2/d1·φ1 − m2·l1·lc2·θ̇1²·sin θ2 − φ2) / (m2·lc2² + I2 − d2²/d1)
    const ddtheta2 = (a + (d2 / d1) * phi1 - M2_L1_LC2 * dtheta1 ** 2 * sinTheta2 - phi2) / (DD2_DENOM_CONST - d2 ** 2 / d1)
    // θ̈1 = −(d2·θ̈2 + φ1)/d1
    this.acc[0] = -(d2 * ddtheta2 + phi1) / d1
    this.acc[1] = ddtheta2
  }

  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    const s = this.state
    const c = out.components
    const acc = this.acc
    for (let i = 0; i < this.n; i++) {
      const b = i * STATE_SIZE
      const torque = TORQUES[actions[i]]
      const y0 = s[b]
      const y1 = s[b + 1]
      const y2 = s[b + 2]
      const y3 = s[b + 3]
      // RK4: k1 at y, k2 at y + dt/2·k1, k3 at y + dt/2·k2, k4 at y + dt·k3 (the slope of θ is θ̇);
      // y′ = y + dt/6·(k1 + 2·k2 + 2·k3 + k4), summed in that order. One call site in a loop, so
      // the compiler inlines the dynamics and no number is boxed.
      let p0 = y0
      let p1 = y1
      let p2 = y2
      let p3 = y3
      let sum0 = 0
      let sum1 = 0
      let sum2 = 0
      let sum3 = 0
      for (let stage = 0; stage < 4; stage++) {
        this.accelerations(p0, p1, p2, p3, torque)
        const k0 = p2
        const k1 = p3
        const k2 = acc[0]
        const k3 = acc[1]
        if (stage === 0) {
          sum0 = k0
          sum1 = k1
          sum2 = k2
          sum3 = k3
        } else if (stage === 3) {
          sum0 = sum0 + k0
          sum1 = sum1 + k1
          sum2 = sum2 + k2
          sum3 = sum3 + k3
        } else {
          sum0 = sum0 + 2 * k0
          sum1 = sum1 + 2 * k1
          sum2 = sum2 + 2 * k2
          sum3 = sum3 + 2 * k3
        }
        const h = stage === 2 ? DT : HALF_DT
        p0 = y0 + h * k0
        p1 = y1 + h * k1
        p2 = y2 + h * k2
        p3 = y3 + h * k3
      }
      const theta1 = wrapAngle(y0 + SIXTH_DT * sum0)
      const theta2 = wrapAngle(y1 + SIXTH_DT * sum1)
      let dtheta1 = y2 + SIXTH_DT * sum2
      let dtheta2 = y3 + SIXTH_DT * sum3
      if (dtheta1 < -MAX_VEL_1) dtheta1 = -MAX_VEL_1
      else if (dtheta1 > MAX_VEL_1) dtheta1 = MAX_VEL_1
      if (dtheta2 < -MAX_VEL_2) dtheta2 = -MAX_VEL_2
      else if (dtheta2 > MAX_VEL_2) dtheta2 = MAX_VEL_2
      s[b] = theta1
      s[b + 1] = theta2
      s[b + 2] = dtheta1
      s[b + 3] = dtheta2

      // Tip height −cos θ1 − cos(θ2 + θ1); the episode ends above one link-length over the pivot.
      const tipHeight = -Math.cos(theta1) - Math.cos(theta2 + theta1)
      const terminated = tipHeight > TARGET_HEIGHT
      this.elapsed[i] += 1
      // Gymnasium's TimeLimit: truncated whenever the clock runs out, even on a terminating step.
      const truncated = this.elapsed[i] >= this.timeLimit

      const k = i * NUM_COMPONENTS
      c[k + STEP] = terminated ? 0 : -1
      c[k + HEIGHT] = tipHeight
      c[k + GOAL] = terminated ? 1 : 0

      out.terminated[i] = terminated ? 1 : 0
      out.truncated[i] = truncated ? 1 : 0
      if (terminated || truncated) {
        this.observe(i, out.finalObs)
        keepFinalState(this.state, out, i, this.spec.stateVars.length)
        // Steps to swing up; a cut episode ends at the time limit, which is what it then scores.
        out.objective[i] = this.elapsed[i]
        if (autoReset) this.resetCopy(i, rng)
      }
      this.observe(i, out.obs)
    }
  }

  private resetCopy(i: number, rng: Rng): void {
    const b = i * STATE_SIZE
    for (let j = 0; j < STATE_SIZE; j++) this.state[b + j] = rng.range(-RESET_BOUND, RESET_BOUND)
    this.elapsed[i] = 0
  }
}

// ——— facts for the rest of core/ ———————————————————————————————————————————————————————————

/**
 * Acrobot's mechanical energy: E = ½·q̇ᵀM(q)q̇ + V(q) with the mass matrix of the book dynamics,
 * M = [[d1, d2], [d2, m2·lc2² + I2]], and V = −(m1·lc1 + m2·l1)·g·cos θ1 − m2·lc2·g·cos(θ1 + θ2)
 * (θ = 0 hanging down): −19.6 hanging at rest, +19.6 upright at rest.
 */
export function acrobotEnergy(state: ArrayLike<number>, offset: number): number {
  const theta1 = state[offset]
  const theta2 = state[offset + 1]
  const dtheta1 = state[offset + 2]
  const dtheta2 = state[offset + 3]
  const cos2 = Math.cos(theta2)
  const d1 = LINK_MASS_1 * LINK_COM_1 ** 2 + LINK_MASS_2 * (LINK_LENGTH_1 ** 2 + LINK_COM_2 ** 2 + 2 * LINK_LENGTH_1 * LINK_COM_2 * cos2) + 2 * LINK_MOI
  const d2 = LINK_MASS_2 * (LINK_COM_2 ** 2 + LINK_LENGTH_1 * LINK_COM_2 * cos2) + LINK_MOI
  const m22 = LINK_MASS_2 * LINK_COM_2 ** 2 + LINK_MOI
  // T = ½·(d1·θ̇1² + 2·d2·θ̇1·θ̇2 + m22·θ̇2²)
  const kinetic = 0.5 * (d1 * dtheta1 * dtheta1 + 2 * d2 * dtheta1 * dtheta2 + m22 * dtheta2 * dtheta2)
  // V = −(m1·lc1 + m2·l1)·g·cos θ1 − m2·lc2·g·cos(θ1 + θ2)
  const potential = -(LINK_MASS_1 * LINK_COM_1 + LINK_MASS_2 * LINK_LENGTH_1) * GRAVITY * Math.cos(theta1) - LINK_MASS_2 * LINK_COM_2 * GRAVITY * Math.cos(theta1 + theta2)
  return kinetic + potential
}

const POTENTIALS: readonly NaturalPotential[] = [
  {
    name: 'height',
    description: 'Φ = −cos θ1 − cos(θ1 + θ2): the tip’s height, −2 hanging, 2 upright; the episode ends above 1.',
    phi: (s, o) => -Math.cos(s[o]) - Math.cos(s[o] + s[o + 1]),
  },
  {
    name: 'energy',
    description: 'Φ = kinetic + potential energy of the two links (−19.6 hanging at rest, 19.6 upright at rest): rewards pumping energy in.',
    phi: (s, o) => acrobotEnergy(s, o),
  },
]

/** A count bonus's bins: the wrapped angles and the clipped angular speeds. */
const STATE_BOUNDS: readonly (readonly [number, number])[] = [
  [-Math.PI, Math.PI],
  [-Math.PI, Math.PI],
  [-MAX_VEL_1, MAX_VEL_1],
  [-MAX_VEL_2, MAX_VEL_2],
]

export const acrobot: EnvDefinition = {
  spec: describe({}),
  describe,
  create(n: number, params: EnvParams): BatchEnv {
    return new AcrobotBatch(describe(params), n)
  },
  potentials: POTENTIALS,
  stateBounds: STATE_BOUNDS,
}
