import { describe, expect, it } from 'vitest'
import { getEnv, resolveEnvironment } from '../core/envs/registry'
import type { StepRecord } from '../core/run/stepRecord'
import { episodeField, potentialField } from './gridFields'

describe('grid overlay fields', () => {
  it('Φ of every cell for the first named shaping potential: −(Manhattan distance to the goal) in the open room', () => {
    const spec = resolveEnvironment('gridworld', { map: 'open' }).spec
    const grid = spec.grid!
    const field = potentialField(spec, [{ potential: 'custom', expression: 'row', weight: 1, gamma: 0.99, naive: false }, { potential: 'manhattan', weight: 1, gamma: 0.99, naive: false }])!
    expect(field.name).toBe('manhattan')
    expect(field.values).toHaveLength(grid.rows * grid.cols)
    // The goal's cell (bottom-right) is 0; the start (0, 0) of the 6×6 room is 5 + 5 steps away.
    expect(Math.abs(field.values[(grid.rows - 1) * grid.cols + (grid.cols - 1)])).toBe(0)
    expect(field.values[0]).toBe(-10)
  })

  it('none without a named potential or off a grid', () => {
    const grid = getEnv('gridworld').spec
    expect(potentialField(grid, [])).toBeNull()
    expect(potentialField(getEnv('mountaincar').spec, [{ potential: 'height', weight: 1, gamma: 0.99, naive: false }])).toBeNull()
  })

  it('the latest episode: each visited cell’s return-to-go at its last visit, NaN elsewhere', () => {
    // One copy, one component: rows reach cells 1, 2, 1, 3 paying 1, 2, 3, 4; the episode ends on the last row.
    const record: StepRecord = {
      names: ['r'],
      components: Float64Array.of(1, 2, 3, 4),
      ends: Uint8Array.of(0, 0, 0, 1),
      cuts: Uint8Array.of(0, 0, 0, 0),
      copies: Int32Array.of(0, 0, 0, 0),
      rows: 4,
      visits: null,
      reached: Int32Array.of(1, 2, 1, 3),
      latestEpisode: null,
    }
    const field = episodeField(record, { r: 1 }, 1, 4)!
    // γ = 1: returns-to-go 10, 9, 7, 4; cell 1 keeps its last visit's 7
    expect(Number.isNaN(field[0])).toBe(true)
    expect(Array.from(field.slice(1))).toEqual([7, 9, 4])
    expect(episodeField({ ...record, reached: null }, { r: 1 }, 1, 4)).toBeNull()
  })
})
