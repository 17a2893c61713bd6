import { Rng } from '../rng'
import { keepFinalState, allocateStepBuffers, type BatchEnv, type EnvSpec, type GridCells, type ObjectiveSpec, type ParamSpec, type RewardComponentSpec, type StepBuffers, type TabularModel, type Transition } from './types'

/*
 * A batched grid engine shared by the grid environments (CliffWalking, FrozenLake, the grid world).
 * A layout is drawn with one character per cell (GRID_CELL_TYPES below lists them); moves off the
 * edge, into a wall or into a door without the key stay put.
 *
 * Internal state per copy: [row, col], plus has_key when the layout has a key. A coin needs no
 * state of its own: it is missing exactly while the agent stands on its cell (it reappears the
 * moment the agent leaves), so its presence is a function of the position.
 * Observation: one float, the state index s = has_key · rows · cols + row · cols + col
 * (row · cols + col without a key: Gymnasium's index for FrozenLake and CliffWalking).
 */

export const EMPTY = 0
export const WALL = 1
export const START = 2
export const GOAL = 3
export const CLIFF = 4
export const LAVA = 5
export const HOLE = 6
export const KEY = 7
export const DOOR = 8
export const COIN = 9

export interface GridCellType {
  code: number
  char: string
  label: string
  description: string
}

/** Every cell type, with the character that draws it in a layout. */
export const GRID_CELL_TYPES: GridCellType[] = [
  { code: EMPTY, char: '.', label: 'floor', description: 'Free to walk on.' },
  { code: WALL, char: '#', label: 'wall', description: 'Blocks the way: a move into it stays put.' },
  { code: START, char: 'S', label: 'start', description: 'Where every episode begins; a layout has exactly one.' },
  { code: GOAL, char: 'G', label: 'goal', description: 'Reaching it ends the episode (the goal component); a layout needs at least one.' },
  { code: CLIFF, char: 'C', label: 'cliff', description: 'A fall: the hazard penalty and back to the start; the episode goes on (CliffWalking).' },
  { code: LAVA, char: 'L', label: 'lava', description: 'Entering it ends the episode with the hazard penalty.' },
  { code: HOLE, char: 'H', label: 'hole', description: 'FrozenLake’s hole: entering it ends the episode with the hazard component (weight 0 there).' },
  { code: KEY, char: 'K', label: 'key', description: 'Picked up on entry; while carried, doors open.' },
  { code: DOOR, char: 'D', label: 'door', description: 'A wall unless the agent carries the key.' },
  { code: COIN, char: 'O', label: 'coin', description: 'Stepping onto it pays the coin component; it reappears once the agent leaves, so looping over it pays again.' },
]

const CODE_BY_CHAR: Record<string, number> = Object.fromEntries(GRID_CELL_TYPES.map((t) => [t.char, t.code]))
const CHAR_BY_CODE: string[] = []
for (const t of GRID_CELL_TYPES) CHAR_BY_CODE[t.code] = t.char
const ACCEPTED_CELLS = GRID_CELL_TYPES.map((t) => `${t.char} ${t.label}`).join(', ')

/** The character that draws a cell code in a layout. */
export function cellChar(code: number): string {
  const char = CHAR_BY_CODE[code]
  if (char === undefined) throw new Error(`unknown grid cell code ${code}`)
  return char
}

/** Largest layout in either direction (a drawn level must stay small enough to learn and to show). */
export const MAX_GRID_SIZE = 30

/** How the actions move the agent: action a adds (rowDelta[a], colDelta[a]). */
export interface GridMoves {
  labels: string[]
  rowDelta: Int32Array
  colDelta: Int32Array
}

/** CliffWalking's order: 0 up, 1 right, 2 down, 3 left. */
export const CLIFFWALKING_MOVES: GridMoves = {
  labels: ['up', 'right', 'down', 'left'],
  rowDelta: new Int32Array([-1, 0, 1, 0]),
  colDelta: new Int32Array([0, 1, 0, -1]),
}

/** FrozenLake's order: 0 left, 1 down, 2 right, 3 up. */
export const FROZENLAKE_MOVES: GridMoves = {
  labels: ['left', 'down', 'right', 'up'],
  rowDelta: new Int32Array([0, 1, 0, -1]),
  colDelta: new Int32Array([-1, 0, 1, 0]),
}

export interface GridLayout {
  rows: number
  cols: number
  /** Cell codes, row-major (index = row · cols + col). */
  cells: Uint8Array
  startRow: number
  startCol: number
  /** Whether the layout has a key cell: then the state carries has_key and the state count doubles. */
  hasKey: boolean
  /** Manhattan distance from each cell to the nearest goal (walls ignored: the naive shaping). */
  goalDistance: Int32Array
  /** Fewest steps from start to a goal avoiding walls, hazards and doors without the key (BFS). */
  shortestPath: number
}

function at(row: number, col: number): string {
  return `(${row}, ${col})`
}

/** Parse a drawn layout and precompute its distances once. Errors name the row and column (from 0). */
export function parseLayout(lines: string[]): GridLayout {
  const rows = lines.length
  const cols = rows > 0 ? lines[0].length : 0
  if (rows === 0 || cols === 0) throw new Error('a grid layout needs at least one row and one column')
  if (rows > MAX_GRID_SIZE || cols > MAX_GRID_SIZE) {
    throw new Error(`a grid layout has at most ${MAX_GRID_SIZE} rows and ${MAX_GRID_SIZE} columns; got ${rows} rows of ${cols}`)
  }
  const cells = new Uint8Array(rows * cols)
  let start = -1
  let hasKey = false
  const goals: number[] = []
  lines.forEach((line, row) => {
    if (line.length !== cols) throw new Error(`grid layout row ${row} has ${line.length} cells; expected ${cols} (as many as row 0)`)
    for (let col = 0; col < cols; col++) {
      const code = CODE_BY_CHAR[line[col]]
      if (code === undefined) throw new Error(`unknown grid cell "${line[col]}" at ${at(row, col)} (row, column from 0); accepted: ${ACCEPTED_CELLS}`)
      const index = row * cols + col
      cells[index] = code
      if (code === START) {
        if (start >= 0) {
          throw new Error(`a grid layout needs exactly one start cell S; found one at ${at(Math.floor(start / cols), start % cols)} and another at ${at(row, col)}`)
        }
        start = index
      }
      if (code === GOAL) goals.push(index)
      if (code === KEY) hasKey = true
    }
  })
  if (start < 0) throw new Error('a grid layout needs exactly one start cell S; found none')
  if (goals.length === 0) throw new Error('a grid layout needs at least one goal cell G; found none')

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
  if (!Number.isFinite(shortestPath)) {
    throw new Error('a grid layout needs a goal reachable from the start without crossing walls, cliffs, lava or holes (a door needs a key reachable first)')
  }
  return { rows, cols, cells, startRow: Math.floor(start / cols), startCol: start % cols, hasKey, goalDistance, shortestPath }
}

/** Parse the one-line form: rows separated by "/", e.g. "S..../.#.../....G". */
export function parseLayoutText(text: string): GridLayout {
  const trimmed = text.trim()
  if (trimmed === '') throw new Error('a grid layout needs at least one row and one column')
  return parseLayout(trimmed.split('/'))
}

/** Breadth-first search over (cell, carrying the key): a door opens only once a key was entered. */
function bfsToGoal(cells: Uint8Array, rows: number, cols: number, start: number): number {
  const size = cells.length
  const distance = new Int32Array(2 * size).fill(-1)
  const queue = new Int32Array(2 * size)
  let head = 0
  let tail = 0
  distance[start] = 0
  queue[tail++] = start
  while (head < tail) {
    const node = queue[head++]
    const key = node >= size ? 1 : 0
    const index = node - key * size
    if (cells[index] === GOAL) return distance[node]
    const row = Math.floor(index / cols)
    const col = index % cols
    for (let a = 0; a < 4; a++) {
      const r = row + CLIFFWALKING_MOVES.rowDelta[a]
      const c = col + CLIFFWALKING_MOVES.colDelta[a]
      if (r < 0 || r >= rows || c < 0 || c >= cols) continue
      const cell = cells[r * cols + c]
      if (cell === WALL || cell === CLIFF || cell === LAVA || cell === HOLE || (cell === DOOR && key === 0)) continue
      const next = (cell === KEY ? 1 : key) * size + r * cols + c
      if (distance[next] >= 0) continue
      distance[next] = distance[node] + 1
      queue[tail++] = next
    }
  }
  return Infinity
}

/** The internal state variables of a layout: row, col, and has_key when it has a key. */
export function gridStateVars(grid: GridCells): string[] {
  return grid.cells.includes(KEY) ? ['row', 'col', 'has_key'] : ['row', 'col']
}

/** The raw components a grid step can record; a spec lists any of them, in any order. */
export const GRID_COMPONENT_NAMES = ['step', 'hazard', 'goal', 'progress', 'coin'] as const

/** The components CliffWalking records; default weights reproduce CliffWalking-v1. */
export const GRID_COMPONENTS: RewardComponentSpec[] = [
  { name: 'step', description: '−1 on every step that does not fall into the cliff (a fall is priced by hazard alone, as in Gymnasium).', defaultWeight: 1, range: [0, 5] },
  { name: 'hazard', description: '−1 when the move enters a cliff cell; the agent goes back to the start and the episode goes on.', defaultWeight: 100, range: [0, 200] },
  { name: 'goal', description: '+1 on the step that reaches the goal.', defaultWeight: 0, range: [0, 100] },
  { name: 'progress', description: 'Naive shaping: +1 when the step brings the agent closer to the goal (Manhattan distance), −1 when farther, else 0.', defaultWeight: 0, range: [0, 5] },
]

export type GridObjective = 'path efficiency' | 'success'

const OBJECTIVES: Record<GridObjective, ObjectiveSpec> = {
  'path efficiency': {
    name: 'path efficiency',
    description: 'Shortest path length ÷ steps taken when the goal is reached, else 0: 1 is a perfect walk.',
    higherIsBetter: true,
  },
  success: {
    name: 'success',
    description: '1 when the episode reaches the goal, 0 when it ends in a hole or is cut by the time limit: averaged, the success rate.',
    higherIsBetter: true,
  },
}

/** How a grid environment plays, beyond its layout. */
export interface GridRules {
  moves: GridMoves
  /** FrozenLake's ice: the move taken is (a − 1) mod 4, a or (a + 1) mod 4, each with probability 1/3. */
  slippery: boolean
  objective: GridObjective
  /**
   * Whether the cells that end an episode (goal, hole, lava) are absorbing, as in FrozenLake's
   * transition model: a step taken from one stays there, records 0 in every component and is
   * terminated. Only a step from such a cell differs (one put there by setState, or one left there
   * without auto-reset); an episode that enters it ends, and auto-reset starts the next one elsewhere.
   */
  absorbing: boolean
}

/** CliffWalking's rules: its action order, no ice, path efficiency; Gymnasium steps out of its goal. */
export const CLIFFWALKING_RULES: GridRules = { moves: CLIFFWALKING_MOVES, slippery: false, objective: 'path efficiency', absorbing: false }

/** Whether entering a cell ends the episode. */
function endsEpisode(code: number): boolean {
  return code === GOAL || code === LAVA || code === HOLE
}

/**
 * Whether the agent can ever stand on a cell, carrying the key or not (`key` 1 or 0): never on a
 * wall or a door it cannot open (a move into one stays put), nor on a cliff (a fall puts it back on
 * the start within the same step).
 */
export function agentCanStand(code: number, key: number): boolean {
  return code !== WALL && code !== CLIFF && !(code === DOOR && key === 0)
}

/** Whether the agent ever chooses an action on a cell: it can stand there, and entering it does not end the episode (goal, lava, hole). */
export function agentActsOn(code: number, key: number): boolean {
  return agentCanStand(code, key) && !endsEpisode(code)
}

export interface GridSpecOptions {
  id: string
  label: string
  description: string
  layout: GridLayout
  timeLimit: number | null
  params: ParamSpec[]
  /** Default: CliffWalking's four (GRID_COMPONENTS). */
  components?: RewardComponentSpec[]
  /** Default: CLIFFWALKING_RULES. Hand the same rules to GridBatch. */
  rules?: GridRules
}

export function gridSpec(options: GridSpecOptions): EnvSpec {
  const { layout } = options
  const rules = options.rules ?? CLIFFWALKING_RULES
  const grid: GridCells = { rows: layout.rows, cols: layout.cols, cells: layout.cells }
  return {
    id: options.id,
    label: options.label,
    description: options.description,
    stateVars: gridStateVars(grid),
    obsSize: 1,
    numActions: 4,
    actionLabels: rules.moves.labels,
    components: options.components ?? GRID_COMPONENTS,
    objective: OBJECTIVES[rules.objective],
    timeLimit: options.timeLimit,
    params: options.params,
    discreteStates: layout.rows * layout.cols * (layout.hasKey ? 2 : 1),
    grid,
    // Every grid has an exact model (gridModel); its definition hands it out as model(params).
    hasModel: true,
  }
}

/**
 * The exact model of a grid, p(s′, components, terminated | s, a), over the same state indices as
 * the observations (has_key · rows · cols + row · cols + col). It is built by stepping the engine
 * itself from every state in every direction the move can take (the intended one, or on ice the
 * three of probability 1/3 each, identical outcomes merged), so model and environment cannot drift
 * apart. Terminal cells (goal, lava, hole) and cells the agent cannot stand on (a wall, a door
 * without the key) are absorbing with zero reward: they have no outgoing value. With
 * rules.absorbing (FrozenLake) the engine does the same from a goal or a hole, as Gymnasium's P does.
 */
export function gridModel(spec: EnvSpec, layout: GridLayout, rules: GridRules = CLIFFWALKING_RULES): TabularModel {
  const { rows, cols, cells, hasKey } = layout
  const numStates = rows * cols * (hasKey ? 2 : 1)
  const numActions = spec.numActions
  const K = spec.components.length
  // One copy, no time limit and no ice: each direction is stepped explicitly and weighed here.
  const engine = new GridBatch({ ...spec, timeLimit: null }, 1, layout, { ...rules, slippery: false })
  const out = allocateStepBuffers(spec, 1)
  const unusedRng = new Rng(0) // the engine draws only on ice
  const direction = new Int32Array(1)
  const table: Transition[][] = []
  for (let s = 0; s < numStates; s++) {
    const key = Math.floor(s / (rows * cols))
    const cell = s % (rows * cols)
    const row = Math.floor(cell / cols)
    const col = cell % cols
    const code = cells[cell]
    const absorbing = endsEpisode(code) || code === WALL || (code === DOOR && key === 0)
    for (let a = 0; a < numActions; a++) {
      if (absorbing) {
        table.push([{ probability: 1, nextState: s, components: new Float64Array(K), terminated: true }])
        continue
      }
      const directions = rules.slippery ? [(a + 3) & 3, a, (a + 1) & 3] : [a]
      const outcomes: Transition[] = []
      for (const d of directions) {
        engine.setState(0, hasKey ? [row, col, key] : [row, col])
        direction[0] = d
        engine.step(direction, out, unusedRng, false)
        const nextState = out.obs[0]
        const terminated = out.terminated[0] === 1
        const components = out.components.slice(0, K)
        const same = outcomes.find((o) => o.nextState === nextState && o.terminated === terminated && o.components.every((v, k) => v === components[k]))
        if (same) same.probability += 1 / directions.length
        else outcomes.push({ probability: 1 / directions.length, nextState, components, terminated })
      }
      table.push(outcomes)
    }
  }
  return { numStates, numActions, transitions: (state: number, action: number) => table[state * numActions + action] }
}

export class GridBatch implements BatchEnv {
  /** [row, col] or [row, col, has_key] per copy (spec.stateVars). */
  readonly state: Float64Array
  private readonly elapsed: Int32Array
  private readonly timeLimit: number
  private readonly stride: number
  private readonly numComponents: number
  // Where each raw component goes in a copy's row of StepBuffers.components; −1 when the spec lacks it.
  private readonly stepSlot: number
  private readonly hazardSlot: number
  private readonly goalSlot: number
  private readonly progressSlot: number
  private readonly coinSlot: number

  constructor(
    readonly spec: EnvSpec,
    readonly n: number,
    private readonly layout: GridLayout,
    private readonly rules: GridRules = CLIFFWALKING_RULES,
  ) {
    const names = spec.components.map((c) => c.name)
    for (const name of names) {
      if (!(GRID_COMPONENT_NAMES as readonly string[]).includes(name)) {
        throw new Error(`grid environments record no component "${name}"; accepted: ${GRID_COMPONENT_NAMES.join(', ')}`)
      }
    }
    this.stepSlot = names.indexOf('step')
    this.hazardSlot = names.indexOf('hazard')
    this.goalSlot = names.indexOf('goal')
    this.progressSlot = names.indexOf('progress')
    this.coinSlot = names.indexOf('coin')
    this.numComponents = names.length
    this.stride = layout.hasKey ? 3 : 2
    this.state = new Float64Array(n * this.stride)
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
    const { rows, cols, cells, hasKey } = this.layout
    const vars = this.spec.stateVars
    if (values.length !== this.stride) throw new Error(`${this.spec.id} state needs ${this.stride} values (${vars.join(', ')}), got ${values.length}`)
    const row = values[0]
    const col = values[1]
    const key = hasKey ? values[2] : 0
    if (!Number.isInteger(row) || row < 0 || row >= rows) throw new Error(`${this.spec.id} row must be an integer from 0 to ${rows - 1}, got ${row}`)
    if (!Number.isInteger(col) || col < 0 || col >= cols) throw new Error(`${this.spec.id} col must be an integer from 0 to ${cols - 1}, got ${col}`)
    if (key !== 0 && key !== 1) throw new Error(`${this.spec.id} has_key must be 0 or 1, got ${key}`)
    const cell = cells[row * cols + col]
    if (cell === WALL) throw new Error(`${this.spec.id} cell (${row}, ${col}) is a wall; the agent cannot stand there`)
    if (cell === DOOR && key === 0) throw new Error(`${this.spec.id} cell (${row}, ${col}) is a door; the agent can stand there only with has_key 1`)
    const base = i * this.stride
    this.state[base] = row
    this.state[base + 1] = col
    if (hasKey) this.state[base + 2] = key
    this.elapsed[i] = 0
  }

  observe(i: number, obs: Float32Array): void {
    const { rows, cols, hasKey } = this.layout
    const base = i * this.stride
    // s = has_key · rows · cols + row · cols + col
    obs[i] = (hasKey ? this.state[base + 2] * rows * cols : 0) + this.state[base] * cols + this.state[base + 1]
  }

  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    const { rows, cols, cells, goalDistance, startRow, startCol, shortestPath, hasKey } = this.layout
    const { rowDelta, colDelta } = this.rules.moves
    const { slippery, absorbing } = this.rules
    const success = this.rules.objective === 'success'
    const { stride, numComponents: K, stepSlot, hazardSlot, goalSlot, progressSlot, coinSlot } = this
    const s = this.state
    const c = out.components
    for (let i = 0; i < this.n; i++) {
      const base = i * stride
      const row = s[base]
      const col = s[base + 1]
      let key = hasKey ? s[base + 2] : 0
      const here = row * cols + col
      // On ice the move taken is a − 1, a or a + 1 (mod 4), each with probability 1/3.
      // (Drawn even from an absorbing cell below, so the other copies' draws do not shift.)
      const action = slippery ? (actions[i] + 3 + rng.int(3)) & 3 : actions[i]
      // An absorbing goal or hole keeps the agent whatever the move (FrozenLake's P[s][a] there).
      const stuck = absorbing && endsEpisode(cells[here])
      let nextRow = stuck ? row : Math.min(rows - 1, Math.max(0, row + rowDelta[action]))
      let nextCol = stuck ? col : Math.min(cols - 1, Math.max(0, col + colDelta[action]))
      let next = nextRow * cols + nextCol
      let entered = cells[next]
      if (entered === WALL || (entered === DOOR && key === 0)) {
        nextRow = row
        nextCol = col
        next = here
        entered = cells[here]
      }
      const fell = entered === CLIFF
      const burned = entered === LAVA || entered === HOLE
      const reached = entered === GOAL
      // The coin is missing while the agent stands on it, so only a move onto it from elsewhere pays.
      const coin = entered === COIN && next !== here ? 1 : 0
      if (entered === KEY) key = 1
      if (fell) {
        nextRow = startRow
        nextCol = startCol
      }
      s[base] = nextRow
      s[base + 1] = nextCol
      if (hasKey) s[base + 2] = key
      const terminated = reached || burned
      this.elapsed[i] += 1
      const truncated = this.elapsed[i] >= this.timeLimit

      const k = i * K
      const hazard = fell || burned
      if (stuck) {
        // Staying in an absorbing cell pays nothing: no step cost, no second fall, no second goal.
        c.fill(0, k, k + K)
      } else {
        if (stepSlot >= 0) c[k + stepSlot] = hazard ? 0 : -1
        if (hazardSlot >= 0) c[k + hazardSlot] = hazard ? -1 : 0
        if (goalSlot >= 0) c[k + goalSlot] = reached ? 1 : 0
        // progress = sign(d(s) − d(s′)), d = Manhattan distance to the goal
        if (progressSlot >= 0) c[k + progressSlot] = Math.sign(goalDistance[here] - goalDistance[nextRow * cols + nextCol])
        if (coinSlot >= 0) c[k + coinSlot] = coin
      }

      out.terminated[i] = terminated ? 1 : 0
      out.truncated[i] = truncated ? 1 : 0
      if (terminated || truncated) {
        this.observe(i, out.finalObs)
        keepFinalState(this.state, out, i, this.spec.stateVars.length)
        // success = 1 at the goal; efficiency = shortest path / steps taken at the goal; else 0.
        // A copy kept in an absorbing cell scores what standing there means: 1 in the goal, 0 in a hole.
        out.objective[i] = reached ? (success ? 1 : shortestPath / this.elapsed[i]) : 0
        if (autoReset) this.resetCopy(i)
      }
      this.observe(i, out.obs)
    }
  }

  private resetCopy(i: number): void {
    const base = i * this.stride
    this.state[base] = this.layout.startRow
    this.state[base + 1] = this.layout.startCol
    if (this.layout.hasKey) this.state[base + 2] = 0
    this.elapsed[i] = 0
  }
}
