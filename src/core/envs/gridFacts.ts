import { CLIFF, COIN, DOOR, GOAL, HOLE, KEY, LAVA, WALL } from './grid'
import { STEPS_FEATURE, type EnvSpec, type GridCells, type NaturalPotential, type PotentialContext, type StepFeatureDeclaration, type StepFeatures } from './types'

/*
 * The facts every grid world shares (gridworld, cliffwalking, frozenlake): its natural shaping
 * potentials and the features of a step a reward model over states scores. Each reads the layout
 * from the spec, so a drawn grid gets them too.
 */

// ——— shaping potentials ——————————————————————————————————————————————————————————————————

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

/** The potentials every grid offers (gridworld, cliffwalking, frozenlake). */
export const GRID_POTENTIALS: readonly NaturalPotential[] = [
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

// ——— step features ——————————————————————————————————————————————————————————————————————————

/*
 * A grid's features of the state s′ a step reaches: steps (1), goal_distance = Manhattan distance
 * (walls ignored) from the cell reached to the nearest goal, in_hazard = 1 on a cell of lava or a
 * hole (the state an episode ends in; a cliff sends the agent back to the start, so its cell is
 * never reached), and has_key on a layout with a key.
 */

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

const WITHOUT_KEY = gridStepFeatureNames({ rows: 1, cols: 1, cells: new Uint8Array(1) })

/** The step features of a grid; its names are one of two lists, with or without has_key. */
export const GRID_STEP_FEATURES: StepFeatureDeclaration = {
  of(spec) {
    if (!spec.grid) throw new Error('grid step features need a spec with a grid')
    return gridFeatures(spec.grid)
  },
  nameChoices: [WITHOUT_KEY, [...WITHOUT_KEY, 'has_key']],
}

// ——— what a layout can pay ————————————————————————————————————————————————————————————————

/** The cells that pay the grid components that need one (hazard: entering a cliff, lava or a hole; goal; coin). */
const PAYING_CELLS: Readonly<Record<string, readonly number[]>> = { hazard: [CLIFF, LAVA, HOLE], goal: [GOAL], coin: [COIN] }

/**
 * Whether a grid layout can ever pay a component: one its cells pay (hazard, goal, coin) only where
 * the layout has such a cell; every other component (step, progress, or one the reward adds) can.
 * A map without cliff, lava or hole never pays `hazard`, whatever its weight.
 */
export function gridCanPay(grid: GridCells, component: string): boolean {
  if (!Object.hasOwn(PAYING_CELLS, component)) return true
  const cells = PAYING_CELLS[component]
  return grid.cells.some((code) => cells.includes(code))
}
