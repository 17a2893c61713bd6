import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining } from './helpers'

test('the learning curve switches between steps and wall time, and smooths on request', async ({ page }) => {
  await page.goto('./?env=cliffwalking')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(5)
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  await curve.getByLabel('x', { exact: true }).selectOption('wallSeconds')
  await expect(curve.getByText(/^\d+ s$/).first()).toBeVisible()
  const smoothing = curve.getByRole('slider', { name: 'smoothing' })
  await smoothing.focus()
  for (let i = 0; i < 18; i++) await page.keyboard.press('ArrowRight')
  await expect(smoothing).toHaveValue('0.9')
  await curve.getByLabel('x', { exact: true }).selectOption('envSteps')
  await expect(curve.getByText(/^\d+(\.\d)?[kM]$/).first()).toBeVisible()
})
