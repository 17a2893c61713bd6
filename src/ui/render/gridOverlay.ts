import { agentActsOn, agentCanStand } from '../../core/envs/grid'
import type { GridPicture } from './grid'
import { cellGeometry } from './grid'

export interface GridOverlays {
  /** V(s) per state (the first rows × cols states: without the key, where a layout has one). */
  values?: Float32Array | null
  /** Greedy action per state. */
  policy?: Int8Array | null
  /** Visits per state. */
  visits?: Uint32Array | null
  /** The shaping potential Φ per cell (washed like values: the shaping field points uphill). */
  potential?: Float32Array | null
  /** The latest episode's return-to-go on each cell it visited (NaN elsewhere: left unwashed). */
  episode?: Float32Array | null
  /** The environment's action labels ('up', 'right', …) to turn actions into arrows. */
  actionLabels: string[]
}

const DIRECTIONS: Record<string, [number, number]> = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] }

/**
 * Draw a tabular learner's view over the grid: V(s) as a colour wash (low red to high green),
 * visits as a blue wash (log scale), and the greedy action as an arrow in each cell the agent acts
 * on. The states drawn are those without the key: a wash skips the cells the agent can never stand
 * on there (walls, closed doors, cliffs), an arrow also the cells that end the episode (goal, lava,
 * hole), where it never chooses an action.
 */
export function drawGridOverlays(ctx: CanvasRenderingContext2D, grid: GridPicture, width: number, height: number, overlays: GridOverlays): void {
  const { cell, left, top } = cellGeometry(width, height, grid)
  const count = grid.rows * grid.cols
  const standable = (s: number) => agentCanStand(grid.cells[s], 0)
  const wash = (index: number, colour: string, alpha: number) => {
    const row = Math.floor(index / grid.cols)
    const col = index % grid.cols
    ctx.globalAlpha = alpha
    ctx.fillStyle = colour
    ctx.fillRect(left + col * cell + 1, top + row * cell + 1, cell - 2, cell - 2)
    ctx.globalAlpha = 1
  }
  for (const field of [overlays.values, overlays.potential, overlays.episode]) {
    if (!field) continue
    let lo = Infinity
    let hi = -Infinity
    for (let s = 0; s < count; s++) {
      if (!Number.isFinite(field[s]) || !standable(s)) continue
      lo = Math.min(lo, field[s])
      hi = Math.max(hi, field[s])
    }
    const span = hi - lo || 1
    for (let s = 0; s < count; s++) {
      if (!Number.isFinite(field[s]) || !standable(s)) continue
      // shade = (x − min) / (max − min): 0 red, 1 green
      const shade = (field[s] - lo) / span
      wash(s, `rgb(${Math.round(220 * (1 - shade))}, ${Math.round(200 * shade)}, 80)`, 0.45)
    }
  }
  if (overlays.visits) {
    let most = 1
    for (let s = 0; s < count; s++) most = Math.max(most, overlays.visits[s])
    // shade = log(1 + N) / log(1 + N_max)
    for (let s = 0; s < count; s++) if (overlays.visits[s] > 0) wash(s, '#3a86ff', 0.6 * (Math.log1p(overlays.visits[s]) / Math.log1p(most)))
  }
  if (overlays.policy && cell >= 10) {
    ctx.strokeStyle = '#e8f1f8'
    ctx.lineWidth = Math.max(1, cell * 0.06)
    for (let s = 0; s < count; s++) {
      if (!agentActsOn(grid.cells[s], 0)) continue
      const direction = DIRECTIONS[overlays.actionLabels[overlays.policy[s]] ?? '']
      if (!direction) continue
      const cx = left + (s % grid.cols) * cell + cell / 2
      const cy = top + Math.floor(s / grid.cols) * cell + cell / 2
      const [dx, dy] = direction
      const reach = cell * 0.3
      ctx.beginPath()
      ctx.moveTo(cx - dx * reach, cy - dy * reach)
      ctx.lineTo(cx + dx * reach, cy + dy * reach)
      // the arrow head
      ctx.lineTo(cx + dx * reach * 0.4 - dy * reach * 0.4, cy + dy * reach * 0.4 + dx * reach * 0.4)
      ctx.moveTo(cx + dx * reach, cy + dy * reach)
      ctx.lineTo(cx + dx * reach * 0.4 + dy * reach * 0.4, cy + dy * reach * 0.4 - dx * reach * 0.4)
      ctx.stroke()
    }
  }
}
