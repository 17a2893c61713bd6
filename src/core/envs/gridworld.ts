import { resolveParams } from './params'
import { GridBatch, gridSpec, parseLayout, type GridLayout } from './grid'
import type { BatchEnv, EnvDefinition, EnvParams, EnvSpec, ParamSpec } from './types'

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
}

const PARAMS: ParamSpec[] = [
  { kind: 'choice', name: 'map', description: 'The layout: open (a 6×6 room) or cliff (CliffWalking’s 4×12 cliff).', default: 'open', options: Object.keys(MAPS) },
  {
    kind: 'number',
    name: 'time_limit',
    description: 'Steps before the episode is cut; 0 uses the map’s own limit (open: 100, cliff: 200).',
    default: 0,
    min: 0,
    max: 100_000,
    integer: true,
  },
]

const ID = 'gridworld'

function resolve(raw: EnvParams): { map: GridMap; spec: EnvSpec } {
  const params = resolveParams({ id: ID, params: PARAMS }, raw)
  const map = MAPS[params.map as string]
  const timeLimit = (params.time_limit as number) > 0 ? (params.time_limit as number) : map.timeLimit
  const spec = gridSpec({
    id: ID,
    label: 'Grid world',
    description: `Walk to the goal on a grid: ${map.label}.`,
    layout: map.layout,
    timeLimit,
    params: PARAMS,
  })
  return { map, spec }
}

export const gridworld: EnvDefinition = {
  spec: resolve({}).spec,
  describe: (params: EnvParams): EnvSpec => resolve(params).spec,
  create(n: number, params: EnvParams): BatchEnv {
    const { map, spec } = resolve(params)
    return new GridBatch(spec, n, map.layout)
  },
}
