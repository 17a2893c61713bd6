import { describe, expect, it } from 'vitest'
import { CLIFF, DOOR, EMPTY, GOAL, WALL } from '../../core/envs/grid'
import { drawGridOverlays } from './gridOverlay'

/** A 2D context that records the arrow strokes and washes it is asked for. */
function recordingContext() {
  const lines: [number, number][] = []
  const washes: string[] = []
  let fill = ''
  const ctx = {
    set fillStyle(value: string) {
      fill = value
    },
    get fillStyle() {
      return fill
    },
    globalAlpha: 1,
    strokeStyle: '',
    lineWidth: 1,
    fillRect: () => washes.push(fill),
    beginPath: () => undefined,
    moveTo: (x: number, y: number) => lines.push([x, y]),
    lineTo: (x: number, y: number) => lines.push([x, y]),
    stroke: () => undefined,
  }
  return { ctx: ctx as unknown as CanvasRenderingContext2D, lines, washes }
}

describe('drawGridOverlays', () => {
  it('draws each state’s greedy action as an arrow pointing its way, and washes values from red to green', () => {
    // a 1 × 2 grid on a 200 × 100 canvas: cells of 100 px; state 0 goes right, state 1 goes up
    const { ctx, lines, washes } = recordingContext()
    const grid = { rows: 1, cols: 2, cells: new Uint8Array(2) }
    drawGridOverlays(ctx, grid, 200, 100, { values: Float32Array.of(-1, 3), policy: Int8Array.of(1, 0), actionLabels: ['up', 'right', 'down', 'left'] })
    // values: the lowest red, the highest green
    expect(washes).toEqual(['rgb(220, 0, 80)', 'rgb(0, 200, 80)'])
    // arrow of state 0 from (20, 50) to (80, 50): rightwards through the centre (50, 50)
    expect(lines[0]).toEqual([20, 50])
    expect(lines[1]).toEqual([80, 50])
    // arrow of state 1 (centre (150, 50)) from (150, 80) up to (150, 20)
    expect(lines[5]).toEqual([150, 80])
    expect(lines[6]).toEqual([150, 20])
  })

  it('draws no arrow where the agent never acts and washes no cell it can never stand on', () => {
    // 1 × 5 on a 500 × 100 canvas, cells of 100 px: floor, wall, goal, cliff, door (no key drawn)
    const { ctx, lines, washes } = recordingContext()
    const grid = { rows: 1, cols: 5, cells: Uint8Array.of(EMPTY, WALL, GOAL, CLIFF, DOOR) }
    // The wall's, cliff's and door's values are the extremes: left out, the floor is the lowest and the goal the highest.
    drawGridOverlays(ctx, grid, 500, 100, { values: Float32Array.of(-1, 100, 3, -50, 80), policy: Int8Array.of(1, 1, 1, 1, 1), actionLabels: ['up', 'right', 'down', 'left'] })
    expect(washes).toEqual(['rgb(220, 0, 80)', 'rgb(0, 200, 80)'])
    // One arrow (five points), the floor's: rightwards through its centre (50, 50).
    expect(lines).toHaveLength(5)
    expect(lines[0]).toEqual([20, 50])
    expect(lines[1]).toEqual([80, 50])
  })
})
