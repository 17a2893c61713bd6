import { CLIFF, GOAL, START, WALL } from '../../core/envs/grid'

export interface GridPicture {
  rows: number
  cols: number
  cells: Uint8Array
}

const CELL_COLOURS: Record<number, string> = {
  [WALL]: '#3d4b5f',
  [START]: '#1d3b53',
  [GOAL]: '#2a8f77',
  [CLIFF]: '#7a2334',
}

/** Draw the grid and the agent at the state [row, col] found at `offset`. */
export function drawGrid(ctx: CanvasRenderingContext2D, grid: GridPicture, state: ArrayLike<number> | null, offset: number, width: number, height: number): void {
  ctx.fillStyle = '#0d1726'
  ctx.fillRect(0, 0, width, height)
  const cell = Math.floor(Math.min(width / grid.cols, height / grid.rows))
  const left = Math.floor((width - cell * grid.cols) / 2)
  const top = Math.floor((height - cell * grid.rows) / 2)
  for (let row = 0; row < grid.rows; row++) {
    for (let col = 0; col < grid.cols; col++) {
      ctx.fillStyle = CELL_COLOURS[grid.cells[row * grid.cols + col]] ?? '#16263b'
      ctx.fillRect(left + col * cell + 1, top + row * cell + 1, cell - 2, cell - 2)
    }
  }
  if (!state) return
  const row = state[offset]
  const col = state[offset + 1]
  ctx.fillStyle = '#ffd166'
  ctx.beginPath()
  ctx.arc(left + (col + 0.5) * cell, top + (row + 0.5) * cell, cell * 0.3, 0, 2 * Math.PI)
  ctx.fill()
}

export function describeGrid(state: ArrayLike<number>, offset: number): string {
  return `agent at row ${state[offset]}, column ${state[offset + 1]}`
}
