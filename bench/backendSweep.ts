/**
 * The backend sweep's plan and arithmetic, pure so that it can be tested on hand-made numbers:
 * which batch sizes and widths to time, which cells to skip, and where webgpu overtakes wasm.
 */

/** Milliseconds of one training step by backend, then width W, then batch rows B; null: skipped. */
export type StepTable = Record<string, Record<string, Record<string, number | null>>>

export interface SweepPlan {
  rows: number[]
  widths: number[]
  /** Untimed steps first (shader compilation, wasm warm-up); they stop early past half the cell budget. */
  warmUps: number
  /** Timed steps; they stop early past the cell budget (at least one is timed). */
  repeats: number
  /** Milliseconds of timed steps per cell; a cell whose one step is predicted to exceed it is skipped. */
  cellBudgetMs: number
  /** Once a backend has spent this long on one width's cells, that width's larger batches are skipped. */
  widthBudgetMs: number
}

export function sweepPlan(quick: boolean): SweepPlan {
  return quick
    ? { rows: [16, 256, 4096], widths: [64, 256], warmUps: 1, repeats: 3, cellBudgetMs: 2_000, widthBudgetMs: 7_500 }
    : { rows: [16, 64, 256, 1024, 4096], widths: [64, 256, 1024], warmUps: 2, repeats: 5, cellBudgetMs: 5_000, widthBudgetMs: 12_000 }
}

/** The last cell timed at this width on this backend: its rows and its median milliseconds. */
export interface TimedCell {
  rows: number
  ms: number
}

/**
 * Why a cell is not timed, or null to time it. A larger batch's step is predicted from the last
 * one timed at the same width, linearly in the rows (an upper bound while fixed costs dominate,
 * about right once the products do); a width whose previous batch was skipped skips every larger one.
 * Each width has its own time budget, so that a slow backend still gets a few cells at every width.
 */
export function skipReason(plan: SweepPlan, rows: number, previous: TimedCell | 'skipped' | null, spentAtWidthMs: number): string | null {
  if (spentAtWidthMs >= plan.widthBudgetMs) return `the ${plan.widthBudgetMs / 1000} s for this width were spent`
  if (previous === 'skipped') return 'a smaller batch at this width was skipped'
  if (previous === null) return null
  // predicted ms(B) = ms(B_prev) · B / B_prev
  const predictedMs = previous.ms * (rows / previous.rows)
  if (predictedMs > plan.cellBudgetMs) return `one step predicted to take ${Math.round(predictedMs)} ms (from B=${previous.rows}), over the cell budget of ${plan.cellBudgetMs} ms`
  return null
}

/**
 * For each width, the smallest batch rows at which `faster` takes less time per step than
 * `baseline`, among the batches both timed; null where it never does (or one of them has no cells).
 */
export function crossoverRows(table: StepTable, widths: number[], rows: number[], faster = 'webgpu', baseline = 'wasm'): Record<string, number | null> {
  const result: Record<string, number | null> = {}
  const ascending = [...rows].sort((a, b) => a - b)
  for (const width of widths) {
    result[String(width)] =
      ascending.find((batch) => {
        const [a, b] = cellPair(table, width, batch, faster, baseline)
        return a !== null && b !== null && a < b
      }) ?? null
  }
  return result
}

/** The widths at which no batch was timed on both backends: there a null crossover says nothing either way. */
export function uncomparedWidths(table: StepTable, widths: number[], rows: number[], faster = 'webgpu', baseline = 'wasm'): number[] {
  return widths.filter((width) => !rows.some((batch) => cellPair(table, width, batch, faster, baseline).every((ms) => ms !== null)))
}

function cellPair(table: StepTable, width: number, rows: number, faster: string, baseline: string): [number | null, number | null] {
  return [table[faster]?.[String(width)]?.[String(rows)] ?? null, table[baseline]?.[String(width)]?.[String(rows)] ?? null]
}
