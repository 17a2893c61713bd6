import type { Page } from 'playwright'
import { openApp, withBuiltApp } from './browserApp'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round } from './stats'

/** The size: 10,000 pairs labelled by the simulated labeler, 20 % held out (the panel's default). */
const PAIRS = 10_000

/** "…fitted in 0.12 s on 8000 pairs…": the seconds the fit took inside its worker, as the panel says. */
const FITTED = /fitted in ([\d.]+) s on (\d+) pairs/

/**
 * `reward_model_fit_10k_pairs_seconds_browser_linear` and `…_mlp`: in the built app on the token
 * task, the Label pairs panel's simulated labeler labels 10,000 pairs (start policy, temperature 1,
 * no bias), then the panel fits a linear model and a one-member MLP on them, each in a worker of
 * its own. The figure is the fit's own time inside that worker, as the panel shows it; the wall
 * time from the click on Fit to the result (worker start-up included) is reported beside it.
 * Median over repeats.
 */
export async function benchRewardModelBrowser(quick: boolean): Promise<SectionResult> {
  const repeats = quick ? 1 : 3
  return withBuiltApp(async (browser, baseUrl) => {
    const result = emptyResult()
    const app = await openApp(browser, baseUrl, new URLSearchParams({ env: 'tokenseq', seed: '1' }))
    try {
      const { page } = app
      await page.getByRole('button', { name: 'Label pairs' }).click()
      const labelling = performance.now()
      await page.getByLabel('Pairs', { exact: true }).fill(String(PAIRS))
      await page.getByRole('button', { name: 'Simulated labeler' }).click()
      await page.getByRole('status', { name: 'Labelled pairs' }).filter({ hasText: new RegExp(`^${PAIRS.toLocaleString('en-US')}|^${PAIRS} labelled`) }).waitFor({ timeout: 120_000 })
      const labelSeconds = (performance.now() - labelling) / 1000
      progress(`labelled ${PAIRS} pairs in ${labelSeconds.toFixed(1)} s`)
      for (const kind of ['linear', 'mlp'] as const) {
        const inWorker: number[] = []
        const wall: number[] = []
        for (let repeat = 0; repeat < repeats; repeat++) {
          const fit = await fitOnce(page, kind)
          inWorker.push(fit.seconds)
          wall.push(fit.wallSeconds)
          progress(`${kind} fit on ${fit.pairs} pairs: ${fit.seconds} s in the worker, ${fit.wallSeconds.toFixed(2)} s from the click`)
        }
        const figure = `reward_model_fit_10k_pairs_seconds_browser_${kind}`
        result.figures[figure] = median(inWorker)
        result.figures[`${figure}_wall`] = round(median(wall) ?? 0, 3)
        result.notes[figure] =
          `${kind === 'mlp' ? 'one-member MLP [15, 32, 32, 1], 20 epochs of minibatches of 512' : 'linear, Newton to a gradient norm below 1e-10'} on ${PAIRS} simulated pairs, 20 % held out; ` +
          `the fit's own seconds in its worker as the panel shows them, median of ${repeats}; _wall from the click on Fit to the result, worker start-up included; target under 2 s`
      }
      result.figures.reward_model_label_10k_pairs_seconds_browser = round(labelSeconds, 3)
      return result
    } finally {
      await app.close()
    }
  })
}

async function fitOnce(page: Page, kind: 'linear' | 'mlp'): Promise<{ seconds: number; pairs: number; wallSeconds: number }> {
  await page.getByRole('combobox', { name: 'Model' }).selectOption(kind)
  const accuracy = page.getByRole('status', { name: 'Fit accuracy' })
  // Remember the result on show (if any) as a node, not as its text: a repeat of the same fit may
  // read exactly as the one before ("fitted in 0.11 s", the same accuracies), and waiting for the
  // text to change then waits forever. The panel replaces the result's node for every fit (it
  // shows the fit's progress in between).
  await page.evaluate(() => {
    ;(window as unknown as { __benchFitBefore: Element | null }).__benchFitBefore = document.querySelector('[aria-label="Fit accuracy"]')
  })
  const clicked = performance.now()
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await page.waitForFunction(
    (pattern) => {
      const shown = document.querySelector('[aria-label="Fit accuracy"]')
      const before = (window as unknown as { __benchFitBefore: Element | null }).__benchFitBefore
      return shown !== null && shown !== before && new RegExp(pattern).test(shown.textContent ?? '')
    },
    `^${kind} model, fitted in`,
    { timeout: 120_000 },
  )
  const wallSeconds = (performance.now() - clicked) / 1000
  const match = FITTED.exec((await accuracy.textContent()) ?? '')
  if (match === null) throw new Error(`the fit's result did not say how long it took: "${await accuracy.textContent()}"`)
  return { seconds: Number(match[1]), pairs: Number(match[2]), wallSeconds }
}
