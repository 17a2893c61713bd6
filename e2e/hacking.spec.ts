import { expect, test } from '@playwright/test'
import { expectTraining, runFigure } from './helpers'

test('a coin weight that makes looping pay more than the goal is flagged as reward hacking', async ({ page }) => {
  await page.goto('./?env=gridworld&p.map=coinloop')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  // First the agent learns to walk to the goal with the default weights.
  await expect.poll(() => runFigure(page, 'path efficiency (last 20)'), { timeout: 60_000 }).toBeGreaterThan(0.5)
  await expect(page.getByText(/Reward hacking\?/)).toHaveCount(0)
  // Then the coin is made worth far more than its trouble: the agent loops over it, the goal is abandoned.
  const coin = page.getByRole('slider', { name: 'coin' })
  await coin.focus()
  await page.keyboard.press('End')
  await expect(coin).toHaveValue('10')
  await expect(page.getByRole('alert').filter({ hasText: 'Reward hacking?' })).toContainText('path efficiency moved the wrong way', { timeout: 60_000 })
})
