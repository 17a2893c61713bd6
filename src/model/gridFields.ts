import type { EnvSpec } from '../core/envs/types'
import { bindPotential } from '../core/rewards/shaping'
import type { StepRecord } from '../core/run/stepRecord'
import { episodeTimeline } from '../core/run/timeline'
import type { RewardExtras } from './design'

/* What the grid overlays draw, one value per cell (index = row · cols + col). */

/** Φ of every cell (without the key) for the design's first named shaping potential on a grid; null otherwise. */
export function potentialField(spec: EnvSpec, shaping: RewardExtras['shaping']): { name: string; values: Float32Array } | null {
  const grid = spec.grid
  const named = shaping.find((term) => term.potential !== 'custom')
  if (!grid || !named) return null
  const phi = bindPotential(spec, named.potential)
  const state = new Float64Array(spec.stateVars.length)
  const values = new Float32Array(grid.rows * grid.cols)
  for (let row = 0; row < grid.rows; row++) {
    for (let col = 0; col < grid.cols; col++) {
      state[0] = row
      state[1] = col
      values[row * grid.cols + col] = phi(state, 0)
    }
  }
  return { name: named.potential, values }
}

/** The latest episode of copy 0 on the grid: each visited cell's return-to-go at its last visit (NaN elsewhere). */
export function episodeField(record: StepRecord, weights: Record<string, number>, gamma: number, cells: number): Float32Array | null {
  if (!record.reached) return null
  const field = new Float32Array(cells).fill(NaN)
  for (const step of episodeTimeline(record, weights, gamma)) field[record.reached[step.row] % cells] = step.returnToGo
  return field
}
