import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining, runFigure } from './helpers'

test('switching to the grid world trains a tabular learner and shows the agent on the grid', async ({ page }) => {
  await page.goto('./')
  await page.getByLabel('Environment').selectOption({ label: 'Grid world' })
  await expect(page).toHaveURL(/env=gridworld/)
  await expect(page.getByRole('combobox', { name: 'Learner' })).toHaveValue('qlearning')
  await expect(page.getByRole('slider', { name: 'step' })).toHaveValue('1')
  await expect(page.getByRole('slider', { name: 'hazard' })).toBeVisible()

  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
  await expect(page.getByRole('img', { name: /Grid world.*agent at row \d+, column \d+/ })).toBeVisible()
  // The open room has no cliff, lava or hole: its legend lists no hazard line, weighted 100 as it is.
  const legend = page.getByRole('figure', { name: 'Learning curve' }).locator('.chart-legend')
  await expect(legend).toContainText('step (contribution)')
  await expect(legend).not.toContainText('hazard')
  // The learner reaches the goal: path efficiency over the last 20 episodes rises above zero.
  await expect
    .poll(() => runFigure(page, 'path efficiency (last 20)'), { timeout: 60_000 })
    .toBeGreaterThan(0.3)

  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Not started')
  await expect(page.getByText(/^No episodes yet\. Press Start/)).toBeVisible()
})

test('CliffWalking keeps Gymnasium’s default weights and trains', async ({ page }) => {
  await page.goto('./?env=cliffwalking')
  await expect(page.getByLabel('Environment')).toHaveValue('cliffwalking')
  await expect(page.getByRole('slider', { name: 'hazard' })).toHaveValue('100')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
})
