import { describe, expect, it } from 'vitest'
import { cliffwalking } from './cliffwalking'
import { frozenlake } from './frozenlake'
import { GRID_CELL_TYPES } from './grid'
import { EDITABLE_CELLS, layoutError, layoutToText, setCell } from './gridEdit'
import { gridworld } from './gridworld'

describe('layoutToText', () => {
  it('writes rows joined by "/", one character per cell', () => {
    expect(layoutToText(cliffwalking.spec.grid!)).toBe('............' + '/............'.repeat(2) + '/SCCCCCCCCCCG')
    expect(layoutToText(frozenlake.spec.grid!)).toBe('S.../.H.H/...H/H..G')
    expect(layoutToText({ rows: 1, cols: 3, cells: new Uint8Array([2, 9, 3]) })).toBe('SOG')
    expect(() => layoutToText({ rows: 1, cols: 1, cells: new Uint8Array([42]) })).toThrow('unknown grid cell code 42')
  })
})

describe('setCell', () => {
  const room = 'S../.../..G'

  it('paints a cell and returns the new layout', () => {
    expect(setCell(room, 1, 1, '#')).toBe('S../.#./..G')
    expect(setCell(room, 0, 2, 'L')).toBe('S.L/.../..G')
    expect(setCell(room, 2, 0, 'G')).toBe('S../.../G.G')
    expect(setCell(room, 1, 1, '.')).toBe(room)
    expect(gridworld.describe({ layout: setCell(room, 1, 1, 'O') }).grid?.cells[4]).toBe(9)
  })

  it('moves the start when S is painted', () => {
    expect(setCell(room, 1, 2, 'S')).toBe('.../..S/..G')
    expect(setCell(room, 0, 0, 'S')).toBe(room)
  })

  it('refuses an edit that would break the level, saying why', () => {
    expect(() => setCell(room, 0, 0, '#')).toThrow(
      'cannot paint wall (#) over the start at row 0, column 0: a layout needs exactly one start; paint the start on another cell to move it',
    )
    expect(() => setCell(room, 2, 2, '.')).toThrow('cannot paint floor (.) at row 2, column 2: a grid layout needs at least one goal cell G; found none')
    expect(() => setCell('S#G/...', 1, 1, '#')).toThrow('cannot paint wall (#) at row 1, column 1: a grid layout needs a goal reachable from the start')
    expect(() => setCell(room, 3, 0, '#')).toThrow('row must be an integer from 0 to 2, got 3')
    expect(() => setCell(room, 0, -1, '#')).toThrow('column must be an integer from 0 to 2, got -1')
    expect(() => setCell(room, 1, 1, 'x')).toThrow('cannot paint "x"; accepted: . floor, # wall, S start, G goal, C cliff, L lava, H hole, K key, D door, O coin')
    expect(() => setCell('S.x/..G', 0, 1, '#')).toThrow('the layout cannot be edited because it is not valid: unknown grid cell "x"')
    expect(() => setCell('', 0, 0, '#')).toThrow('the layout cannot be edited because it is not valid')
  })

  it('keeps a door behind its key reachable, or refuses', () => {
    const keyed = 'SKD/##G'
    expect(layoutError(keyed)).toBeNull()
    expect(() => setCell(keyed, 0, 1, '.')).toThrow('reachable')
    expect(layoutError('S.x')).toContain('unknown grid cell "x"')
  })
})

describe('EDITABLE_CELLS', () => {
  it('lists every cell type with a label and a description', () => {
    expect(EDITABLE_CELLS.map((c) => c.char)).toEqual(GRID_CELL_TYPES.map((t) => t.char))
    expect(EDITABLE_CELLS.map((c) => c.label)).toEqual(['floor', 'wall', 'start', 'goal', 'cliff', 'lava', 'hole', 'key', 'door', 'coin'])
    for (const cell of EDITABLE_CELLS) expect(cell.description.length).toBeGreaterThan(10)
    expect(EDITABLE_CELLS.find((c) => c.char === 'S')?.description).toContain('moves the start')
  })
})
