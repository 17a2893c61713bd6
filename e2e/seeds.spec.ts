import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

test('several seeds train at once: each seed and their spread are shown, and pinning keeps every seed', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=3')
  const cores = await page.evaluate(() => navigator.hardwareConcurrency)
  const seeds = page.getByRole('combobox', { name: 'Seeds at once' })
  if (cores < 2) {
    // One core: one seed at a time, and the field says why.
    await expect(seeds).toBeDisabled()
    await expect(page.getByText("up to 1, this machine's cores")).toBeVisible()
    return
  }
  await seeds.selectOption('2')
  await expect(page).toHaveURL(/seeds=2/)
  await expect(page.getByText('Seeds 3, 4 from the next Start')).toBeVisible()
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  const spread = page.getByRole('figure', { name: 'Seeds at once' })
  // Both seeds report their own recent return once they have finished 20 episodes.
  await expect(spread.locator('figcaption')).toContainText(/2 seeds: return \(last 20\) -?[\d.]+ ± [\d.]+ \(seed 3 -?[\d.]+, seed 4 -?[\d.]+\)/, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  await page.getByRole('button', { name: 'Pin run' }).click()
  await page.getByRole('button', { name: 'Compare (2)' }).click()
  const table = page.getByRole('table', { name: 'Pinned runs and their final figures' })
  await expect(table.getByRole('rowheader')).toHaveText(['#1 CliffWalking, qlearning, seed 3', '#2 CliffWalking, qlearning, seed 4'])

  // The count survives a reload through the link; a bad count in a link is named and ignored.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Seeds at once' })).toHaveValue('2')
  await page.goto('./?env=cliffwalking&seeds=99')
  await expect(page.getByText(/seeds at once "99" \(accepted: a whole number from 1 to \d+/)).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Seeds at once' })).toHaveValue('1')
})
