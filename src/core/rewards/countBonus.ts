import { KEY } from '../envs/grid'
import { ENVIRONMENTS, findEnv } from '../envs/registry'
import type { EnvSpec } from '../envs/types'
import { reachedState, type StepEnds } from './shaping'

/*
 * Count-based exploration bonuses on a discretised state, b = β/√N(s′), paid for the state a step
 * reaches (Strehl & Littman 2008's MBIE-EB bonus; Bellemare et al. 2016 and Tang et al. 2017 for
 * counts in larger spaces). Three versions:
 *   global    N counts visits over the whole run (all copies share one table);
 *   episodic  N counts visits in the copy's current episode only, reset when it ends;
 *   combined  the product of the two, β/√(N_global·N_episodic): Henaff, Jiang & Raileanu (ICML 2023,
 *             "A Study of Global and Episodic Bonuses for Exploration in Contextual MDPs") found that
 *             combining a global and an episodic bonus multiplicatively is robust whether or not
 *             episodes share structure. A state new to the episode but stale in the run gets little;
 *             one new to both gets the full β.
 * Within one step the copies are counted in order 0 … n − 1, so two copies reaching the same new
 * cell on the same step get β and β/√2. The reset state of an episode is not counted (it is not
 * reached by a step, and no bonus is paid for it).
 */

/** Maps an internal state (spec.stateVars layout, from `offset`) to a cell 0 … numCells − 1. */
export interface StateDiscretiser {
  readonly numCells: number
  cellOf(state: ArrayLike<number>, offset: number): number
  /** One line for the UI: how the state is cut into cells. */
  readonly description: string
}

/** The largest table of cells a count bonus keeps (a Uint32Array of this length is 16 MiB). */
export const MAX_COUNT_CELLS = 1 << 22

/** The grid's own state index, has_key·rows·cols + row·cols + col (the observation of a grid env). */
export function gridDiscretiser(spec: EnvSpec): StateDiscretiser {
  const grid = spec.grid
  if (!grid) throw new Error(`${spec.id} has no grid`)
  const { rows, cols } = grid
  const hasKey = grid.cells.includes(KEY)
  return {
    numCells: rows * cols * (hasKey ? 2 : 1),
    description: `one cell per grid state (${rows}×${cols}${hasKey ? ', with and without the key' : ''})`,
    cellOf: hasKey
      ? (state, offset) => state[offset + 2] * rows * cols + state[offset] * cols + state[offset + 1]
      : (state, offset) => state[offset] * cols + state[offset + 1],
  }
}

/**
 * A uniform grid of `bins` bins per state variable over `bounds` (one [lo, hi] per variable):
 * bin_j = clamp(⌊(x_j − lo_j)/(hi_j − lo_j)·B⌋, 0, B − 1), cell = Σ_j bin_j·B^j.
 */
export function uniformDiscretiser(bounds: readonly (readonly [number, number])[], bins: number, names?: readonly string[]): StateDiscretiser {
  if (!Number.isInteger(bins) || bins < 1) throw new Error(`bins must be a positive integer, got ${bins}`)
  bounds.forEach(([lo, hi], j) => {
    if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo < hi)) throw new Error(`bounds of ${names?.[j] ?? `variable ${j}`} must be finite with lo < hi, got [${lo}, ${hi}]`)
  })
  const dims = bounds.length
  const numCells = bins ** dims
  if (numCells > MAX_COUNT_CELLS) {
    const most = Math.floor(MAX_COUNT_CELLS ** (1 / dims) + 1e-9)
    throw new Error(`${bins} bins for each of ${dims} state variables make ${numCells} cells; at most ${MAX_COUNT_CELLS} are kept, so use at most ${most} bins`)
  }
  const lo = Float64Array.from(bounds, (b) => b[0])
  const scale = Float64Array.from(bounds, (b) => bins / (b[1] - b[0]))
  return {
    numCells,
    description: `${bins} bins per state variable over ${bounds.map(([l, h], j) => `${names?.[j] ?? j} ∈ [${+l.toFixed(4)}, ${+h.toFixed(4)}]`).join(', ')}`,
    cellOf(state, offset) {
      let cell = 0
      let stride = 1
      for (let j = 0; j < dims; j++) {
        // bin = clamp(⌊(x − lo)·B/(hi − lo)⌋, 0, B − 1)
        const bin = Math.min(bins - 1, Math.max(0, Math.floor((state[offset + j] - lo[j]) * scale[j])))
        cell += bin * stride
        stride *= bins
      }
      return cell
    },
  }
}

/**
 * Per-variable [min, max] of observed internal states (rows × stateSize, row-major), for environments
 * that declare no state bounds (EnvDefinition.stateBounds): collect a first rollout, then fix the bins once (moving bins would
 * scramble the counts). A variable that never moved gets [v − ½, v + ½].
 */
export function observedBounds(states: ArrayLike<number>, stateSize: number): [number, number][] {
  const rows = Math.floor(states.length / stateSize)
  if (rows === 0) throw new Error('observedBounds needs at least one observed state')
  const bounds: [number, number][] = []
  for (let j = 0; j < stateSize; j++) {
    let lo = Infinity
    let hi = -Infinity
    for (let r = 0; r < rows; r++) {
      const x = states[r * stateSize + j]
      if (!Number.isFinite(x)) continue
      lo = Math.min(lo, x)
      hi = Math.max(hi, x)
    }
    if (!Number.isFinite(lo)) bounds.push([-0.5, 0.5])
    else bounds.push(lo < hi ? [lo, hi] : [lo - 0.5, hi + 0.5])
  }
  return bounds
}

/**
 * The bounds per state variable the environment declares for a uniform grid of bins (its file says
 * why each: hard limits where a variable has them, else what a policy reaches); none for an
 * environment that declares none.
 */
function declaredBounds(spec: EnvSpec): readonly (readonly [number, number])[] | undefined {
  return findEnv(spec.id)?.stateBounds
}

/** Whether a count bonus can discretise this environment's state without extra bounds. */
export function hasCountDiscretiser(spec: EnvSpec): boolean {
  return spec.grid !== undefined || declaredBounds(spec) !== undefined
}

/**
 * The discretiser a count bonus uses on `spec`: a grid's own state index, else a uniform grid of
 * `bins` per variable over `bounds` (default: the bounds the environment declares). Errors name
 * what is accepted.
 */
export function discretiserFor(spec: EnvSpec, bins = 10, bounds?: readonly (readonly [number, number])[]): StateDiscretiser {
  if (spec.grid && bounds === undefined) return gridDiscretiser(spec)
  const chosen = bounds ?? declaredBounds(spec)
  if (!chosen) {
    const grids = ENVIRONMENTS.filter((definition) => definition.spec.grid !== undefined)
    const bounded = ENVIRONMENTS.filter((definition) => definition.stateBounds !== undefined)
    const accepted = [...grids, ...bounded].map((definition) => definition.spec.id)
    throw new Error(`a count bonus needs state bounds to discretise ${spec.id}; built in for ${accepted.join(', ')}, or pass bounds (observedBounds of a first rollout)`)
  }
  if (chosen.length !== spec.stateVars.length) {
    throw new Error(`${spec.id} has ${spec.stateVars.length} state variables (${spec.stateVars.join(', ')}) but ${chosen.length} bounds were given`)
  }
  return uniformDiscretiser(chosen, bins, spec.stateVars)
}

export const COUNT_BONUS_KINDS = ['count_global', 'count_episodic', 'count_combined'] as const
export type CountBonusKind = (typeof COUNT_BONUS_KINDS)[number]

/**
 * A count bonus over n copies. Per step it needs each copy's state after the step (env.state, and
 * for a copy whose episode ended the step buffers' finalState) and the step's episode ends.
 */
export class CountBonus {
  /** Visits of each cell over the whole run (all copies); kept for every kind, shown by the UI. */
  readonly globalCounts: Uint32Array
  /** Visits of each cell in each copy's running episode (sparse: episodes touch few cells). */
  private readonly episodeCounts: Map<number, number>[]

  constructor(
    readonly kind: CountBonusKind,
    readonly beta: number,
    readonly discretiser: StateDiscretiser,
    readonly n: number,
  ) {
    if (!Number.isFinite(beta)) throw new Error(`the bonus scale β must be a finite number, got ${beta}`)
    this.globalCounts = new Uint32Array(discretiser.numCells)
    this.episodeCounts = Array.from({ length: n }, () => new Map<number, number>())
  }

  /**
   * Count the state each copy reached and write its bonus into `out` (n). `stateNow` is env.state
   * after the step (n × stateSize); where an episode ended the reached state is read from
   * `step.finalState` instead, and that copy's episodic counts are cleared after its bonus.
   */
  apply(stateNow: ArrayLike<number>, stateSize: number, step: StepEnds, out: Float64Array): void {
    const { beta, kind } = this
    const { terminated, truncated } = step
    for (let i = 0; i < this.n; i++) {
      const cell = this.discretiser.cellOf(reachedState(stateNow, step, i), i * stateSize)
      const global = ++this.globalCounts[cell]
      const episode = this.episodeCounts[i]
      const local = (episode.get(cell) ?? 0) + 1
      episode.set(cell, local)
      if (kind === 'count_global') {
        // b = β/√N_global(s′)
        out[i] = beta / Math.sqrt(global)
      } else if (kind === 'count_episodic') {
        // b = β/√N_episode(s′)
        out[i] = beta / Math.sqrt(local)
      } else {
        // b = β/√(N_global(s′)·N_episode(s′))
        out[i] = beta / Math.sqrt(global * local)
      }
      if (terminated[i] || truncated[i]) episode.clear()
    }
  }

  /** N_episode(cell) of copy i's running episode. */
  episodeCount(i: number, cell: number): number {
    return this.episodeCounts[i].get(cell) ?? 0
  }

  /** Forget every count (a new run). */
  reset(): void {
    this.globalCounts.fill(0)
    for (const episode of this.episodeCounts) episode.clear()
  }
}

/** A count bonus of `kind` for `spec`'s environment over n copies (discretiserFor's cells). */
export function createCountBonus(spec: EnvSpec, n: number, options: { kind: CountBonusKind; beta: number; bins?: number; bounds?: [number, number][] }): CountBonus {
  return new CountBonus(options.kind, options.beta, discretiserFor(spec, options.bins, options.bounds), n)
}
