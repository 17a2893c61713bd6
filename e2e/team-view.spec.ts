import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

test('the team view shows each agent’s effort and its credit under every method', async ({ page }) => {
  await page.goto('./?env=coop')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Team' }).click()
  const table = page.getByRole('table', { name: /Mean per round over the last \d+ recorded team rounds/ })
  await expect(table).toBeVisible({ timeout: 60_000 })
  for (const header of ['effort', 'shared v(N)', 'equal v(N)/n', 'difference', 'Shapley', 'local']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  // four agents by default, one row each
  await expect(table.getByRole('rowheader')).toHaveText(['0', '1', '2', '3'])
})
