import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining } from './helpers'

test('DPO on the labelled pairs beside RLHF on a reward model fitted to the same pairs, pinned and compared', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=tokenseq&seed=3')
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await page.getByLabel('Pairs', { exact: true }).fill('200')
  await page.getByLabel('Length bias (per token)').fill('0.1')
  await page.getByRole('button', { name: 'Simulated labeler' }).click()
  const counter = page.getByRole('status', { name: 'Labelled pairs' })
  await expect(counter).toHaveText(/^200 labelled/, { timeout: 60_000 })

  // RLHF: a reward model fitted to the pairs, trained against as rm by GRPO.
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Fit accuracy' })).toContainText(/^linear model, fitted in/)
  await page.getByRole('button', { name: 'Use as reward' }).click()
  await expect(page.getByRole('slider', { name: 'rm', exact: true })).toHaveValue('1')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
  await page.getByRole('button', { name: 'Pause' }).click()
  const pin = page.getByRole('button', { name: 'Pin run' })
  await pin.click()

  // DPO on the same pairs: the learner becomes DPO with them as its set, and a run starts.
  await page.getByRole('button', { name: 'Train DPO on these pairs' }).click()
  await expect(page.getByRole('alert', { name: 'Labels message' })).toContainText(/^Training DPO on 200 labelled pairs/)
  await expect(page.getByRole('combobox', { name: 'Learner' })).toHaveValue('dpo')
  await expect(page.getByRole('status', { name: 'DPO preference set' })).toContainText('Trains on 200 labelled pairs (Label pairs).')
  // A recipe's fields are not shown for a labelled set.
  await expect(page.getByLabel('pairs drawn')).toHaveCount(0)
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
  await expect(page.getByRole('figure', { name: 'Learning curve' })).toContainText('rm (contribution)')
  await page.getByRole('button', { name: 'Pause' }).click()
  await pin.click()

  await page.getByRole('button', { name: 'Compare (2)' }).click()
  const table = page.getByRole('table', { name: 'Pinned runs and their final figures' })
  await expect(table.getByRole('rowheader')).toHaveText(['#1 Token sequences, grpo, seed 3', '#2 Token sequences, dpo, seed 3'])
  // Gold against steps: the true objective's curves of both runs on one chart.
  await page.getByRole('combobox', { name: 'curves', exact: true }).selectOption('objective')
  await expect(page.getByRole('combobox', { name: 'curves', exact: true })).toHaveValue('objective')
  await expect(page.getByRole('list', { name: 'Curves of the pinned runs' })).toContainText('#2 Token sequences, dpo, seed 3')
})
