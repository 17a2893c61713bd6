import type { Browser, Locator, Page } from 'playwright'
import { newAppContext, openApp, withBuiltApp } from './browserApp'
import { heapReader, sampleHeaps } from './jsHeaps'
import { emptyResult, type SectionResult } from './results'
import { BENCH_DUMP, DUMP_COMPONENTS, writeRolloutDump } from './rolloutDump'
import { median, percentile, progress, round } from './stats'

/** The aims on this machine: open in ≤ 10 s within ≤ 200 MB of JS heap; a slider move shown in ≤ 100 ms. */
const AIM_OPEN_SECONDS = 10
const AIM_HEAP_MB = 200
const AIM_MOVE_MS = 100

/** Key presses per combine rule: each moves the weight one slider step (0.05). */
const PRESSES = 20
/** The component whose weight the presses move (the file's own design weighs it 0). */
const MOVED = DUMP_COMPONENTS[0]
const HEAP_SAMPLE_MS = 100
const MB = 1e6

/**
 * `rollouts_open_100k_seconds_browser` and the rest: in the built app, a made-up verl dump of
 * 100,000 completions (50 `<step>.jsonl` files of 2,000, groups of 8, outputs of 1.5–2.7 KB, about
 * 235 MB: rolloutDump.ts) opened through the Your rollouts panel's Open folder, timed from setting
 * the folder's files on the input until the panel shows the views of all 100,000 (the advantage
 * shares' text); the page's and the rollouts worker's JS heaps sampled meanwhile (jsHeaps.ts).
 * Then one weight's slider moved with the keyboard PRESSES times under combine "sum" and as many
 * under "decoupled", each timed inside the page from the keydown to the views' text changing
 * (the DOM mutation that changes it). Each repeat opens the dump in a fresh browser profile.
 */
export async function benchRolloutsBrowser(quick: boolean): Promise<SectionResult> {
  const repeats = quick ? 1 : 3
  progress(`writing a ${BENCH_DUMP.steps}-step verl dump of ${(BENCH_DUMP.steps * BENCH_DUMP.completionsPerStep).toLocaleString('en-US')} completions…`)
  const dump = await writeRolloutDump(BENCH_DUMP)
  progress(`${(dump.bytes / MB).toFixed(0)} MB in ${dump.dir}`)
  try {
    return await withBuiltApp(async (browser, baseUrl) => {
      const runs: RepeatRun[] = []
      for (let repeat = 0; repeat < repeats; repeat++) runs.push(await benchOnce(browser, baseUrl, dump.dir, dump.completions))
      return summarise(runs, repeats, dump.bytes, dump.completions)
    })
  } finally {
    await dump.remove()
  }
}

interface RepeatRun {
  openSeconds: number
  /** What the panel says the read took ("read in 6.1 s"). */
  readSecondsShown: number | null
  peak: { pageMax: number; workerMax: number; sumMax: number; samples: number }
  /** Both heaps after the views are shown and garbage is collected: what the opened file keeps. */
  kept: { page: number; worker: number }
  moveMs: { sum: number[]; decoupled: number[] }
  /** The panel's own "views updated in N ms" after each press: from the design change to the views in the store. */
  shownUpdateMs: { sum: number[]; decoupled: number[] }
}

async function benchOnce(browser: Browser, baseUrl: string, dir: string, completions: number): Promise<RepeatRun> {
  const context = await newAppContext(browser)
  const app = await openApp(browser, baseUrl, new URLSearchParams({ env: 'tokenseq', seed: '1' }), context)
  const heaps = await heapReader(browser, context, app.page, 'rollouts.worker')
  try {
    const { page } = app
    const panel = page.getByRole('region', { name: 'Your rollouts' })
    const shares = panel.getByLabel('Advantage shares')
    const sampler = sampleHeaps(heaps, HEAP_SAMPLE_MS)
    const set = performance.now()
    await panel.getByLabel('Open folder').setInputFiles(dir)
    await shares.filter({ hasText: `${completions.toLocaleString('en-US')} advantages:` }).waitFor({ timeout: 300_000 })
    const openSeconds = (performance.now() - set) / 1000
    const peak = await sampler.stop()
    const opened = (await panel.getByLabel('Rollouts opened').textContent()) ?? ''
    const readSecondsShown = Number(/read in ([\d.]+) s/.exec(opened)?.[1] ?? NaN)
    await heaps.collectGarbage()
    const [pageKept, workerKept] = await Promise.all([heaps.page(), heaps.worker()])
    progress(`opened in ${openSeconds.toFixed(2)} s (${opened.trim()}); peak heap page ${(peak.pageMax / MB).toFixed(0)} MB, worker ${(peak.workerMax / MB).toFixed(0)} MB over ${peak.samples} samples`)

    await installMoveProbe(page)
    const slider = panel.getByRole('slider', { name: `Weight of ${MOVED}` })
    const sum = await movesTimed(page, panel, slider, 'ArrowRight')
    await panel.getByLabel('Combine').selectOption('decoupled')
    // The views under the new rule arrive before the first press (a second is ample: a move takes well under one).
    await page.waitForTimeout(1000)
    const decoupled = await movesTimed(page, panel, slider, 'ArrowLeft')
    progress(`slider move to views: sum median ${median(sum.ms)?.toFixed(0)} ms, decoupled median ${median(decoupled.ms)?.toFixed(0)} ms`)
    return {
      openSeconds,
      readSecondsShown: Number.isFinite(readSecondsShown) ? readSecondsShown : null,
      peak,
      kept: { page: pageKept.used + pageKept.backing, worker: workerKept === null ? 0 : workerKept.used + workerKept.backing },
      moveMs: { sum: sum.ms, decoupled: decoupled.ms },
      shownUpdateMs: { sum: sum.shown, decoupled: decoupled.shown },
    }
  } finally {
    await heaps.close()
    await app.close()
    await context.close()
  }
}

/**
 * In the page: the time of each keydown and of the first DOM change after it that changes the
 * views' text (the advantage shares, silent groups, credit shares, the correlation, what was left
 * out, the update time) or the histogram's bars. The weight column of the components table follows
 * the slider at once, not the worker, so it is not read. Plain JavaScript in a string: functions
 * serialised from TypeScript through tsx carry a helper the page lacks (see pageProbe.js).
 */
async function installMoveProbe(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const panel = [...document.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === 'Your rollouts')
    const selectors = ['[aria-label="Advantage shares"]', '[aria-label="Silent groups"]', '[aria-label$="share of the credit"]', '[aria-label="Advantage–length correlation"]', '[aria-label="Left out"]', '[aria-label="Views update time"]']
    const viewsText = () => selectors.map((s) => [...panel.querySelectorAll(s)].map((e) => e.textContent).join('|')).join('\\n') + (panel.querySelector('[aria-label="Advantage histogram"] svg')?.innerHTML ?? '')
    let move = null
    document.addEventListener('keydown', () => { move = { pressedAt: performance.now(), before: viewsText(), changedAt: null } }, true)
    new MutationObserver(() => {
      if (move !== null && move.changedAt === null && viewsText() !== move.before) move.changedAt = performance.now()
    }).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true })
    window.__rolloutMove = () => (move === null || move.changedAt === null ? null : move.changedAt - move.pressedAt)
  })()`)
}

async function movesTimed(page: Page, panel: Locator, slider: Locator, key: 'ArrowRight' | 'ArrowLeft'): Promise<{ ms: number[]; shown: number[] }> {
  const ms: number[] = []
  const shown: number[] = []
  await slider.focus()
  for (let press = 0; press < PRESSES; press++) {
    await page.keyboard.press(key)
    const handle = await page.waitForFunction('window.__rolloutMove()', undefined, { timeout: 30_000, polling: 'raf' })
    ms.push((await handle.jsonValue()) as number)
    await handle.dispose()
    const updated = /views updated in (\d+) ms/.exec((await panel.getByLabel('Views update time').textContent()) ?? '')
    if (updated) shown.push(Number(updated[1]))
  }
  return { ms, shown }
}

function summarise(runs: RepeatRun[], repeats: number, bytes: number, completions: number): SectionResult {
  const result = emptyResult()
  const mb = (value: number) => round(value / MB, 4)
  const figure = (name: string, value: number | null) => (result.figures[name] = value === null ? null : round(value, 4))
  figure('rollouts_open_100k_seconds_browser', median(runs.map((run) => run.openSeconds)))
  figure('rollouts_open_100k_seconds_aim', AIM_OPEN_SECONDS)
  figure('rollouts_open_100k_read_seconds_shown', median(runs.map((run) => run.readSecondsShown)))
  figure('rollouts_open_100k_peak_heap_mb_worker', median(runs.map((run) => mb(run.peak.workerMax))))
  figure('rollouts_open_100k_peak_heap_mb_page', median(runs.map((run) => mb(run.peak.pageMax))))
  figure('rollouts_open_100k_peak_heap_mb_both', median(runs.map((run) => mb(run.peak.sumMax))))
  figure('rollouts_open_100k_peak_heap_mb_aim', AIM_HEAP_MB)
  figure('rollouts_open_100k_kept_heap_mb_worker', median(runs.map((run) => mb(run.kept.worker))))
  figure('rollouts_open_100k_kept_heap_mb_page', median(runs.map((run) => mb(run.kept.page))))
  for (const combine of ['sum', 'decoupled'] as const) {
    const all = runs.flatMap((run) => run.moveMs[combine])
    const shown = runs.flatMap((run) => run.shownUpdateMs[combine])
    figure(`rollouts_slider_move_ms_${combine}_median`, median(all))
    figure(`rollouts_slider_move_ms_${combine}_p90`, percentile(all, 90))
    figure(`rollouts_slider_move_ms_${combine}_shown_median`, median(shown))
  }
  figure('rollouts_slider_move_ms_aim', AIM_MOVE_MS)
  const dumpText = `${completions.toLocaleString('en-US')} completions in ${BENCH_DUMP.steps} verl <step>.jsonl files (groups of ${BENCH_DUMP.groupSize}, outputs of ${BENCH_DUMP.outputMinChars}–${BENCH_DUMP.outputMaxChars} characters, ${(bytes / MB).toFixed(0)} MB, seed ${BENCH_DUMP.seed})`
  result.notes.rollouts_open_100k_seconds_browser = `${dumpText} opened through the Your rollouts panel's Open folder in a fresh profile: from setting the folder's files on the input until the panel shows the advantage shares of all of them; median of ${repeats}; aim ≤ ${AIM_OPEN_SECONDS} s. _read_seconds_shown: the panel's own "read in … s"`
  result.notes.rollouts_open_100k_peak_heap_mb_worker = `the largest of samples every ${HEAP_SAMPLE_MS} ms during the open, over CDP Runtime.getHeapUsage of each isolate: usedSize (V8 heap in use, garbage not yet collected included) + backingStorageSize (array buffers, where the table's columns live); _worker the rollouts worker (which holds the table), _page the page, _both their sum at one sample; aim ≤ ${AIM_HEAP_MB} MB. _kept: the same after the views show and garbage is collected in both`
  result.notes.rollouts_slider_move_ms_sum_median = `the weight of "${MOVED}" moved ${PRESSES} times by one step (0.05) with the arrow key under combine "sum", then ${PRESSES} times back under "decoupled", ${runs.length} × each; timed in the page from the keydown to the DOM change that changes the views' text (advantage shares, silent groups, credit shares, correlation, update time) or the histogram's bars, the whole file shown; median and p90 (nearest rank) of all presses; aim ≤ ${AIM_MOVE_MS} ms. _shown_median: the panel's own "views updated in N ms" (design change to views in the store, before drawing)`
  result.runs.rollouts = runs.map((run) => ({
    openSeconds: round(run.openSeconds, 4),
    readSecondsShown: run.readSecondsShown,
    peakMb: { page: mb(run.peak.pageMax), worker: mb(run.peak.workerMax), both: mb(run.peak.sumMax), samples: run.peak.samples },
    keptMb: { page: mb(run.kept.page), worker: mb(run.kept.worker) },
    moveMs: { sum: run.moveMs.sum.map((ms) => round(ms, 4)), decoupled: run.moveMs.decoupled.map((ms) => round(ms, 4)) },
  }))
  return result
}
