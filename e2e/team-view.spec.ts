import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

test('the team view shows each agent’s effort and its credit under every method', async ({ page }) => {
  await page.goto('./?env=coop')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Team', exact: true }).click()
  const table = page.getByRole('table', { name: /Mean per round over the last \d+ recorded team rounds/ })
  await expect(table).toBeVisible({ timeout: 60_000 })
  for (const header of ['effort', 'shared v(N)', 'equal v(N)/n', 'difference', 'Shapley', 'local']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  // four agents by default, one row each
  await expect(table.getByRole('rowheader')).toHaveText(['0', '1', '2', '3'])
  // the effort history gains a point per step record (about one a second)
  await expect(page.getByRole('status', { name: 'Effort over time' })).toContainText(/agent 0 from \d\.\d\d to \d\.\d\d, .*agent 3 from/, { timeout: 30_000 })
})
