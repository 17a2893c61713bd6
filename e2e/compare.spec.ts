import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining } from './helpers'

test('pinned runs of two seeds are compared: curves, the spread over seeds, and their final figures', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=1')
  const pin = page.getByRole('button', { name: 'Pin run' })
  await expect(pin).toBeDisabled()
  for (const seed of ['1', '2']) {
    await page.getByLabel('Seed', { exact: true }).fill(seed)
    await page.getByRole('button', { name: 'Start' }).click()
    await expectTraining(page)
    await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(5)
    await page.getByRole('button', { name: 'Pause' }).click()
    await pin.click()
    await page.getByRole('button', { name: 'Reset' }).click()
  }
  await page.getByRole('button', { name: 'Compare (2)' }).click()
  const table = page.getByRole('table', { name: 'Pinned runs and their final figures' })
  await expect(table.getByRole('rowheader')).toHaveText(['#1 CliffWalking, qlearning, seed 1', '#2 CliffWalking, qlearning, seed 2'])
  // The group of seeds is named by its design: one legend entry says which design it averages.
  await expect(page.getByText('CliffWalking, qlearning: mean of 2 seeds')).toBeVisible()
  // Rename by keyboard: Enter saves; an empty name goes back to the automatic one.
  await page.getByRole('button', { name: 'Rename #2 CliffWalking, qlearning, seed 2' }).click()
  await page.getByRole('textbox', { name: 'New name for #2 CliffWalking, qlearning, seed 2' }).fill('the second seed')
  await page.keyboard.press('Enter')
  await expect(table.getByRole('rowheader')).toHaveText(['#1 CliffWalking, qlearning, seed 1', '#2 the second seed'])
  await expect(page.getByRole('button', { name: 'Rename #2 the second seed' })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.getByRole('textbox', { name: 'New name for #2 the second seed' }).fill('')
  await page.keyboard.press('Enter')
  await expect(table.getByRole('rowheader')).toHaveText(['#1 CliffWalking, qlearning, seed 1', '#2 CliffWalking, qlearning, seed 2'])
  await page.getByRole('combobox', { name: 'scatter x' }).selectOption('length')
  await page.getByRole('button', { name: 'Unpin #1 CliffWalking, qlearning, seed 1' }).click()
  await expect(table.getByRole('rowheader')).toHaveText(['#2 CliffWalking, qlearning, seed 2'])
  await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeVisible()
})
