import { resolveParams } from './params'
import { GridBatch, gridModel, gridSpec, MAX_GRID_SIZE, parseLayout, parseLayoutText, type GridLayout } from './grid'
import type { BatchEnv, EnvDefinition, EnvParams, EnvSpec, ParamSpec, RewardComponentSpec, TabularModel } from './types'
import { errorMessage } from '../errorMessage'
import { GRID_POTENTIALS, GRID_STEP_FEATURES } from './gridFacts'

interface GridMap {
  label: string
  layout: GridLayout
  /** The map's own time limit, used when the `time_limit` parameter is 0. */
  timeLimit: number
}

const MAPS: Record<string, GridMap> = {
  open: {
    label: 'an open 6×6 room: start top-left, goal bottom-right',
    layout: parseLayout(['S.....', '......', '......', '......', '......', '.....G']),
    timeLimit: 100,
  },
  cliff: {
    label: 'CliffWalking’s 4×12 cliff, with a time limit',
    layout: parseLayout(['............', '............', '............', 'SCCCCCCCCCCG']),
    timeLimit: 200,
  },
  // Four rooms joined by one-cell doorways (after Sutton, Precup & Singh 1999); shortest path 20.
  fourrooms: {
    label: 'four rooms joined by narrow doorways (11×11): start in the top-left room, goal in the bottom-right one',
    layout: parseLayout([
      'S....#.....',
      '.....#.....',
      '...........',
      '.....#.....',
      '.....#.....',
      '##.###.....',
      '.....####.#',
      '.....#.....',
      '.....#.....',
      '...........',
      '.....#....G',
    ]),
    timeLimit: 200,
  },
  // The only way into the goal's room is the door; the key lies in the start room's far corner. Shortest path 15.
  keydoor: {
    label: 'key and door (5×10): fetch the key, open the door, reach the goal; the state adds has_key',
    layout: parseLayout(['S.....#...', '......#...', '......D..G', '......#...', 'K.....#...']),
    timeLimit: 200,
  },
  // A three-wide lava river with a one-cell bridge (10 steps, lava on both sides) and a safe detour around its end (18 steps).
  lava: {
    label: 'a lava river (7×11): a narrow bridge straight across, or a longer safe detour around the river’s end',
    layout: parseLayout(['....LLL....', '....LLL....', 'S.........G', '....LLL....', '....LLL....', '....LLL....', '...........']),
    timeLimit: 100,
  },
  /*
   * A winding corridor (shortest path 28) with a coin next to the start. Undiscounted, over the
   * 100-step limit: the goal is worth −28 + w_coin; looping over the coin 50 times is worth
   * 50·w_coin − 100. Looping wins once w_coin > 72/49 ≈ 1.47: a coin weight of 2 already makes the
   * agent farm the coin instead of finishing.
   */
  coinloop: {
    label: 'a coin loop (5×9): a coin beside the start, the goal at the end of a winding corridor; a high coin weight pays more for looping over the coin than for finishing',
    layout: parseLayout(['SO.......', '########.', '.........', '.########', '........G']),
    timeLimit: 100,
  },
}

/** Time limit of a drawn layout: 2 steps per cell, at least 100. */
function customTimeLimit(layout: GridLayout): number {
  return Math.max(100, 2 * layout.rows * layout.cols)
}

const COMPONENTS: RewardComponentSpec[] = [
  { name: 'step', description: '−1 on every step that does not enter a hazard (a cliff, lava or a hole is priced by hazard alone, as in Gymnasium’s CliffWalking).', defaultWeight: 1, range: [0, 5] },
  { name: 'hazard', description: '−1 when the move enters a hazard: a cliff sends the agent back to the start and the episode goes on; lava or a hole ends the episode.', defaultWeight: 100, range: [0, 200] },
  { name: 'goal', description: '+1 on the step that reaches the goal.', defaultWeight: 0, range: [0, 100] },
  { name: 'progress', description: 'Naive shaping: +1 when the step brings the agent closer to the goal (Manhattan distance, walls ignored), −1 when farther, else 0.', defaultWeight: 0, range: [0, 5] },
  { name: 'coin', description: '+1 when the agent steps onto a coin; the coin reappears as soon as the agent leaves its cell, so stepping off and back on pays again.', defaultWeight: 0, range: [0, 10] },
]

/** Rows joined by "/", each at most MAX_GRID_SIZE cells. */
const MAX_LAYOUT_TEXT = MAX_GRID_SIZE * (MAX_GRID_SIZE + 1) - 1

const PARAMS: ParamSpec[] = [
  {
    kind: 'choice',
    name: 'map',
    description: 'The layout: open (a 6×6 room), cliff (CliffWalking’s 4×12 cliff), fourrooms, keydoor (key and door), lava (a lava river) or coinloop (a respawning coin).',
    default: 'open',
    options: Object.keys(MAPS),
  },
  {
    kind: 'number',
    name: 'time_limit',
    description: 'Steps before the episode is cut; 0 uses the map’s own limit (open, lava, coinloop: 100; cliff, fourrooms, keydoor: 200; a drawn layout: 2 per cell, at least 100).',
    default: 0,
    min: 0,
    max: 100_000,
    integer: true,
  },
  {
    kind: 'text',
    name: 'layout',
    description:
      'A drawn level that replaces the map: rows separated by "/", one character per cell (. floor, # wall, S start, G goal, C cliff, L lava, H hole, K key, D door, O coin), e.g. "S..../.#.../....G"; empty uses the map.',
    default: '',
    maxLength: MAX_LAYOUT_TEXT,
  },
]

const ID = 'gridworld'

function resolve(raw: EnvParams): { layout: GridLayout; spec: EnvSpec } {
  const params = resolveParams({ id: ID, params: PARAMS }, raw)
  const text = params.layout as string
  let layout: GridLayout
  let label: string
  let ownLimit: number
  if (text.trim() === '') {
    const map = MAPS[params.map as string]
    layout = map.layout
    label = map.label
    ownLimit = map.timeLimit
  } else {
    try {
      layout = parseLayoutText(text)
    } catch (error) {
      const reason = errorMessage(error)
      throw new Error(`parameter "layout" of ${ID} is not a valid level: ${reason}. Rows are separated by "/", e.g. "S..../.#.../....G"`)
    }
    label = `a drawn ${layout.rows}×${layout.cols} level${layout.hasKey ? '; the state adds has_key' : ''}`
    ownLimit = customTimeLimit(layout)
  }
  const limit = params.time_limit as number
  const spec = gridSpec({
    id: ID,
    label: 'Grid world',
    description: `Walk to the goal on a grid: ${label}.`,
    layout,
    timeLimit: limit > 0 ? limit : ownLimit,
    params: PARAMS,
    components: COMPONENTS,
  })
  return { layout, spec }
}

export const gridworld: EnvDefinition = {
  spec: resolve({}).spec,
  describe: (params: EnvParams): EnvSpec => resolve(params).spec,
  create(n: number, params: EnvParams): BatchEnv {
    const { layout, spec } = resolve(params)
    return new GridBatch(spec, n, layout)
  },
  model(params: EnvParams): TabularModel {
    const { layout, spec } = resolve(params)
    return gridModel(spec, layout)
  },
  potentials: GRID_POTENTIALS,
  stepFeatures: GRID_STEP_FEATURES,
}
