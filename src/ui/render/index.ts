import { isEnvId, type EnvId } from '../../core/envs/registry'
import type { EnvSpec } from '../../core/envs/types'
import { describeAcrobot, drawAcrobot } from './acrobot'
import { describeBandit, drawBandit } from './bandit'
import { describeCartPole, drawCartPole } from './cartpole'
import { describeCoop, drawCoop } from './coop'
import { describeGrid, drawGrid } from './grid'
import { describeMountainCar, drawMountainCar } from './mountaincar'
import { describeTokenSeq, drawTokenSeq } from './tokenseq'
import { CONTINUOUS_CAPTION_MS } from './caption'

/** How the canvas view draws one environment. */
export interface EnvRenderer {
  /** Replay speed in environment steps per second (CartPole's own clock is 1/τ = 50). */
  stepsPerSecond: number
  /**
   * Draw one step: the states of `copies` consecutive copies start at `offset`. Sizes are in canvas
   * pixels; `fontSize` is the text size the page asks for (the canvas's computed CSS font size ×
   * the device pixel ratio), which a renderer shrinks only where its picture would not fit.
   */
  draw(ctx: CanvasRenderingContext2D, states: ArrayLike<number>, offset: number, width: number, height: number, copies: number, fontSize: number): void
  drawIdle(ctx: CanvasRenderingContext2D, width: number, height: number, fontSize: number): void
  describe(states: ArrayLike<number>, offset: number, copies: number): string
  /** Fewest milliseconds between two captions (caption.ts): 0 where the caption names a discrete position, so it never lags the picture. */
  captionEveryMs: number
}

type Draw = EnvRenderer['draw']
type Describe = EnvRenderer['describe']

const cache = new WeakMap<EnvSpec, EnvRenderer>()

export function rendererFor(spec: EnvSpec): EnvRenderer {
  let renderer = cache.get(spec)
  if (!renderer) {
    renderer = makeRenderer(spec)
    cache.set(spec, renderer)
  }
  return renderer
}

/** A renderer of a continuous world whose idle picture is the environment in a typical starting state. */
function withStart(stepsPerSecond: number, draw: Draw, describe: Describe, start: number[]): EnvRenderer {
  const state = Float64Array.from(start)
  return { stepsPerSecond, draw, describe, captionEveryMs: CONTINUOUS_CAPTION_MS, drawIdle: (ctx, width, height, fontSize) => draw(ctx, state, 0, width, height, 1, fontSize) }
}

/** A renderer for discrete worlds with no meaningful picture before the first rollout. */
function withBlankIdle(stepsPerSecond: number, draw: Draw, describe: Describe): EnvRenderer {
  return {
    stepsPerSecond,
    draw,
    describe,
    captionEveryMs: 0,
    drawIdle: (ctx, width, height) => {
      ctx.fillStyle = '#0d1726'
      ctx.fillRect(0, 0, width, height)
    },
  }
}

/** A grid world's picture, from the layout its spec holds (a drawn grid included). */
function gridRenderer(spec: EnvSpec): EnvRenderer {
  const grid = spec.grid
  if (!grid) throw new Error(`no grid in the spec of ${spec.id}`)
  return {
    stepsPerSecond: 8,
    draw: (ctx, states, offset, width, height) => drawGrid(ctx, grid, states, offset, width, height),
    drawIdle: (ctx, width, height) => drawGrid(ctx, grid, null, 0, width, height),
    describe: (states, offset) => describeGrid(states, offset, grid),
    // The caption names the cell the agent is drawn on in that very frame.
    captionEveryMs: 0,
  }
}

/** One drawing per environment: a Record over every id, so an environment without one does not compile. */
const RENDERERS: Record<EnvId, (spec: EnvSpec) => EnvRenderer> = {
  cartpole: () => withStart(50, drawCartPole, describeCartPole, [0, 0, 0, 0]),
  mountaincar: () => withStart(30, drawMountainCar, describeMountainCar, [-0.5, 0]),
  acrobot: () => withStart(15, drawAcrobot, describeAcrobot, [0, 0, 0, 0]),
  gridworld: gridRenderer,
  cliffwalking: gridRenderer,
  frozenlake: gridRenderer,
  bandit: () => withBlankIdle(4, drawBandit, describeBandit),
  tokenseq: () => withBlankIdle(3, drawTokenSeq, describeTokenSeq),
  coop: () => withBlankIdle(2, drawCoop, describeCoop),
}

function makeRenderer(spec: EnvSpec): EnvRenderer {
  if (!isEnvId(spec.id)) throw new Error(`no canvas view for environment ${spec.id}`)
  return RENDERERS[spec.id](spec)
}
