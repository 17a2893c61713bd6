import { expect, test } from '@playwright/test'
import { expectTraining, runFigure } from './helpers'

test('the grid view overlays the learner’s values, its greedy policy and the visit counts', async ({ page }) => {
  await page.goto('./?env=cliffwalking')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => runFigure(page, 'path efficiency (last 20)'), { timeout: 60_000 }).toBeGreaterThan(0.3)
  const overlays = page.getByRole('group', { name: 'Grid overlays' })
  await overlays.getByRole('checkbox', { name: 'Values' }).check()
  await overlays.getByRole('checkbox', { name: 'Policy' }).focus()
  await page.keyboard.press('Space')
  await overlays.getByRole('checkbox', { name: 'Visits' }).check()
  await expect(page.getByRole('img', { name: /CliffWalking: .*; overlays: values, policy, visits/ })).toBeVisible()
  await overlays.getByRole('checkbox', { name: 'Values' }).uncheck()
  await expect(page.getByRole('img', { name: /; overlays: policy, visits$/ })).toBeVisible()
  // The credit timeline's data on the grid: the latest episode's return-to-go on each cell it visited.
  await overlays.getByRole('checkbox', { name: 'Episode credit' }).check()
  await expect(page.getByRole('img', { name: /; overlays: policy, visits, episode$/ })).toBeVisible()
})

test('with potential-based shaping, the grid view can draw the potential Φ', async ({ page }) => {
  await page.goto('./?env=gridworld&p.map=fourrooms')
  await page.getByRole('combobox', { name: 'Shaping potential' }).selectOption('distance')
  await page.getByRole('button', { name: 'Add shaping' }).click()
  const overlays = page.getByRole('group', { name: 'Grid overlays' })
  await overlays.getByRole('checkbox', { name: 'Φ distance' }).check()
  await expect(page.getByRole('img', { name: /Grid world: .*; overlays: potential$/ })).toBeVisible()
})
