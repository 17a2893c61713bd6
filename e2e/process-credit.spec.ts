import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

test('under process supervision the token task’s credit shows each answer twice: the outcome’s credit and the process’s, token by token', async ({ page }) => {
  await page.goto('./?env=tokenseq&l=grpo&l.estimator.baseline=process')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  const rows = page.getByRole('list', { name: 'Credit per token, outcome and process' }).getByRole('listitem')
  // A group of 8 answers, two rows each.
  await expect(rows).toHaveCount(16, { timeout: 60_000 })
  await expect(page.getByRole('listitem', { name: 'answer 1, outcome credit' })).toContainText(/^1\. outcome/)
  await expect(page.getByRole('listitem', { name: 'answer 1, process credit' })).toContainText(/process/)
})
