import { describe, expect, it } from 'vitest'
import { crossoverRows, skipReason, sweepPlan, uncomparedWidths, type StepTable } from './backendSweep'

const ROWS = [16, 64, 256, 1024]

describe('crossoverRows', () => {
  it('is the smallest batch at which webgpu takes less time than wasm, per width', () => {
    const table: StepTable = {
      wasm: { '64': { '16': 1, '64': 2, '256': 8, '1024': 30 }, '256': { '16': 3, '64': 10, '256': 40, '1024': 160 } },
      webgpu: { '64': { '16': 9, '64': 9, '256': 10, '1024': 12 }, '256': { '16': 9, '64': 9.5, '256': 11, '1024': 14 } },
    }
    expect(crossoverRows(table, [64, 256], ROWS)).toEqual({ '64': 1024, '256': 64 })
  })

  it('is null where webgpu never beats wasm, and where either has no cells', () => {
    const table: StepTable = {
      wasm: { '64': { '16': 1, '64': 2, '256': 8, '1024': 30 } },
      webgpu: { '64': { '16': 90, '64': 95, '256': 120, '1024': 400 }, '1024': { '16': 1 } },
    }
    expect(crossoverRows(table, [64, 1024], ROWS)).toEqual({ '64': null, '1024': null })
    expect(crossoverRows({ wasm: table.wasm }, [64], ROWS)).toEqual({ '64': null })
  })

  it('ignores batches either backend skipped, and equal times do not count as beating', () => {
    const table: StepTable = {
      wasm: { '64': { '16': 5, '64': 20, '256': null, '1024': 300 } },
      webgpu: { '64': { '16': 5, '64': null, '256': 10, '1024': 50 } },
    }
    expect(crossoverRows(table, [64], ROWS)).toEqual({ '64': 1024 })
  })

  it('looks at the batches smallest first whatever order they are listed in', () => {
    const table: StepTable = { wasm: { '64': { '16': 9, '1024': 9 } }, webgpu: { '64': { '16': 1, '1024': 1 } } }
    expect(crossoverRows(table, [64], [1024, 16])).toEqual({ '64': 16 })
  })
})

describe('uncomparedWidths', () => {
  it('names the widths at which no batch was timed on both backends', () => {
    const table: StepTable = {
      wasm: { '64': { '16': 1, '64': null }, '256': { '16': 3 }, '1024': { '16': 50, '64': 200 } },
      webgpu: { '64': { '16': null, '64': 9 }, '256': { '16': 9 } },
    }
    expect(uncomparedWidths(table, [64, 256, 1024], [16, 64])).toEqual([64, 1024])
  })
})

describe('skipReason', () => {
  const plan = { ...sweepPlan(false), cellBudgetMs: 1000, widthBudgetMs: 10_000 }

  it('times the first batch of a width, and a larger one whose step, linear in the rows, fits the cell budget', () => {
    expect(skipReason(plan, 16, null, 0)).toBeNull()
    // 200 ms at B=64 predicts 200 · 256 / 64 = 800 ms at B=256: within 1000 ms
    expect(skipReason(plan, 256, { rows: 64, ms: 200 }, 0)).toBeNull()
  })

  it('skips a batch whose one step is predicted to exceed the cell budget', () => {
    // 300 ms at B=64 predicts 300 · 256 / 64 = 1200 ms
    expect(skipReason(plan, 256, { rows: 64, ms: 300 }, 0)).toBe('one step predicted to take 1200 ms (from B=64), over the cell budget of 1000 ms')
  })

  it('skips every batch after a skipped one, and the rest of a width once its time budget is spent', () => {
    expect(skipReason(plan, 1024, 'skipped', 0)).toBe('a smaller batch at this width was skipped')
    expect(skipReason(plan, 256, { rows: 64, ms: 1 }, 10_000)).toBe('the 10 s for this width were spent')
    expect(skipReason(plan, 256, { rows: 64, ms: 1 }, 9_999)).toBeNull()
  })

  it('plans fewer, cheaper cells with --quick', () => {
    const [quick, full] = [sweepPlan(true), sweepPlan(false)]
    expect(full.rows).toEqual([16, 64, 256, 1024, 4096])
    expect(full.widths).toEqual([64, 256, 1024])
    expect(quick.rows.length * quick.widths.length).toBeLessThan(full.rows.length * full.widths.length)
    expect(quick.widthBudgetMs * quick.widths.length).toBeLessThan(full.widthBudgetMs * full.widths.length)
  })
})
