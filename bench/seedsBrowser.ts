import type { Browser, Page } from 'playwright'
import { openApp, runFigureText } from './browserApp'
import { progress, round } from './stats'

/** Seconds of training measured after a warm-up, in samples a second apart. */
const WARM_UP_S = 5

/**
 * Steps per second of all seeds together with `count` seeds at once (CartPole, the app's default
 * PPO): the mean over `seconds` one-second samples of the app's own figures, after a warm-up;
 * and the backend the app chose.
 */
export async function seedsThroughput(browser: Browser, baseUrl: string, count: number, seconds: number): Promise<{ stepsPerSecond: number | null; backendUsed: string | null }> {
  const query = new URLSearchParams({ env: 'cartpole', ...(count > 1 ? { seeds: String(count) } : {}) })
  const { page, backendUsed, close } = await openApp(browser, baseUrl, query)
  try {
    if (backendUsed === null || backendUsed === 'none') return { stepsPerSecond: null, backendUsed }
    await page.getByRole('button', { name: 'Start', exact: true }).click()
    await page.waitForTimeout(WARM_UP_S * 1000)
    const samples: number[] = []
    for (let k = 0; k < seconds; k++) {
      await page.waitForTimeout(1000)
      const value = await stepsPerSecond(page, count)
      if (value !== null) samples.push(value)
    }
    // mean = (1/S) Σ_s rate_s
    const mean = samples.length > 0 ? samples.reduce((sum, value) => sum + value, 0) / samples.length : null
    progress(`${count} seed(s) at once: ${mean === null ? 'no figures' : `${Math.round(mean)} steps/s together`}`)
    return { stepsPerSecond: mean === null ? null : round(mean, 4), backendUsed }
  } finally {
    await close()
  }
}

/** One seed: the status bar's Steps/s; several: the seed spread's "together N steps/s". */
async function stepsPerSecond(page: Page, count: number): Promise<number | null> {
  const text =
    count === 1
      ? await runFigureText(page, 'Steps/s')
      : /together ([\d,]+) steps\/s/.exec((await page.getByRole('figure', { name: 'Seeds at once' }).locator('figcaption').textContent()) ?? '')?.[1]
  const value = Number((text ?? '').replaceAll(',', ''))
  return text && Number.isFinite(value) ? value : null
}
