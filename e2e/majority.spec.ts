import { expect, test } from '@playwright/test'
import { envSteps, expectTraining } from './helpers'

test('the token task’s majority vote has its slider, is kept in the link and drawn on the learning curve as its own contribution', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const majority = page.getByRole('slider', { name: 'majority' })
  await expect(majority).toHaveValue('0')
  await majority.focus()
  await page.keyboard.press('End')
  await expect(majority).toHaveValue('2')
  await expect(page).toHaveURL(/w\.majority=2/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('figure', { name: 'Learning curve' })).toContainText('majority (contribution)', { timeout: 60_000 })
  await page.reload()
  await expect(page.getByRole('slider', { name: 'majority' })).toHaveValue('2')
})
