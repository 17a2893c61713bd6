import { CLIFF, DOOR, GOAL, HOLE, KEY, LAVA, WALL } from '../envs/grid'
import type { EnvSpec, GridCells, StepBuffers } from '../envs/types'
import { ownValue } from '../reservedNames'

/*
 * Potential-based reward shaping (Ng, Harada & Russell 1999) and its naive counterpart.
 *
 * Potential-based: F = γ·Φ(s′) − Φ(s), with Φ(s′) = 0 when s′ is terminal. Over an episode the
 * discounted sum telescopes to γ^T·Φ(s_T) − Φ(s_0) (or −Φ(s_0) when it terminates), so it cannot
 * change which policy is optimal, whatever Φ and weight, as long as γ is the learner's discount.
 * A time-limit cut is not terminal: s_T is a real state whose future the learner bootstraps from,
 * so Φ of the final state is used there.
 * Naive: the same quantity paid as a reward, w·Φ(s′) every step (the terminal step included):
 * it changes what is optimal, typically into hovering near the goal instead of reaching it.
 *
 * Φ is evaluated on the internal state vector (spec.stateVars, the `env.state` layout), read from
 * `offset`; a user-written Φ (an expression compiled elsewhere) plugs in as the same plain function.
 */

/** Φ of the state held in `state` from `offset` (spec.stateVars order). */
export type PotentialFn = (state: ArrayLike<number>, offset: number) => number

/** What a natural potential may consult besides the state: the spec (the grid layout, for one). */
export interface PotentialContext {
  spec: EnvSpec
}

export interface NaturalPotential {
  name: string
  description: string
  phi(state: ArrayLike<number>, offset: number, context: PotentialContext): number
}

// ——— grids ———————————————————————————————————————————————————————————————————————————————

interface GridDistances {
  /** Fewest steps to a goal from state index has_key·rows·cols + row·cols + col; −1 when none. */
  steps: Int32Array
  /** One more than the largest finite entry of `steps`: the distance charged where no path exists. */
  unreachable: number
  /** Manhattan distance from each cell to its nearest goal (walls ignored). */
  manhattan: Int32Array
}

const gridDistanceCache = new WeakMap<Uint8Array, GridDistances>()

/**
 * Shortest-path distances to the goal over (cell, has_key), by breadth-first search backwards from
 * every goal. A move is one of the four neighbours; walls, doors without the key and hazards
 * (cliff, lava, hole: a fall is never part of a shortest path) block it; entering a key cell picks
 * the key up. The same rules as the grid engine's own shortestPath.
 */
function gridDistances(grid: GridCells): GridDistances {
  const cached = gridDistanceCache.get(grid.cells)
  if (cached) return cached
  const { rows, cols, cells } = grid
  const size = rows * cols
  const layers = cells.includes(KEY) ? 2 : 1
  const numStates = layers * size
  const blocked = (cell: number, key: number) => {
    const code = cells[cell]
    return code === WALL || code === CLIFF || code === LAVA || code === HOLE || (code === DOOR && key === 0)
  }
  // Predecessor lists of the forward move graph (no moves out of a goal: it ends the episode).
  const predecessors: number[][] = Array.from({ length: numStates }, () => [])
  for (let key = 0; key < layers; key++) {
    for (let cell = 0; cell < size; cell++) {
      if (blocked(cell, key) || cells[cell] === GOAL) continue
      const row = Math.floor(cell / cols)
      const col = cell % cols
      for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
        const r = row + dr
        const c = col + dc
        if (r < 0 || r >= rows || c < 0 || c >= cols) continue
        const next = r * cols + c
        if (blocked(next, key)) continue
        const nextKey = cells[next] === KEY ? 1 : key
        predecessors[nextKey * size + next].push(key * size + cell)
      }
    }
  }
  const steps = new Int32Array(numStates).fill(-1)
  const queue = new Int32Array(numStates)
  let head = 0
  let tail = 0
  for (let s = 0; s < numStates; s++) {
    if (cells[s % size] === GOAL) {
      steps[s] = 0
      queue[tail++] = s
    }
  }
  let farthest = 0
  while (head < tail) {
    const s = queue[head++]
    for (const p of predecessors[s]) {
      if (steps[p] >= 0) continue
      steps[p] = steps[s] + 1
      farthest = Math.max(farthest, steps[p])
      queue[tail++] = p
    }
  }
  const manhattan = new Int32Array(size)
  for (let cell = 0; cell < size; cell++) {
    let nearest = Infinity
    for (let goal = 0; goal < size; goal++) {
      if (cells[goal] !== GOAL) continue
      // d = |Δrow| + |Δcol|
      nearest = Math.min(nearest, Math.abs(Math.floor(cell / cols) - Math.floor(goal / cols)) + Math.abs((cell % cols) - (goal % cols)))
    }
    manhattan[cell] = Number.isFinite(nearest) ? nearest : 0
  }
  const distances = { steps, unreachable: farthest + 1, manhattan }
  gridDistanceCache.set(cells, distances)
  return distances
}

function gridOf(context: PotentialContext): GridCells {
  const grid = context.spec.grid
  if (!grid) throw new Error(`${context.spec.id} has no grid: grid potentials need one`)
  return grid
}

/** Shortest-path distance to the goal of the grid state [row, col(, has_key)] at `offset`. */
export function gridGoalDistance(state: ArrayLike<number>, offset: number, spec: EnvSpec): number {
  const grid = gridOf({ spec })
  const { steps, unreachable } = gridDistances(grid)
  const key = spec.stateVars.length > 2 ? state[offset + 2] : 0
  const d = steps[key * grid.rows * grid.cols + state[offset] * grid.cols + state[offset + 1]]
  return d >= 0 ? d : unreachable
}

const GRID_POTENTIALS: NaturalPotential[] = [
  {
    name: 'distance',
    description:
      'Φ = −(fewest steps to the goal), around walls and hazards and via the key where a door is in the way; states with no path get one step more than the farthest reachable one.',
    phi: (state, offset, context) => -gridGoalDistance(state, offset, context.spec),
  },
  {
    name: 'manhattan',
    description: 'Φ = −(Manhattan distance to the nearest goal), walls ignored: cheaper to think about, misleading behind walls.',
    phi(state, offset, context) {
      const grid = gridOf(context)
      return -gridDistances(grid).manhattan[state[offset] * grid.cols + state[offset + 1]]
    },
  },
]

// ——— classic control —————————————————————————————————————————————————————————————————————

// Acrobot's constants (docs/references.md): links of length 1 and mass 1, centres of mass at 0.5, moments of inertia 1, g = 9.8.
const ACROBOT_M = 1
const ACROBOT_L1 = 1
const ACROBOT_LC = 0.5
const ACROBOT_I = 1
const ACROBOT_G = 9.8

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
  const d1 = ACROBOT_M * ACROBOT_LC ** 2 + ACROBOT_M * (ACROBOT_L1 ** 2 + ACROBOT_LC ** 2 + 2 * ACROBOT_L1 * ACROBOT_LC * cos2) + 2 * ACROBOT_I
  const d2 = ACROBOT_M * (ACROBOT_LC ** 2 + ACROBOT_L1 * ACROBOT_LC * cos2) + ACROBOT_I
  const m22 = ACROBOT_M * ACROBOT_LC ** 2 + ACROBOT_I
  // T = ½·(d1·θ̇1² + 2·d2·θ̇1·θ̇2 + m22·θ̇2²)
  const kinetic = 0.5 * (d1 * dtheta1 * dtheta1 + 2 * d2 * dtheta1 * dtheta2 + m22 * dtheta2 * dtheta2)
  // V = −(m1·lc1 + m2·l1)·g·cos θ1 − m2·lc2·g·cos(θ1 + θ2)
  const potential = -(ACROBOT_M * ACROBOT_LC + ACROBOT_M * ACROBOT_L1) * ACROBOT_G * Math.cos(theta1) - ACROBOT_M * ACROBOT_LC * ACROBOT_G * Math.cos(theta1 + theta2)
  return kinetic + potential
}

/** MountainCar's slope pulls with −0.0025·cos 3x, so ½v² + 0.0025·sin(3x)/3 is conserved; ÷ (0.0025/3). */
const MOUNTAINCAR_KINETIC_SCALE = 3 / (2 * 0.0025)

/**
 * The natural potentials each environment offers, by environment id. Environments without a
 * meaningful state potential (the bandit, the token task, the team game) offer none; a user-written
 * Φ still works there.
 */
export const POTENTIALS: Record<string, NaturalPotential[]> = {
  cartpole: [
    { name: 'upright', description: 'Φ = cos θ: 1 with the pole vertical, less the more it leans.', phi: (s, o) => Math.cos(s[o + 2]) },
    { name: 'centred', description: 'Φ = −|x|/2.4: 0 at the centre of the track, −1 at its edge.', phi: (s, o) => -Math.abs(s[o]) / 2.4 },
  ],
  mountaincar: [
    { name: 'height', description: 'Φ = (sin 3x + 1)/2: the car’s height, 0 in the valley, 1 at the top of the right hill.', phi: (s, o) => (Math.sin(3 * s[o]) + 1) / 2 },
    {
      name: 'energy',
      description: 'Φ = sin 3x + 600·v²: the car’s mechanical energy in height units, the height it could coast to. Rewards pumping, not just climbing.',
      phi: (s, o) => Math.sin(3 * s[o]) + MOUNTAINCAR_KINETIC_SCALE * s[o + 1] * s[o + 1],
    },
    { name: 'position', description: 'Φ = x: how far right the car is (−1.2 … 0.6).', phi: (s, o) => s[o] },
  ],
  acrobot: [
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
  ],
  gridworld: GRID_POTENTIALS,
  cliffwalking: GRID_POTENTIALS,
  frozenlake: GRID_POTENTIALS,
  bandit: [],
  tokenseq: [],
  coop: [],
}

/** The natural potentials of an environment (none for an unknown id). */
export function potentialsFor(envId: string): NaturalPotential[] {
  return ownValue(POTENTIALS, envId) ?? []
}

/** Φ named `name` of spec's environment, bound to the spec so it is a plain PotentialFn. */
export function bindPotential(spec: EnvSpec, name: string): PotentialFn {
  const found = potentialsFor(spec.id).find((p) => p.name === name)
  if (!found) {
    const names = potentialsFor(spec.id).map((p) => p.name)
    throw new Error(`unknown potential "${name}" for ${spec.id}; accepted: ${[...names, 'custom'].join(', ')}`)
  }
  const context: PotentialContext = { spec }
  return (state, offset) => found.phi(state, offset, context)
}

// ——— the shaping terms ————————————————————————————————————————————————————————————————————

export interface ShapingOptions {
  /** Multiplies F (or the naive Φ(s′)). */
  weight: number
  /** The discount in F; the learner's own γ keeps the optimal policy unchanged. */
  gamma: number
  /** Pay w·Φ(s′) every step instead of w·(γ·Φ(s′) − Φ(s)). */
  naive: boolean
}

/** F = γ·(1 − terminated)·Φ(s′) − Φ(s) for one transition, from the two potentials. */
export function potentialDifference(phiBefore: number, phiAfter: number, terminated: boolean, gamma: number): number {
  return (terminated ? 0 : gamma * phiAfter) - phiBefore
}

/** What shapeStep and the count bonuses read from a step's buffers besides the current state. */
export type StepEnds = Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>

/**
 * The state copy i reached with the step: `finalState` where its episode ended (the env may have
 * auto-reset `stateNow` already), else `stateNow` (env.state after the step). Returns the array to
 * read from offset i·stateSize.
 */
export function reachedState(stateNow: ArrayLike<number>, step: StepEnds, i: number): ArrayLike<number> {
  return step.terminated[i] || step.truncated[i] ? step.finalState : stateNow
}

/**
 * The shaping reward of one step of n copies, into `out` (n). `stateBefore` is n × stateSize, the
 * internal states before the step (env.state copied before stepping); `stateNow` is env.state after
 * it, and where an episode ended s′ is read from `step.finalState` instead (a cut episode's final
 * state is a real state, so Φ of it counts; a terminated one's Φ is 0).
 * Potential-based: out_i = w·(γ·(1 − terminated_i)·Φ(s′_i) − Φ(s_i)); naive: out_i = w·Φ(s′_i).
 */
export function shapeStep(
  phi: PotentialFn,
  options: ShapingOptions,
  stateBefore: ArrayLike<number>,
  stateNow: ArrayLike<number>,
  step: StepEnds,
  n: number,
  stateSize: number,
  out: Float64Array,
): void {
  const { weight, gamma, naive } = options
  for (let i = 0; i < n; i++) {
    const offset = i * stateSize
    const terminated = step.terminated[i] === 1
    if (naive) {
      // naive: w·Φ(s′)
      out[i] = weight * phi(reachedState(stateNow, step, i), offset)
    } else {
      // F = w·(γ·(1 − terminated)·Φ(s′) − Φ(s))
      const phiAfter = terminated ? 0 : phi(reachedState(stateNow, step, i), offset)
      out[i] = weight * potentialDifference(phi(stateBefore, offset), phiAfter, terminated, gamma)
    }
  }
}
