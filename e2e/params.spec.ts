import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining } from './helpers'

test('environment parameters change the world, travel in the link, and refuse bad values', async ({ page }) => {
  await page.goto('./?env=gridworld')
  const map = page.getByLabel('map', { exact: true })
  await map.selectOption('cliff')
  await expect(page).toHaveURL(/p\.map=cliff/)
  await expect(page.getByText('Walk to the goal on a grid: CliffWalking')).toBeVisible()

  const limit = page.getByLabel('time limit', { exact: true })
  await limit.fill('-4')
  await limit.press('Enter')
  await expect(page.getByRole('alert')).toContainText('parameter "time_limit" of gridworld must be an integer from 0 to 100000, got -4; keeping 0')
  await expect(page).not.toHaveURL(/time_limit/)
  await limit.fill('50')
  await limit.press('Enter')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page).toHaveURL(/p\.time_limit=50/)

  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  // Changing a parameter mid-run stops the run: the old curves belong to another world.
  await map.selectOption('open')
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Not started')

  await page.reload()
  await expect(page.getByLabel('map', { exact: true })).toHaveValue('open')
  await expect(page.getByLabel('time limit', { exact: true })).toHaveValue('50')
})
