import type { Browser } from 'playwright'
import { BROWSER_BACKENDS } from './args'
import type { CellTiming, ProbeStart } from './backendProbe'
import { buildBackendProbe } from './backendProbeBuild'
import { crossoverRows, skipReason, sweepPlan, uncomparedWidths, type StepTable, type SweepPlan, type TimedCell } from './backendSweep'
import { withBuiltApp } from './browserApp'
import { onCleanup } from './cleanup'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round } from './stats'
import { errorMessage } from '../src/core/errorMessage'

interface BackendSweep {
  backend: string
  started: ProbeStart
  /** What went wrong after the backend started (a cell that threw, the page that crashed). */
  failure: string | null
  /** {W: {B: ms}}; null where the cell was skipped. */
  stepMs: Record<string, Record<string, number | null>>
  /** Why each skipped cell was skipped, as "W=…, B=…: reason". */
  skipped: string[]
  /** Every cell's raw timings, for the runs section. */
  cells: { width: number; rows: number; timing: CellTiming }[]
  seconds: number
}

/**
 * `backends`: one PPO-sized training step (forward, backward and Adam of a 4→W→W→2 tanh MLP) on
 * each TensorFlow.js backend that starts in headless Chromium, over batch rows B × width W, and
 * for each W the smallest B at which webgpu beats wasm. Chromium gets `--enable-unsafe-webgpu`,
 * so on a machine without a GPU webgpu runs on SwiftShader's software adapter.
 */
export async function benchBackendsBrowser(quick: boolean): Promise<SectionResult> {
  const plan = sweepPlan(quick)
  return withBuiltApp(
    async (browser, url, _buildSeconds, buildDir) => {
      const probe = await buildBackendProbe(buildDir)
      const sweeps: BackendSweep[] = []
      for (const backend of BROWSER_BACKENDS) {
        const sweep = await sweepBackend(browser, url + probe.pagePath, url + probe.wasmPathsModule, backend, plan)
        sweeps.push(sweep)
        printSweep(sweep, plan)
      }
      return summarise(sweeps, plan, quick)
    },
    ['--enable-unsafe-webgpu'],
  )
}

async function sweepBackend(browser: Browser, pageUrl: string, wasmPathsUrl: string, backend: string, plan: SweepPlan): Promise<BackendSweep> {
  const context = await browser.newContext()
  const close = onCleanup(() => context.close())
  const started = performance.now()
  const sweep: BackendSweep = { backend, started: { ok: false, info: null, softwareAdapter: null, problem: null }, failure: null, stepMs: {}, skipped: [], cells: [], seconds: 0 }
  try {
    const page = await context.newPage()
    await page.goto(pageUrl)
    await page.waitForFunction('window.__backendProbe !== undefined', undefined, { timeout: 60_000 })
    sweep.started = (await page.evaluate(`window.__backendProbe.start(${JSON.stringify(backend)}, ${JSON.stringify(wasmPathsUrl)})`)) as ProbeStart
    if (!sweep.started.ok) return sweep
    for (const width of plan.widths) {
      // The budget counts from the width's first cell: starting a backend is not a training step.
      const widthStarted = performance.now()
      const row: Record<string, number | null> = {}
      sweep.stepMs[String(width)] = row
      let previous: TimedCell | 'skipped' | null = null
      for (const rows of plan.rows) {
        const reason = skipReason(plan, rows, previous, performance.now() - widthStarted)
        if (reason !== null) {
          row[String(rows)] = null
          sweep.skipped.push(`W=${width}, B=${rows}: ${reason}`)
          previous = 'skipped'
          continue
        }
        const timing = (await page.evaluate(`window.__backendProbe.cell(${rows}, ${width}, ${plan.warmUps}, ${plan.repeats}, ${plan.cellBudgetMs})`)) as CellTiming
        sweep.cells.push({ width, rows, timing: { warmUpMs: timing.warmUpMs.map((ms) => round(ms, 4)), stepMs: timing.stepMs.map((ms) => round(ms, 4)) } })
        const ms = median(timing.stepMs)
        row[String(rows)] = ms === null ? null : round(ms, 4)
        previous = ms === null ? 'skipped' : { rows, ms }
      }
    }
    return sweep
  } catch (error) {
    if (sweep.started.ok) sweep.failure = errorMessage(error)
    else sweep.started = { ...sweep.started, problem: errorMessage(error) }
    return sweep
  } finally {
    sweep.seconds = round((performance.now() - started) / 1000, 3)
    await close()
  }
}

function printSweep(sweep: BackendSweep, plan: SweepPlan): void {
  if (!sweep.started.ok) {
    progress(`${sweep.backend}: did not start (${sweep.started.problem})`)
    return
  }
  progress(`${sweep.backend} (${sweep.started.info?.reason}; ${sweep.seconds} s), ms per training step, rows B = ${plan.rows.join(' / ')}:`)
  if (sweep.failure !== null) progress(`  stopped early: ${sweep.failure}`)
  for (const width of plan.widths) {
    const cells = plan.rows.map((rows) => sweep.stepMs[String(width)]?.[String(rows)] ?? null)
    progress(`  W=${String(width).padEnd(5)} ${cells.map((ms) => (ms === null ? 'skip' : String(ms)).padStart(8)).join(' ')}`)
  }
}

function summarise(sweeps: BackendSweep[], plan: SweepPlan, quick: boolean): SectionResult {
  const result = emptyResult()
  const table: StepTable = {}
  for (const sweep of sweeps) if (sweep.started.ok) table[sweep.backend] = sweep.stepMs
  result.tables.backend_step_ms = table
  const crossover = crossoverRows(table, plan.widths, plan.rows)
  result.tables.webgpu_wasm_crossover_rows = crossover
  for (const [width, rows] of Object.entries(crossover)) progress(`webgpu beats wasm at W=${width} from B=${rows ?? 'none'}`)

  const adapters = [...new Set(sweeps.map((sweep) => sweep.started.info?.adapter).filter((adapter) => adapter !== undefined))]
  const software = sweeps.map((sweep) => sweep.started.softwareAdapter).find((reason) => reason !== null) ?? null
  const notStarted = sweeps.filter((sweep) => !sweep.started.ok).map((sweep) => `${sweep.backend} (${sweep.started.problem})`)
  const failed = sweeps.filter((sweep) => sweep.failure !== null).map((sweep) => `${sweep.backend} (${sweep.failure})`)
  const skipped = sweeps.flatMap((sweep) => sweep.skipped.map((why) => `${sweep.backend} ${why}`))
  result.notes.backend_step_ms =
    `ms per training step (forward, backward and Adam of a 4→W→W→2 tanh MLP, plain TensorFlow.js ops and tf.train.adam, backend started by the app's initBackend) ` +
    `in headless Chromium's main thread, {backend: {W: {B: ms}}}: median of up to ${plan.repeats} timed steps (fewer once they pass ${plan.cellBudgetMs / 1000} s) after up to ${plan.warmUps} warm-up step(s)${quick ? ' (--quick)' : ''}; ` +
    `a cell is null (skipped) when one step is predicted, linearly in B from the batch before it, to take over ${plan.cellBudgetMs / 1000} s, or once its backend has spent ${plan.widthBudgetMs / 1000} s at that width; ` +
    `WebGPU adapter: ${adapters.length > 0 ? adapters.join(', ') : 'none'}` +
    (software !== null ? `; that is ${software}, and a software adapter's figures (webgpu's, and webgl's where it too renders in software) are not a GPU's: measure on a machine with a real GPU` : '') +
    (notStarted.length > 0 ? `; did not start: ${notStarted.join('; ')}` : '') +
    (failed.length > 0 ? `; stopped early: ${failed.join('; ')}` : '') +
    (skipped.length > 0 ? `; skipped: ${skipped.join('; ')}` : '')
  const uncompared = uncomparedWidths(table, plan.widths, plan.rows)
  result.notes.webgpu_wasm_crossover_rows =
    `for each width W, the smallest batch rows B at which a webgpu step takes less time than a wasm step, among the cells both timed; null: webgpu never beat wasm there` +
    (uncompared.length > 0 ? `, or (W = ${uncompared.join(', ')}) no batch was timed on both` : '') +
    (software !== null ? ` (the WebGPU adapter here is ${software}, so this says nothing about where a GPU overtakes wasm)` : '')
  result.runs.backends = sweeps.map(({ backend, started, failure, cells, seconds }) => ({ backend, started, failure, seconds, cells }))
  return result
}
