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

test('the seeds of a seeds-at-once run are saved as one group: after a reload they are listed together and pinned as one band', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=3&seeds=2')
  test.skip((await page.evaluate(() => navigator.hardwareConcurrency)) < 2, 'one core trains one seed at a time')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  const spread = page.getByRole('figure', { name: 'Seeds at once' })
  await expect(spread.locator('figcaption')).toContainText(/2 seeds: return \(last 20\)/, { timeout: 60_000 })
  const panel = page.getByRole('region', { name: 'Saved runs' })
  const table = page.getByRole('table', { name: 'Saved runs, newest first' })
  const row = (seed: number) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^CliffWalking · qlearning · seed ${seed}`) }) })
  // The extra seed trains with the live run: it is saved as training, not as cut off.
  await panel.locator('summary').click()
  await expect(row(4).getByRole('cell').nth(6)).toHaveText('training')
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')

  await page.reload()
  await expect(page.getByRole('button', { name: 'Compare (0)' })).toBeVisible()
  await panel.locator('summary').click()
  await expect(row(3).getByRole('cell').nth(2)).toHaveText('3 of 3, 4 at once')
  await expect(row(4).getByRole('cell').nth(2)).toHaveText('4 of 3, 4 at once')
  await expect(row(4).getByRole('cell').nth(6)).toHaveText('paused')
  const pinBoth = page.getByRole('button', { name: 'Pin all 2 seeds of CliffWalking · qlearning · seed 3 for comparison' })
  await expect(pinBoth).toHaveAttribute('aria-pressed', 'false')
  await pinBoth.click()
  await expect(pinBoth).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: 'Pin CliffWalking · qlearning · seed 4 for comparison' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Compare (2)' }).click()
  await expect(page.getByRole('table', { name: 'Pinned runs and their final figures' }).getByRole('rowheader')).toHaveCount(2)
  await expect(page.getByText(/mean of 2 seeds/).first()).toBeVisible()
  // Pressed again, the pair is unpinned together.
  await pinBoth.click()
  await expect(page.getByRole('button', { name: 'Compare (0)' })).toBeVisible()
})
