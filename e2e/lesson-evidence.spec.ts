import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import type { EvidenceFile } from '../src/lessons/evidenceSchema'
import { envSteps, runFigure } from './helpers'

/*
 * The lesson card shows what its check measured (src/lessons/evidence.json), and, once the student
 * has trained a variant, their own run's figure beside the measured one.
 */

const TITLE = 'The coin loop'
const evidence = JSON.parse(readFileSync(new URL('../src/lessons/evidence.json', import.meta.url), 'utf8')) as EvidenceFile
const coin = evidence.lessons['coin-loop']
const goalOnly = coin.variants.find((variant) => variant.index === 0)!.figures.objective

function card(page: Page) {
  return page.getByRole('region', { name: `Lesson ${TITLE}` })
}

async function openCoinLoop(page: Page): Promise<void> {
  await page.goto('./')
  await page.getByRole('button', { name: 'Lessons' }).click()
  await page.getByRole('dialog', { name: 'Lessons' }).getByRole('button', { name: TITLE, exact: true }).click()
  await expect(card(page)).toBeVisible()
}

test('a lesson card charts the measured evidence of each claim: the numbers in the chart’s label and on the card, the verdict, the seeds and the date', async ({ page }) => {
  await openCoinLoop(page)
  const measured = `${goalOnly.mean!.toFixed(2)} ± ${goalOnly.std!.toFixed(2)}`
  // The first claim: goal only, path efficiency at least 0.5.
  const chart = page.getByRole('img', { name: new RegExp(`^path efficiency \\(last 20\\), mean ± standard deviation over 5 seeds\\. Goal only \\(coin 0\\): ${measured.replaceAll('.', '\\.')}; bound: at least 0\\.50\\. The claim held \\(on 5 of 5 seeds\\)\\.$`) })
  await expect(card(page).locator(chart)).toBeVisible()
  const claim = card(page).getByRole('figure').filter({ has: chart })
  await expect(claim).toContainText('Held With the goal only, the agent learns to walk to the goal')
  await expect(claim).toContainText(`Goal only (coin 0): ${measured}`)
  await expect(claim).toContainText('Held on 5 of 5 seeds')
  // Every claim of the lesson has its chart.
  await expect(card(page).getByRole('img', { name: /mean ± standard deviation over 5 seeds/ })).toHaveCount(coin.claims.length)
  await expect(card(page)).toContainText(/Measured over 5 seeds, \d{1,2} [A-Z][a-z]{2} \d{4} \(20,000 steps per run/)
  // Big enough to read from the back of a room: the chart spans the card.
  const box = await chart.boundingBox()
  expect(box!.width).toBeGreaterThan(250)
})

test('after training a variant the card shows the student’s own figure beside the measured one', async ({ page }) => {
  await openCoinLoop(page)
  await expect(card(page).getByText(/your run/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Start' }).click()
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  // The variant trains to the lesson's budget and stops there, as its evidence was measured, and offers to go on.
  const status = page.getByRole('status', { name: 'Run status' })
  await expect(status).toHaveText('Stopped at the lesson’s 20,000 steps', { timeout: 90_000 })
  await expect(page.getByRole('button', { name: 'Keep training' })).toBeVisible()
  // The worker pauses at the first update boundary at or past the budget, its frame there sent first: the run stays where it stopped.
  // This variant's Q-learning updates every 200 steps, so that boundary is the budget itself.
  await page.waitForTimeout(1000)
  const stoppedAt = await envSteps(page)
  expect(stoppedAt).toBe(20_000)
  await page.waitForTimeout(1000)
  expect(await envSteps(page)).toBe(stoppedAt)
  const yours = (await runFigure(page, 'path efficiency (last 20)')).toFixed(2)
  const measured = `${goalOnly.mean!.toFixed(2)} ± ${goalOnly.std!.toFixed(2)}`
  await expect(card(page).getByText(`Goal only (coin 0), your run: ${yours} at ${stoppedAt.toLocaleString('en-US')} steps · measured: ${measured} over 5 seeds at 20,000 steps`).first()).toBeVisible()
  // The chart says it too.
  await expect(card(page).getByRole('img', { name: new RegExp(`Goal only \\(coin 0\\): [^;]+, your run ${yours.replaceAll('.', '\\.')}`) }).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/lesson-evidence.png', fullPage: true })

  // Keep training goes on past the budget, and the run is not stopped again.
  await page.getByRole('button', { name: 'Keep training' }).click()
  await expect(status).toHaveText('Training')
  await expect(page.getByRole('button', { name: 'Keep training' })).toHaveCount(0)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(stoppedAt + 2_000)
  await expect(status).toHaveText('Training')

  // Another variant starts a fresh run of its own design: the goal-only figure goes, and once
  // episodes finish the figure is the coin run's.
  await card(page).getByRole('button', { name: 'Coin worth 10', exact: true }).click()
  await expect(card(page).getByText(/Goal only \(coin 0\), your run/)).toHaveCount(0)
  await expect(card(page).getByText(/Coin worth 10, your run/).first()).toBeVisible({ timeout: 60_000 })
})

test('the best-of-n lesson’s card shows figures read from best-of-n beside the GRPO run’s, each with its measured number', async ({ page }) => {
  const bestOfN = evidence.lessons['best-of-n']
  const figures = bestOfN.variants.find((variant) => variant.index === 0)!.figures
  const title = 'Best-of-n: over-optimising without training'
  await page.goto('./')
  await page.getByRole('button', { name: 'Lessons' }).click()
  await page.getByRole('dialog', { name: 'Lessons' }).getByRole('button', { name: title, exact: true }).click()
  const lesson = page.getByRole('region', { name: `Lesson ${title}` })
  await expect(lesson).toBeVisible()
  await expect(lesson.getByRole('img', { name: /mean ± standard deviation over 5 seeds/ })).toHaveCount(bestOfN.claims.length)
  const fall = figures.bestOfNGoldFall!
  const fallClaim = lesson.getByRole('figure').filter({ hasText: 'Best-of-n: correct’s fall from its peak to n = 1024, mean ± std over the seeds' })
  await expect(fallClaim).toContainText(`Against the reward model, no KL penalty: ${fall.mean!.toFixed(2)} ± ${fall.std!.toFixed(2)}`)
  const grpo = figures.goldPeakSqrtKl!
  const grpoClaim = lesson.getByRole('figure').filter({ hasText: '√KL where correct peaked (per answer), mean ± std over the seeds' })
  await expect(grpoClaim).toContainText(`Against the reward model, no KL penalty: ${grpo.mean!.toFixed(2)} ± ${grpo.std!.toFixed(2)}`)
})
