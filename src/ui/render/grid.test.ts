import { describe, expect, it } from 'vitest'
import { parseLayout } from '../../core/envs/grid'
import { resolveEnvironment } from '../../core/envs/registry'
import { agentCell, cellGeometry, describeGrid, drawGrid } from './grid'
import { captionDue, CONTINUOUS_CAPTION_MS } from './caption'
import { rendererFor } from '.'

/** A 2D context that records the circles drawn (the agent is the largest) and ignores every other call. */
function circleRecorder() {
  const circles: { x: number; y: number; r: number }[] = []
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key === 'arc' ? (x: number, y: number, r: number) => circles.push({ x, y, r }) : key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value
      return true
    },
  })
  return { ctx: ctx as unknown as CanvasRenderingContext2D, circles }
}

/** The cell whose square holds the centre of the largest circle drawn: where the picture shows the agent. */
function drawnCell(circles: { x: number; y: number; r: number }[], width: number, height: number, grid: { rows: number; cols: number }) {
  const agent = circles.reduce((a, b) => (b.r > a.r ? b : a))
  const { cell, left, top } = cellGeometry(width, height, { ...grid, cells: new Uint8Array(0) })
  return { row: Math.floor((agent.y - top) / cell), col: Math.floor((agent.x - left) / cell) }
}

describe('the grid picture and its caption', () => {
  // CliffWalking's 4 × 12 grid, with a key (a third state variable) to read past.
  const layout = parseLayout(['............', '.........K..', '............', 'SCCCCCCCCCCG'])
  const grid = { rows: layout.rows, cols: layout.cols, cells: layout.cells }

  it('reads the agent’s cell as [row, col] at the offset, the key flag after them left alone', () => {
    expect(agentCell(Float64Array.of(9, 9, 9, 2, 3, 1), 3)).toEqual({ row: 2, col: 3 })
  })

  it('draws the agent on the very cell the caption names, at every step of a replay', () => {
    // Three steps of [row, col, has_key]: the start, a step up, then a fall back to the start.
    const replay = Float64Array.of(3, 0, 0, 2, 0, 0, 2, 3, 1, 3, 0, 1)
    for (let step = 0; step < 4; step++) {
      const offset = step * 3
      const { ctx, circles } = circleRecorder()
      drawGrid(ctx, grid, replay, offset, 1200, 400)
      const drawn = drawnCell(circles, 1200, 400, grid)
      expect(describeGrid(replay, offset, grid)).toContain(`agent at row ${drawn.row}, column ${drawn.col}`)
      expect(drawn).toEqual(agentCell(replay, offset))
    }
  })

  it('changes its caption with the very frame that moves the agent on a grid, and a continuous world’s at most every half second', () => {
    const cliff = rendererFor(resolveEnvironment('cliffwalking', {}).spec)
    expect(cliff.captionEveryMs).toBe(0)
    // The agent falls back to the start 30 ms after the last caption: the caption follows at once.
    expect(captionDue('agent at row 3, column 0', 'agent at row 3, column 3', 1030, 1000, cliff.captionEveryMs)).toBe(true)
    // The same text is not set again.
    expect(captionDue('agent at row 3, column 0', 'agent at row 3, column 0', 1030, 1000, cliff.captionEveryMs)).toBe(false)
    const cartpole = rendererFor(resolveEnvironment('cartpole', {}).spec)
    expect(cartpole.captionEveryMs).toBe(CONTINUOUS_CAPTION_MS)
    expect(captionDue('pole at 0.02 rad', 'pole at 0.01 rad', 1030, 1000, cartpole.captionEveryMs)).toBe(false)
    expect(captionDue('pole at 0.02 rad', 'pole at 0.01 rad', 1500, 1000, cartpole.captionEveryMs)).toBe(true)
  })
})
