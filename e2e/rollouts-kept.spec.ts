import { expect, test } from '@playwright/test'

/*
 * Rollout files kept in the browser: the example opened once is kept without asking (the panel
 * says so), listed in Saved runs after a reload, opened from there by keyboard into the panel with
 * the views it had under the link's design (the link carries the design, never the data), and
 * deleted (with Undo).
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
})

test('keeps an opened rollout file, lists it after a reload, opens it from Saved runs with its views, and deletes it', async ({ page }) => {
  // A link with a design of its own: format weighs 0.5, so it takes a share of the credit.
  await page.goto('./?env=tokenseq&seed=1&rollouts=weights=score:1,format:0.5')
  const panel = page.getByRole('region', { name: 'Your rollouts' })
  await panel.getByRole('button', { name: 'Open the example' }).click()
  await expect(panel.getByLabel('Rollouts opened')).toContainText('768 completions, 6 steps')
  await expect(panel.getByLabel('Rollouts kept')).toHaveText('Kept in this browser; the file never leaves it and the link carries only the design.')
  const formatShare = panel.getByLabel('format share of the credit')
  await expect(formatShare).not.toHaveText('0%')
  const share = await formatShare.textContent()
  const shares = await panel.getByLabel('Advantage shares').textContent()

  await page.reload()
  await expect(panel.getByLabel('Rollouts opened')).toHaveCount(0)
  await page.getByRole('region', { name: 'Saved runs' }).locator('summary').click()
  const files = page.getByRole('region', { name: 'Rollout files' })
  const row = files.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '6 step files', exact: true }) })
  await expect(row.getByRole('cell')).toHaveText(['768', '6', /^\d+ kB$/, /\d{4}/, 'OpenDelete'])

  // Opened by keyboard: the panel takes the focus and shows the views it had, under the link's design.
  await row.getByRole('button', { name: 'Open the rollout file 6 step files' }).focus()
  await page.keyboard.press('Enter')
  await expect(panel).toBeFocused()
  await expect(panel.getByLabel('Rollouts opened')).toContainText('768 completions, 6 steps, 6 reward components (verl), opened from this browser in')
  await expect(formatShare).toHaveText(share ?? '')
  await expect(panel.getByLabel('Advantage shares')).toHaveText(shares ?? '')

  // Deleted, undone with Enter (Undo takes the focus), deleted again.
  await row.getByRole('button', { name: 'Delete the rollout file 6 step files' }).click()
  await expect(files.getByRole('status')).toHaveText('Deleted "6 step files". Undo')
  await expect(row).toHaveCount(0)
  await expect(files.getByRole('button', { name: 'Undo' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Delete the rollout file 6 step files' }).click()
  await expect(files.getByText('No rollout files kept yet')).toBeVisible()
})
