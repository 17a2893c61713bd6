import { openApp, runFigureText, withBuiltApp } from './browserApp'
import { emptyResult, type SectionResult } from './results'
import { progress, round } from './stats'

/** The heap is first measured after this warm-up: the curve, the record and the views are full by then. */
const WARM_UP_S = 60

/**
 * `heap_growth_pct_10min` (with --soak): the app trains CartPole (its default PPO) for 10 minutes
 * in headless Chromium; the page's JavaScript heap, measured after a forced garbage collection at
 * the end of a one-minute warm-up and again at the end: growth = (end − start) / start × 100.
 */
export async function benchSoak(quick: boolean, backend: string | null): Promise<SectionResult> {
  const result = emptyResult()
  const minutes = quick ? 2 : 10
  return withBuiltApp(async (browser, url) => {
    const query = new URLSearchParams({ env: 'cartpole', ...(backend === null ? {} : { backend }) })
    const { page, backendUsed, close } = await openApp(browser, url, query)
    try {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('HeapProfiler.enable')
      const heap = async () => {
        await cdp.send('HeapProfiler.collectGarbage')
        return (await cdp.send('Runtime.getHeapUsage')).usedSize
      }
      await page.getByRole('button', { name: 'Start', exact: true }).click()
      const samples: { minute: number; heapMiB: number; steps: string | null }[] = []
      const sample = async (minute: number) => {
        const used = await heap()
        const steps = await runFigureText(page, 'Steps')
        samples.push({ minute, heapMiB: round(used / 2 ** 20, 4), steps })
        progress(`soak ${minute.toFixed(1)} min: heap ${(used / 2 ** 20).toFixed(1)} MiB, ${steps} steps`)
        return used
      }
      await page.waitForTimeout(WARM_UP_S * 1000)
      const start = await sample(WARM_UP_S / 60)
      for (let minute = 2; minute <= minutes; minute++) {
        await page.waitForTimeout(60_000)
        await sample(minute)
      }
      const end = samples[samples.length - 1].heapMiB * 2 ** 20
      const status = await page.getByRole('status', { name: 'Run status' }).textContent()
      const name = minutes === 10 ? 'heap_growth_pct_10min' : `heap_growth_pct_${minutes}min`
      // growth = (heap at the end − heap after the warm-up) / heap after the warm-up × 100
      result.figures[name] = round(((end - start) / start) * 100, 3)
      result.notes[name] =
        `the page's JavaScript heap after a forced garbage collection, at ${WARM_UP_S} s and after ${minutes} min of CartPole PPO training (backend ${backendUsed}; run status at the end: ${status}); ` +
        'the training worker holds its own heap, whose tensors are counted by tensors_leaked_per_iteration'
      result.runs.soak = samples
    } finally {
      await close()
    }
    return result
  })
}
