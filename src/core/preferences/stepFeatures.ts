import { CLIFF, GOAL, HOLE, KEY, LAVA } from '../envs/grid'
import type { EnvSpec, GridCells } from '../envs/types'

/*
 * The environments that declare features of one step, for a reward model over states (after
 * Christiano et al. 2017): f(s′) of the state s′ a step reaches (the state that ended the episode,
 * on its last step). A segment's features are Σ_t f(s′_t) over its steps, so a linear model's
 * score of a segment, w·Σ_t f(s′_t), is the sum of its per-step rewards w·f(s′_t): Bradley–Terry
 * on segment sums fits the per-step weights, and the same model pays w·f(s′) on every step.
 *
 * Each declaration's first feature is `steps`, 1 on every step (a segment's sum: how many steps it
 * has). It is what lets a model tell a segment that the episode's end cut short from a full one:
 * with no constant feature, a reward over states could only say how a state compares with others,
 * never whether being alive at all is worth anything.
 *
 *   cartpole  steps, abs_x = |x|, abs_theta = |θ|, x_sq = x², theta_sq = θ², x_dot_sq = ẋ²,
 *             theta_dot_sq = θ̇² (the state is x, ẋ, θ, θ̇)
 *   grids     steps, goal_distance = Manhattan distance (walls ignored) from the cell reached to
 *             the nearest goal, in_hazard = 1 on a cell of lava or a hole (the state an episode
 *             ends in; a cliff sends the agent back to the start, so its cell is never reached),
 *             and has_key on a layout with a key
 * A grid is any environment whose spec has one (gridworld, cliffwalking, frozenlake).
 */

export interface StepFeatures {
  /** The feature names, in the order featuresOf writes them: a reward model must be fitted on exactly these. */
  readonly names: readonly string[]
  /** f(s′) of the copy state at `base` of `state`, into out from `offset`. */
  featuresOf(state: ArrayLike<number>, base: number, out: Float64Array, offset: number): void
}

export const STEPS_FEATURE = 'steps'

export const CARTPOLE_STEP_FEATURE_NAMES: readonly string[] = [STEPS_FEATURE, 'abs_x', 'abs_theta', 'x_sq', 'theta_sq', 'x_dot_sq', 'theta_dot_sq']

const cartpoleFeatures: StepFeatures = {
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

/** The names a grid declares: has_key only where the layout has a key (its state has that variable). */
export function gridStepFeatureNames(grid: GridCells): string[] {
  return [STEPS_FEATURE, 'goal_distance', 'in_hazard', ...(grid.cells.includes(KEY) ? ['has_key'] : [])]
}

/** Manhattan distance from every cell to the nearest goal (0 everywhere on a grid without one). */
function manhattanToGoal({ cols, cells }: GridCells): Float64Array {
  const goals: number[] = []
  cells.forEach((cell, index) => {
    if (cell === GOAL) goals.push(index)
  })
  return Float64Array.from(cells, (_, index) => {
    if (goals.length === 0) return 0
    const row = Math.floor(index / cols)
    const col = index % cols
    // d = min over goals of |row − row_g| + |col − col_g|
    return Math.min(...goals.map((goal) => Math.abs(row - Math.floor(goal / cols)) + Math.abs(col - (goal % cols))))
  })
}

function gridFeatures(grid: GridCells): StepFeatures {
  const names = gridStepFeatureNames(grid)
  const distance = manhattanToGoal(grid)
  const hasKey = names.length === 4
  return {
    names,
    featuresOf(state, base, out, offset) {
      const cell = state[base] * grid.cols + state[base + 1]
      const code = grid.cells[cell]
      out[offset] = 1
      out[offset + 1] = distance[cell]
      out[offset + 2] = code === LAVA || code === HOLE || code === CLIFF ? 1 : 0
      if (hasKey) out[offset + 3] = state[base + 2]
    },
  }
}

/** What `spec`'s environment declares of a step for a reward model, or null when it declares nothing. */
export function stepFeaturesFor(spec: Pick<EnvSpec, 'id' | 'grid'>): StepFeatures | null {
  if (spec.id === 'cartpole') return cartpoleFeatures
  if (spec.grid !== undefined) return gridFeatures(spec.grid)
  return null
}

/** The environments whose steps a reward model can score, for messages. */
export const STEP_FEATURED_ENVIRONMENTS: readonly string[] = ['cartpole', 'gridworld', 'cliffwalking', 'frozenlake']

/** The feature names a pair of `envId`'s segments may have (a grid's depend on its layout: with or without has_key); [] for an environment without step features. */
export function segmentFeatureNameChoices(envId: string): readonly (readonly string[])[] {
  if (envId === 'cartpole') return [CARTPOLE_STEP_FEATURE_NAMES]
  if (!STEP_FEATURED_ENVIRONMENTS.includes(envId)) return []
  const withoutKey = gridStepFeatureNames({ rows: 1, cols: 1, cells: new Uint8Array(1) })
  return [withoutKey, [...withoutKey, 'has_key']]
}
