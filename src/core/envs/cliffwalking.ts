import { resolveParams } from './params'
import { GridBatch, gridModel, gridSpec, parseLayout } from './grid'
import type { BatchEnv, EnvDefinition, EnvParams, EnvSpec, ParamSpec, TabularModel } from './types'
import { GRID_POTENTIALS, GRID_STEP_FEATURES } from './gridFacts'

/** Gymnasium's CliffWalking-v1: 4×12, start (3, 0), goal (3, 11), cliff (3, 1..10), no time limit. */
const LAYOUT = parseLayout(['............', '............', '............', 'SCCCCCCCCCCG'])

const PARAMS: ParamSpec[] = [
  { kind: 'number', name: 'time_limit', description: 'Steps before the episode is cut; 0 means no limit (Gymnasium has none).', default: 0, min: 0, max: 100_000, integer: true },
]

const ID = 'cliffwalking'

function describe(raw: EnvParams): EnvSpec {
  const params = resolveParams({ id: ID, params: PARAMS }, raw)
  const limit = params.time_limit as number
  return gridSpec({
    id: ID,
    label: 'CliffWalking',
    description: 'Walk along a cliff to the goal; a fall costs 100 and sends you back to the start (Gymnasium CliffWalking-v1).',
    layout: LAYOUT,
    timeLimit: limit > 0 ? limit : null,
    params: PARAMS,
  })
}

export const cliffwalking: EnvDefinition = {
  spec: describe({}),
  describe,
  create(n: number, params: EnvParams): BatchEnv {
    return new GridBatch(describe(params), n, LAYOUT)
  },
  model: (params: EnvParams): TabularModel => gridModel(describe(params), LAYOUT),
  potentials: GRID_POTENTIALS,
  stepFeatures: GRID_STEP_FEATURES,
}
