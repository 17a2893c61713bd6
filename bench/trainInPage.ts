import type { Browser } from 'playwright'
import { openApp } from './browserApp'
import { round } from './stats'

export const POLL_MS = 500
/** The wall clock may run this far past the cap (page load, backend start) before we give up. */
export const WALL_SLACK_S = 60

/** The status bar's figures in one frame, as pageProbe.js reads them; `watched` is the goal's figure. */
export interface Figures {
  steps: number | null
  episodes: number | null
  recentReturn: number | null
  timeSeconds: number | null
  watched: number | null
}
export interface ProbeState {
  startedAt: number
  status: string
  latest: Figures | null
  reached: Figures | null
  longTasks: [number, number][]
}

/** When a run counts as trained: a status-bar figure at least (or, `atMost`, at most) a threshold. */
export interface TrainGoal {
  /** The figure's name on the status bar, e.g. "Return (last 20)". */
  figure: string
  threshold: number
  atMost: boolean
  /** Finished episodes needed first, so that a "last 20" figure really averages 20. */
  minEpisodes: number
}

export interface BrowserRun {
  backendRequested: string
  backendUsed: string | null
  seed: number
  /** The app's Time and Steps figures in the first frame whose goal figure reached its threshold. */
  seconds: number | null
  steps: number | null
  /** Why the run ended: reached, cap, or the status the app showed (Error, Paused, Stopped). */
  stop: string
  last: Figures | null
  longestTaskMsTraining: number
  /** When that task began, in seconds after Start was clicked. */
  longestTaskAtSeconds: number | null
  longestTaskMsPageLoad: number
}

/**
 * Open the app with `query`, click Start and watch the status bar until `goal` is reached, the
 * app's Time passes `capSeconds`, or the app stops, pauses or fails. The app's own Time and Steps
 * figures in the first frame at the goal are the result; also the longest main-thread task.
 */
export async function trainInPage(
  browser: Browser,
  baseUrl: string,
  query: URLSearchParams,
  label: { backendRequested: string; seed: number },
  goal: TrainGoal,
  capSeconds: number,
): Promise<BrowserRun> {
  const { page, backendUsed, backendText, close } = await openApp(browser, baseUrl, query)
  try {
    const run: BrowserRun = { ...label, backendUsed, seconds: null, steps: null, stop: 'cap', last: null, longestTaskMsTraining: 0, longestTaskAtSeconds: null, longestTaskMsPageLoad: 0 }
    if (backendUsed === null || backendUsed === 'none') {
      run.stop = `no backend: ${backendText.trim()}`
      return run
    }

    await page.evaluate(`window.__benchWatch(${goal.threshold}, ${JSON.stringify(goal.figure)}, ${goal.atMost}, ${goal.minEpisodes})`)
    await page.getByRole('button', { name: 'Start', exact: true }).click()
    const wallStart = performance.now()
    let probe: ProbeState
    for (;;) {
      await page.waitForTimeout(POLL_MS)
      probe = (await page.evaluate('window.__benchRead()')) as ProbeState
      const wallSeconds = (performance.now() - wallStart) / 1000
      if (probe.reached) {
        run.seconds = probe.reached.timeSeconds
        run.steps = probe.reached.steps
        run.stop = 'reached'
        break
      }
      if (probe.status === 'Error' || probe.status === 'Paused' || probe.status === 'Stopped') {
        const alert = await page.getByRole('alert').first().textContent({ timeout: 1000 }).catch(() => null)
        run.stop = `the app showed ${probe.status}${alert ? `: ${alert}` : ''}`
        break
      }
      if ((probe.latest?.timeSeconds ?? 0) >= capSeconds || wallSeconds >= capSeconds + WALL_SLACK_S) {
        run.stop = `not reached within ${capSeconds} s`
        break
      }
    }
    run.last = probe.latest
    for (const [start, duration] of probe.longTasks) {
      if (start + duration >= probe.startedAt) {
        if (duration > run.longestTaskMsTraining) {
          run.longestTaskMsTraining = duration
          run.longestTaskAtSeconds = round((start - probe.startedAt) / 1000, 3)
        }
      } else run.longestTaskMsPageLoad = Math.max(run.longestTaskMsPageLoad, duration)
    }
    return run
  } finally {
    await close()
  }
}
