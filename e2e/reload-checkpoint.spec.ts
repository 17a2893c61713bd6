import { expect, test } from '@playwright/test'
import { curvePoints, envSteps, expectTraining } from './helpers'

const NAME = 'CliffWalking · qlearning · seed 1'

test('a reload mid-run keeps the run up to the last frame the page drew, not the last timed checkpoint', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=1')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(5)
  // The page has drawn at least this many steps when the reload begins.
  const shown = await envSteps(page)
  await page.reload()
  const panel = page.getByRole('region', { name: 'Saved runs' })
  await panel.locator('summary').click()
  const row = page.getByRole('table', { name: 'Saved runs, newest first' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: NAME }) })
  const cells = await row.getByRole('cell').allTextContents()
  expect(Number(cells[3].replaceAll(',', ''))).toBeGreaterThanOrEqual(shown)
  // Nothing trains it now: it is kept, cut off where the page closed.
  expect(cells[6]).toBe('cut off (kept to its last checkpoint)')
})
