import { CLIFF, COIN, DOOR, GOAL, gridStateVars, HOLE, KEY, LAVA, START, WALL } from '../../core/envs/grid'

export interface GridPicture {
  rows: number
  cols: number
  cells: Uint8Array
}

const BACKGROUND = '#0d1726'
const FLOOR = '#16263b'
const CELL_COLOURS: Record<number, string> = {
  [WALL]: '#3d4b5f',
  [START]: '#1d3b53',
  [GOAL]: '#2a8f77',
  [CLIFF]: '#7a2334',
  [LAVA]: '#d9480f',
  [HOLE]: '#05080d',
  [KEY]: FLOOR,
  [DOOR]: '#7c4a1e',
  [COIN]: FLOOR,
}
const KEY_COLOUR = '#ffe066'
const COIN_COLOUR = '#f59f00'
const AGENT_COLOUR = '#4cc9f0'

interface Geometry {
  cell: number
  left: number
  top: number
}

/**
 * The cell the agent stands on in the grid state at `offset` ([row, col], then has_key where the
 * layout has a key): the one reading of its position that the picture and its caption share.
 */
export function agentCell(state: ArrayLike<number>, offset: number): { row: number; col: number } {
  return { row: state[offset], col: state[offset + 1] }
}

/** Where the grid sits on a canvas of this size, square cells as large as fit and the grid centred: cell size and top-left corner. */
export function cellGeometry(width: number, height: number, grid: GridPicture): Geometry {
  const cell = Math.floor(Math.min(width / grid.cols, height / grid.rows))
  return { cell, left: Math.floor((width - cell * grid.cols) / 2), top: Math.floor((height - cell * grid.rows) / 2) }
}

/**
 * Draw the grid and the agent at the state found at `offset` ([row, col], then has_key when the
 * layout has a key). A coin is drawn except while the agent stands on it (it has just been taken);
 * a key is drawn until it is carried; a door is drawn open while the key is carried.
 */
export function drawGrid(ctx: CanvasRenderingContext2D, grid: GridPicture, state: ArrayLike<number> | null, offset: number, width: number, height: number): void {
  ctx.fillStyle = BACKGROUND
  ctx.fillRect(0, 0, width, height)
  const { cell, left, top } = cellGeometry(width, height, grid)
  const carrying = state !== null && gridStateVars(grid).length > 2 && state[offset + 2] === 1
  const agent = state ? agentCell(state, offset) : null
  const agentIndex = agent ? agent.row * grid.cols + agent.col : -1
  for (let row = 0; row < grid.rows; row++) {
    for (let col = 0; col < grid.cols; col++) {
      const index = row * grid.cols + col
      const code = grid.cells[index]
      const x = left + col * cell
      const y = top + row * cell
      ctx.fillStyle = code === DOOR && carrying ? FLOOR : (CELL_COLOURS[code] ?? FLOOR)
      ctx.fillRect(x + 1, y + 1, cell - 2, cell - 2)
      if (cell < 6) continue
      if (code === START) drawStart(ctx, x, y, cell)
      else if (code === GOAL) drawFlag(ctx, x, y, cell)
      else if (code === LAVA) drawWaves(ctx, x, y, cell)
      else if (code === HOLE) drawHole(ctx, x, y, cell)
      else if (code === KEY && !carrying) drawKey(ctx, x + cell * 0.5, y + cell * 0.5, cell * 0.7, KEY_COLOUR)
      else if (code === DOOR) drawDoor(ctx, x, y, cell, carrying)
      else if (code === COIN && index !== agentIndex) drawCoin(ctx, x, y, cell)
    }
  }
  if (!agent) return
  const cx = left + (agent.col + 0.5) * cell
  const cy = top + (agent.row + 0.5) * cell
  ctx.fillStyle = AGENT_COLOUR
  ctx.strokeStyle = '#ffffff'
  ctx.lineWidth = Math.max(1, cell * 0.06)
  ctx.beginPath()
  ctx.arc(cx, cy, cell * 0.3, 0, 2 * Math.PI)
  ctx.fill()
  ctx.stroke()
  if (carrying) drawKey(ctx, cx + cell * 0.22, cy - cell * 0.22, cell * 0.4, KEY_COLOUR)
}

/** A dashed inner frame: the start stays visible under the agent and in the level editor. */
function drawStart(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number): void {
  ctx.strokeStyle = '#74c0fc'
  ctx.lineWidth = Math.max(1, cell * 0.05)
  ctx.setLineDash([cell * 0.12, cell * 0.08])
  ctx.strokeRect(x + cell * 0.14, y + cell * 0.14, cell * 0.72, cell * 0.72)
  ctx.setLineDash([])
}

function drawFlag(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number): void {
  ctx.strokeStyle = '#e9fff8'
  ctx.fillStyle = '#e9fff8'
  ctx.lineWidth = Math.max(1, cell * 0.06)
  ctx.beginPath()
  ctx.moveTo(x + cell * 0.35, y + cell * 0.8)
  ctx.lineTo(x + cell * 0.35, y + cell * 0.2)
  ctx.stroke()
  ctx.beginPath()
  ctx.moveTo(x + cell * 0.35, y + cell * 0.2)
  ctx.lineTo(x + cell * 0.72, y + cell * 0.32)
  ctx.lineTo(x + cell * 0.35, y + cell * 0.45)
  ctx.closePath()
  ctx.fill()
}

function drawWaves(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number): void {
  ctx.strokeStyle = '#ffd43b'
  ctx.lineWidth = Math.max(1, cell * 0.06)
  for (const fraction of [0.35, 0.65]) {
    ctx.beginPath()
    ctx.moveTo(x + cell * 0.15, y + cell * fraction)
    ctx.quadraticCurveTo(x + cell * 0.32, y + cell * (fraction - 0.12), x + cell * 0.5, y + cell * fraction)
    ctx.quadraticCurveTo(x + cell * 0.68, y + cell * (fraction + 0.12), x + cell * 0.85, y + cell * fraction)
    ctx.stroke()
  }
}

function drawHole(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number): void {
  ctx.strokeStyle = '#74c0fc'
  ctx.lineWidth = Math.max(1, cell * 0.05)
  ctx.beginPath()
  ctx.ellipse(x + cell * 0.5, y + cell * 0.5, cell * 0.36, cell * 0.26, 0, 0, 2 * Math.PI)
  ctx.stroke()
}

/** A key: a ring and a shaft with one tooth, `size` wide, centred on (cx, cy). */
function drawKey(ctx: CanvasRenderingContext2D, cx: number, cy: number, size: number, colour: string): void {
  ctx.strokeStyle = colour
  ctx.lineWidth = Math.max(1, size * 0.12)
  ctx.beginPath()
  ctx.arc(cx - size * 0.25, cy, size * 0.18, 0, 2 * Math.PI)
  ctx.moveTo(cx - size * 0.07, cy)
  ctx.lineTo(cx + size * 0.4, cy)
  ctx.moveTo(cx + size * 0.28, cy)
  ctx.lineTo(cx + size * 0.28, cy + size * 0.18)
  ctx.stroke()
}

function drawDoor(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number, open: boolean): void {
  ctx.strokeStyle = '#c98a4b'
  ctx.lineWidth = Math.max(1, cell * 0.08)
  ctx.strokeRect(x + cell * 0.18, y + cell * 0.12, cell * 0.64, cell * 0.76)
  if (open) return
  // A keyhole: the door is shut until the key is carried.
  ctx.fillStyle = '#1a0f06'
  ctx.beginPath()
  ctx.arc(x + cell * 0.5, y + cell * 0.45, cell * 0.08, 0, 2 * Math.PI)
  ctx.fill()
  ctx.fillRect(x + cell * 0.47, y + cell * 0.45, cell * 0.06, cell * 0.18)
}

function drawCoin(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number): void {
  ctx.fillStyle = COIN_COLOUR
  ctx.beginPath()
  ctx.arc(x + cell * 0.5, y + cell * 0.5, cell * 0.24, 0, 2 * Math.PI)
  ctx.fill()
  ctx.strokeStyle = '#ffe8a3'
  ctx.lineWidth = Math.max(1, cell * 0.05)
  ctx.beginPath()
  ctx.arc(x + cell * 0.5, y + cell * 0.5, cell * 0.14, 0, 2 * Math.PI)
  ctx.stroke()
}

/**
 * One line for screen readers: where the agent is, and, given the grid, whether it carries the key
 * and whether it stands on a coin.
 */
export function describeGrid(states: ArrayLike<number>, offset: number, grid?: GridPicture): string {
  const { row, col } = agentCell(states, offset)
  let text = `agent at row ${row}, column ${col}`
  if (!grid) return text
  if (gridStateVars(grid).length > 2) text += states[offset + 2] === 1 ? ', carrying the key' : ', without the key'
  if (grid.cells[row * grid.cols + col] === COIN) text += ', on the coin'
  return text
}
