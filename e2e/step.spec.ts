import { expect, test } from '@playwright/test'
import { runFigure } from './helpers'

test('Step by keyboard trains one update at a time and leaves the run paused', async ({ page }) => {
  await page.goto('./?backend=wasm')
  const step = page.getByRole('button', { name: 'Step (one update)' })
  await expect(step).toHaveAttribute('title', /one update/)
  const status = page.getByRole('status', { name: 'Run status' })
  await step.focus()
  // From no run: a fresh one, paused after its first update.
  await page.keyboard.press('Enter')
  await expect.poll(() => runFigure(page, 'Updates'), { timeout: 30_000 }).toBe(1)
  await expect(status).toHaveText('Paused')
  expect(await runFigure(page, 'Updates')).toBe(1)
  await expect(step).not.toHaveAttribute('aria-disabled', 'true')
  // Again from the pause: exactly one more, paused again, and no more after it.
  await page.keyboard.press('Enter')
  await expect.poll(() => runFigure(page, 'Updates')).toBe(2)
  await expect(status).toHaveText('Paused')
  await page.waitForTimeout(300)
  expect(await runFigure(page, 'Updates')).toBe(2)
})
