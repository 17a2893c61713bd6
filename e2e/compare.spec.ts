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
  // Each pin has its own line style, and the legend draws each as the chart does.
  const legend = page.getByRole('list', { name: 'Curves of the pinned runs' })
  const pinStyles = []
  for (const name of ['#1 CliffWalking, qlearning, seed 1', '#2 CliffWalking, qlearning, seed 2']) {
    const icon = legend.getByRole('listitem').filter({ hasText: name }).locator('line')
    pinStyles.push(`${await icon.getAttribute('stroke')} ${await icon.getAttribute('stroke-dasharray')}`)
  }
  expect(new Set(pinStyles).size).toBe(2)
  const chartLines = page.locator('.compare-charts .pin-line path.recharts-line-curve')
  await expect(chartLines).toHaveCount(2)
  const chartStyles = await chartLines.evaluateAll((paths) => paths.map((path) => `${path.getAttribute('stroke')} ${path.getAttribute('stroke-dasharray')}`))
  expect(chartStyles.sort()).toEqual([...pinStyles].sort())
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
  // The pins are kept: after a reload the same runs, names and group come back.
  await page.getByRole('button', { name: 'Rename #1 CliffWalking, qlearning, seed 1' }).click()
  await page.getByRole('textbox', { name: 'New name for #1 CliffWalking, qlearning, seed 1' }).fill('first seed')
  await page.keyboard.press('Enter')
  await expect(table.getByRole('rowheader')).toHaveText(['#1 first seed', '#2 CliffWalking, qlearning, seed 2'])
  await page.reload()
  const compare = page.getByRole('button', { name: 'Compare (2)' })
  await expect(compare).toBeVisible()
  if ((await compare.getAttribute('aria-pressed')) !== 'true') await compare.click()
  await expect(table.getByRole('rowheader')).toHaveText(['#1 first seed', '#2 CliffWalking, qlearning, seed 2'])
  await expect(page.getByText('CliffWalking, qlearning: mean of 2 seeds')).toBeVisible()
  await page.getByRole('button', { name: 'Rename #1 first seed' }).click()
  await page.getByRole('textbox', { name: 'New name for #1 first seed' }).fill('')
  await page.keyboard.press('Enter')
  await page.getByRole('combobox', { name: 'scatter x' }).selectOption('length')
  await page.getByRole('button', { name: 'Unpin #1 CliffWalking, qlearning, seed 1' }).click()
  await expect(table.getByRole('rowheader')).toHaveText(['#2 CliffWalking, qlearning, seed 2'])
  await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeVisible()
})
