import type { EnvSpec } from '../../core/envs/types'
import { describeCartPole, drawCartPole } from './cartpole'
import { describeGrid, drawGrid } from './grid'

/** How the canvas view draws one environment. */
export interface EnvRenderer {
  /** Replay speed: CartPole runs at 1/τ = 50 steps per second; grids slow enough to follow. */
  stepsPerSecond: number
  /** Draw one step: the states of `copies` consecutive copies start at `offset`. */
  draw(ctx: CanvasRenderingContext2D, states: ArrayLike<number>, offset: number, width: number, height: number, copies: number): void
  drawIdle(ctx: CanvasRenderingContext2D, width: number, height: number): void
  describe(states: ArrayLike<number>, offset: number): string
}

const cache = new WeakMap<EnvSpec, EnvRenderer>()

export function rendererFor(spec: EnvSpec): EnvRenderer {
  let renderer = cache.get(spec)
  if (!renderer) {
    renderer = makeRenderer(spec)
    cache.set(spec, renderer)
  }
  return renderer
}

function makeRenderer(spec: EnvSpec): EnvRenderer {
  const grid = spec.grid
  if (grid) {
    return {
      stepsPerSecond: 8,
      draw: (ctx, states, offset, width, height) => drawGrid(ctx, grid, states, offset, width, height),
      drawIdle: (ctx, width, height) => drawGrid(ctx, grid, null, 0, width, height),
      describe: describeGrid,
    }
  }
  if (spec.id === 'cartpole') {
    const upright = new Float64Array(4)
    return {
      stepsPerSecond: 50,
      draw: drawCartPole,
      drawIdle: (ctx, width, height) => drawCartPole(ctx, upright, 0, width, height),
      describe: describeCartPole,
    }
  }
  throw new Error(`no canvas view for environment ${spec.id}`)
}
