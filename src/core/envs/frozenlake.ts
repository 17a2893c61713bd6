import { resolveParams } from './params'
import { FROZENLAKE_MOVES, GridBatch, gridModel, gridSpec, parseLayout, type GridLayout, type GridRules } from './grid'
import type { BatchEnv, EnvDefinition, EnvParams, EnvSpec, ParamSpec, RewardComponentSpec, TabularModel } from './types'
import { GRID_POTENTIALS, GRID_STEP_FEATURES } from './gridFacts'

/*
 * Gymnasium's FrozenLake-v1. Maps as Gymnasium draws them (S start, F frozen, H hole, G goal);
 * F becomes the engine's floor ".". Actions 0 left, 1 down, 2 right, 3 up; on ice (is_slippery) the
 * move taken is (a − 1) mod 4, a or (a + 1) mod 4, each with probability 1/3. Reward 1 at the goal,
 * 0 otherwise; a hole or the goal ends the episode. Both are absorbing, as in Gymnasium's P[s][a]:
 * a step taken from one (a traced state, a copy not reset) stays there with every component 0 and
 * terminated. State index = row · 4 (or 8) + col.
 */

interface LakeMap {
  label: string
  layout: GridLayout
  /** Gymnasium's registered max_episode_steps for this map. */
  timeLimit: number
}

function lake(rows: string[]): GridLayout {
  return parseLayout(rows.map((row) => row.replaceAll('F', '.')))
}

const MAPS: Record<string, LakeMap> = {
  '4x4': { label: '4×4', layout: lake(['SFFF', 'FHFH', 'FFFH', 'HFFG']), timeLimit: 100 },
  '8x8': {
    label: '8×8',
    layout: lake(['SFFFFFFF', 'FFFFFFFF', 'FFFHFFFF', 'FFFFFHFF', 'FFFHFFFF', 'FHHFFFHF', 'FHFFHFHF', 'FFFHFFFG']),
    timeLimit: 200,
  },
}

const COMPONENTS: RewardComponentSpec[] = [
  { name: 'goal', description: '+1 on the step that reaches the goal: Gymnasium’s whole reward.', defaultWeight: 1, range: [0, 10] },
  { name: 'step', description: '−1 on every step that does not fall into a hole; Gymnasium has no step cost, a small weight favours short paths.', defaultWeight: 0, range: [0, 1] },
  { name: 'hazard', description: '−1 when the move falls into a hole (the episode ends); Gymnasium gives 0 there.', defaultWeight: 0, range: [0, 10] },
  { name: 'progress', description: 'Naive shaping: +1 when the step brings the agent closer to the goal (Manhattan distance), −1 when farther, else 0.', defaultWeight: 0, range: [0, 1] },
]

const PARAMS: ParamSpec[] = [
  { kind: 'choice', name: 'map', description: 'The lake: Gymnasium’s 4x4 or 8x8 map.', default: '4x4', options: Object.keys(MAPS) },
  { kind: 'boolean', name: 'is_slippery', description: 'Ice: the agent moves in the intended direction or either perpendicular one, each with probability 1/3 (Gymnasium’s default).', default: true },
  {
    kind: 'number',
    name: 'time_limit',
    description: 'Steps before the episode is cut; 0 uses Gymnasium’s limit for the map (4x4: 100, 8x8: 200).',
    default: 0,
    min: 0,
    max: 100_000,
    integer: true,
  },
]

const ID = 'frozenlake'

function resolve(raw: EnvParams): { map: LakeMap; spec: EnvSpec; rules: GridRules } {
  const params = resolveParams({ id: ID, params: PARAMS }, raw)
  const map = MAPS[params.map as string]
  const slippery = params.is_slippery as boolean
  const limit = params.time_limit as number
  const rules: GridRules = { moves: FROZENLAKE_MOVES, slippery, objective: 'success', absorbing: true }
  const spec = gridSpec({
    id: ID,
    label: 'FrozenLake',
    description: `Cross a ${map.label} frozen lake to the goal without falling into a hole${slippery ? '; the ice is slippery' : ''} (Gymnasium FrozenLake-v1).`,
    layout: map.layout,
    timeLimit: limit > 0 ? limit : map.timeLimit,
    params: PARAMS,
    components: COMPONENTS,
    rules,
  })
  return { map, spec, rules }
}

export const frozenlake: EnvDefinition = {
  spec: resolve({}).spec,
  describe: (params: EnvParams): EnvSpec => resolve(params).spec,
  create(n: number, params: EnvParams): BatchEnv {
    const { map, spec, rules } = resolve(params)
    return new GridBatch(spec, n, map.layout, rules)
  },
  model(params: EnvParams): TabularModel {
    const { map, spec, rules } = resolve(params)
    return gridModel(spec, map.layout, rules)
  },
  potentials: GRID_POTENTIALS,
  stepFeatures: GRID_STEP_FEATURES,
}
