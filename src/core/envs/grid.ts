import type { Rng } from '../rng'
import type { BatchEnv, EnvSpec, ParamSpec, RewardComponentSpec, StepBuffers } from './types'

/*
 * A batched grid engine shared by the grid environments. A layout is drawn with one character
 * per cell:
 *   .  empty    #  wall (moves into it stay put)    S  start (exactly one)
 *   G  goal (reaching one ends the episode)          C  cliff (−100 and back to start, episode goes on)
 * Actions follow CliffWalking: 0 up, 1 right, 2 down, 3 left. Moving off the edge stays put.
 */

export const EMPTY = 0
export const WALL = 1
export const START = 2
export const GOAL = 3
export const CLIFF = 4

const CELL_CODES: Record<string, number> = { '.': EMPTY, '#': WALL, S: START, G: GOAL, C: CLIFF }

export const GRID_ACTION_LABELS = ['up', 'right', 'down', 'left']
const ROW_DELTA = new Int32Array([-1, 0, 1, 0])
const COL_DELTA = new Int32Array([0, 1, 0, -1])

export interface GridLayout {
  rows: number
  cols: number
  /** Cell codes, row-major (index = row · cols + col). */
  cells: Uint8Array
  startRow: number
  startCol: number
  /** Manhattan distance from each cell to the nearest goal (walls ignored: the naive shaping). */
  goalDistance: Int32Array
  /** Fewest steps from start to a goal over cells that are neither walls nor cliffs (BFS). */
  shortestPath: number
}

/** Parse a drawn layout and precompute its distances once. */
export function parseLayout(lines: string[]): GridLayout {
  const rows = lines.length
  const cols = rows > 0 ? lines[0].length : 0
  if (rows === 0 || cols === 0) throw new Error('a grid layout needs at least one row and one column')
  const cells = new Uint8Array(rows * cols)
  let start = -1
  const goals: number[] = []
  lines.forEach((line, row) => {
    if (line.length !== cols) throw new Error(`grid layout row ${row} has ${line.length} cells; expected ${cols}`)
    for (let col = 0; col < cols; col++) {
      const code = CELL_CODES[line[col]]
      if (code === undefined) throw new Error(`unknown grid cell "${line[col]}" at (${row}, ${col}); accepted: ${Object.keys(CELL_CODES).join(' ')}`)
      const index = row * cols + col
      cells[index] = code
      if (code === START) {
        if (start >= 0) throw new Error('a grid layout needs exactly one start cell S')
        start = index
      }
      if (code === GOAL) goals.push(index)
    }
  })
  if (start < 0) throw new Error('a grid layout needs exactly one start cell S')
  if (goals.length === 0) throw new Error('a grid layout needs at least one goal cell G')

  const goalDistance = new Int32Array(rows * cols)
  for (let index = 0; index < cells.length; index++) {
    let nearest = Infinity
    for (const goal of goals) {
      // d = |Δrow| + |Δcol|
      const d = Math.abs(Math.floor(index / cols) - Math.floor(goal / cols)) + Math.abs((index % cols) - (goal % cols))
      nearest = Math.min(nearest, d)
    }
    goalDistance[index] = nearest
  }

  const shortestPath = bfsToGoal(cells, rows, cols, start)
  if (!Number.isFinite(shortestPath)) throw new Error('a grid layout needs a goal reachable from the start without crossing walls or cliffs')
  return { rows, cols, cells, startRow: Math.floor(start / cols), startCol: start % cols, goalDistance, shortestPath }
}

function bfsToGoal(cells: Uint8Array, rows: number, cols: number, start: number): number {
  const distance = new Int32Array(cells.length).fill(-1)
  const queue = new Int32Array(cells.length)
  let head = 0
  let tail = 0
  distance[start] = 0
  queue[tail++] = start
  while (head < tail) {
    const index = queue[head++]
    if (cells[index] === GOAL) return distance[index]
    const row = Math.floor(index / cols)
    const col = index % cols
    for (let a = 0; a < 4; a++) {
      const r = row + ROW_DELTA[a]
      const c = col + COL_DELTA[a]
      if (r < 0 || r >= rows || c < 0 || c >= cols) continue
      const next = r * cols + c
      if (distance[next] >= 0 || cells[next] === WALL || cells[next] === CLIFF) continue
      distance[next] = distance[index] + 1
      queue[tail++] = next
    }
  }
  return Infinity
}

// Component order in StepBuffers.components.
const STEP = 0
const HAZARD = 1
const GOAL_REACHED = 2
const PROGRESS = 3
const NUM_COMPONENTS = 4

/** The components every grid environment records; default weights reproduce CliffWalking-v1. */
export const GRID_COMPONENTS: RewardComponentSpec[] = [
  { name: 'step', description: '−1 on every step that does not fall into the cliff (a fall is priced by hazard alone, as in Gymnasium).', defaultWeight: 1, range: [0, 5] },
  { name: 'hazard', description: '−1 when the move enters a cliff cell; the agent goes back to the start and the episode goes on.', defaultWeight: 100, range: [0, 200] },
  { name: 'goal', description: '+1 on the step that reaches the goal.', defaultWeight: 0, range: [0, 100] },
  { name: 'progress', description: 'Naive shaping: +1 when the step brings the agent closer to the goal (Manhattan distance), −1 when farther, else 0.', defaultWeight: 0, range: [0, 5] },
]

export interface GridSpecOptions {
  id: string
  label: string
  description: string
  layout: GridLayout
  timeLimit: number | null
  params: ParamSpec[]
}

export function gridSpec(options: GridSpecOptions): EnvSpec {
  return {
    id: options.id,
    label: options.label,
    description: options.description,
    stateVars: ['row', 'col'],
    obsSize: 1,
    numActions: 4,
    actionLabels: GRID_ACTION_LABELS,
    components: GRID_COMPONENTS,
    objective: {
      name: 'path efficiency',
      description: 'Shortest path length ÷ steps taken when the goal is reached, else 0: 1 is a perfect walk.',
      higherIsBetter: true,
    },
    timeLimit: options.timeLimit,
    params: options.params,
    discreteStates: options.layout.rows * options.layout.cols,
    grid: { rows: options.layout.rows, cols: options.layout.cols, cells: options.layout.cells },
  }
}

export class GridBatch implements BatchEnv {
  /** [row, col] per copy. */
  readonly state: Float64Array
  private readonly elapsed: Int32Array
  private readonly timeLimit: number

  constructor(
    readonly spec: EnvSpec,
    readonly n: number,
    private readonly layout: GridLayout,
  ) {
    this.state = new Float64Array(n * 2)
    this.elapsed = new Int32Array(n)
    this.timeLimit = spec.timeLimit ?? Infinity
  }

  reset(_rng: Rng, obs: Float32Array): void {
    for (let i = 0; i < this.n; i++) {
      this.resetCopy(i)
      this.observe(i, obs)
    }
  }

  setState(i: number, values: ArrayLike<number>): void {
    const { rows, cols, cells } = this.layout
    if (values.length !== 2) throw new Error(`${this.spec.id} state needs 2 values (row, col), got ${values.length}`)
    const row = values[0]
    const col = values[1]
    if (!Number.isInteger(row) || row < 0 || row >= rows) throw new Error(`${this.spec.id} row must be an integer from 0 to ${rows - 1}, got ${row}`)
    if (!Number.isInteger(col) || col < 0 || col >= cols) throw new Error(`${this.spec.id} col must be an integer from 0 to ${cols - 1}, got ${col}`)
    if (cells[row * cols + col] === WALL) throw new Error(`${this.spec.id} cell (${row}, ${col}) is a wall; the agent cannot stand there`)
    this.state[i * 2] = row
    this.state[i * 2 + 1] = col
    this.elapsed[i] = 0
  }

  observe(i: number, obs: Float32Array): void {
    // s = row · ncol + col
    obs[i] = this.state[i * 2] * this.layout.cols + this.state[i * 2 + 1]
  }

  step(actions: Int32Array, out: StepBuffers, _rng: Rng, autoReset = true): void {
    const { rows, cols, cells, goalDistance, startRow, startCol, shortestPath } = this.layout
    const s = this.state
    const c = out.components
    for (let i = 0; i < this.n; i++) {
      const row = s[i * 2]
      const col = s[i * 2 + 1]
      const action = actions[i]
      let nextRow = Math.min(rows - 1, Math.max(0, row + ROW_DELTA[action]))
      let nextCol = Math.min(cols - 1, Math.max(0, col + COL_DELTA[action]))
      if (cells[nextRow * cols + nextCol] === WALL) {
        nextRow = row
        nextCol = col
      }
      const entered = cells[nextRow * cols + nextCol]
      const fell = entered === CLIFF
      if (fell) {
        nextRow = startRow
        nextCol = startCol
      }
      s[i * 2] = nextRow
      s[i * 2 + 1] = nextCol
      const terminated = entered === GOAL
      this.elapsed[i] += 1
      const truncated = this.elapsed[i] >= this.timeLimit

      const k = i * NUM_COMPONENTS
      c[k + STEP] = fell ? 0 : -1
      c[k + HAZARD] = fell ? -1 : 0
      c[k + GOAL_REACHED] = terminated ? 1 : 0
      // progress = sign(d(s) − d(s′)), d = Manhattan distance to the goal
      c[k + PROGRESS] = Math.sign(goalDistance[row * cols + col] - goalDistance[nextRow * cols + nextCol])

      out.terminated[i] = terminated ? 1 : 0
      out.truncated[i] = truncated ? 1 : 0
      if (terminated || truncated) {
        this.observe(i, out.finalObs)
        // efficiency = shortest path / steps taken if the goal was reached, else 0
        out.objective[i] = terminated ? shortestPath / this.elapsed[i] : 0
        if (autoReset) this.resetCopy(i)
      }
      this.observe(i, out.obs)
    }
  }

  private resetCopy(i: number): void {
    this.state[i * 2] = this.layout.startRow
    this.state[i * 2 + 1] = this.layout.startCol
    this.elapsed[i] = 0
  }
}
