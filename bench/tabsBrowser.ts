import type { Page } from 'playwright'
import { newAppContext, openApp, runFigureText, withBuiltApp } from './browserApp'
import { emptyResult, type SectionResult } from './results'
import { progress, round } from './stats'

/** Tabs of the app training at once in one browser, as a student with several experiments open. */
const TABS = 5

interface ProbeState {
  startedAt: number
  status: string
  longTasks: [number, number][]
  clickedAt: number | null
  pausedAt: number | null
}

/**
 * Five tabs of one browser profile each training CartPole at once: the longest main-thread task in
 * each tab once all five train (and, apart, from the first Start, which includes the other tabs'
 * workers starting TensorFlow.js and building their networks), how many tabs had one over 200 ms,
 * and how long Pause takes to show in the first tab. Headless Chromium counts every page as
 * visible, so no tab gets the hidden page's slower frames: this is the worst case, every tab drawing.
 */
export async function benchTabsBrowser(quick: boolean): Promise<SectionResult> {
  const trainSeconds = quick ? 6 : 20
  return withBuiltApp(async (browser, baseUrl) => {
    const result = emptyResult()
    const context = await newAppContext(browser)
    const tabs = []
    for (let k = 0; k < TABS; k++) tabs.push(await openApp(browser, baseUrl, new URLSearchParams({ seed: String(k + 1) }), context))
    try {
      for (const { page } of tabs) {
        await page.evaluate('window.__benchWatch(Infinity)')
        await page.getByRole('button', { name: 'Start', exact: true }).click()
      }
      for (const { page } of tabs) await page.waitForFunction(`(window.__benchRead()?.status ?? '') === 'Training'`, undefined, { timeout: 60_000 })
      // Each page's own clock (their time origins differ): the moment all five train.
      const allTrainingAt = await Promise.all(tabs.map(({ page }) => page.evaluate('performance.now()') as Promise<number>))
      const stepsAtStart = await allSteps(tabs.map(({ page }) => page))
      const measuredFrom = performance.now()
      progress(`${TABS} tabs training for ${trainSeconds} s…`)
      await tabs[0].page.waitForTimeout(trainSeconds * 1000)
      // Σ_tabs Δsteps / Δt: what the five train together.
      const stepsPerSecond = ((await allSteps(tabs.map(({ page }) => page))) - stepsAtStart) / ((performance.now() - measuredFrom) / 1000)
      const first = tabs[0].page
      const pressedAt = performance.now()
      await first.getByRole('button', { name: 'Pause', exact: true }).click()
      await first.waitForFunction(`(window.__benchRead()?.status ?? '').startsWith('Paused')`, undefined, { timeout: 30_000 })
      const pauseMs = performance.now() - pressedAt
      const inPage = (await first.evaluate('window.__benchRead()')) as ProbeState
      const pauseInPageMs = inPage.clickedAt !== null && inPage.pausedAt !== null ? inPage.pausedAt - inPage.clickedAt : null
      const longest: number[] = []
      const longestFromStart: number[] = []
      for (const [k, { page }] of tabs.entries()) {
        const probe = (await page.evaluate('window.__benchRead()')) as ProbeState
        const longestSince = (from: number) => Math.max(0, ...probe.longTasks.filter(([start]) => start >= from).map(([, duration]) => duration))
        longest.push(longestSince(allTrainingAt[k]))
        longestFromStart.push(longestSince(probe.startedAt))
      }
      result.figures.tabs_5_longest_main_thread_task_ms = round(Math.max(...longest), 4)
      result.figures.tabs_5_tabs_with_task_over_50_ms = longest.filter((ms) => ms > 50).length
      result.figures.tabs_5_tabs_with_task_over_200_ms = longest.filter((ms) => ms > 200).length
      result.figures.tabs_5_longest_task_from_first_start_ms = round(Math.max(...longestFromStart), 4)
      result.figures.tabs_5_pause_shown_ms = round(pauseMs, 4)
      result.figures.tabs_5_steps_per_second_together = round(stepsPerSecond, 4)
      if (pauseInPageMs !== null) result.figures.tabs_5_pause_shown_in_page_ms = round(pauseInPageMs, 4)
      result.notes.tabs_5_longest_main_thread_task_ms = `${TABS} tabs of one browser profile training CartPole PPO at once for ${trainSeconds} s; the worst tab's longest task once all ${TABS} train (Long Tasks API: only tasks over 50 ms count; 0 means none); every tab visible (headless)`
      result.notes.tabs_5_longest_task_from_first_start_ms = 'the same from the first tab\'s Start: includes the other tabs\' workers starting up'
      result.notes.tabs_5_pause_shown_ms = 'from the click on Pause in the first tab until its status reads Paused, measured from outside the page (includes Playwright\'s round trips and its checks that the button is ready)'
      result.notes.tabs_5_steps_per_second_together = 'the environment steps all five tabs trained together per second while measured (their status bars\' Steps)'
      result.notes.tabs_5_pause_shown_in_page_ms = 'the same inside the page: from the click event to the status reading Paused'
      result.runs.tabs_5 = { longestPerTabMs: longest.map((ms) => round(ms, 4)), longestPerTabFromFirstStartMs: longestFromStart.map((ms) => round(ms, 4)), trainSeconds }
      return result
    } finally {
      for (const tab of tabs) await tab.close()
      await context.close()
    }
  })
}

/** The Steps figures of all the pages' status bars, summed. */
async function allSteps(pages: Page[]): Promise<number> {
  let total = 0
  for (const page of pages) total += Number(((await runFigureText(page, 'Steps')) ?? '0').replace(/,/g, '')) || 0
  return total
}
