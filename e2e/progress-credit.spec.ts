import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

test('PAV’s progress is picked in the Learner panel on the token task, and the credit per token shows each answer’s outcome, progress and total', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const prover = page.getByRole('combobox', { name: 'PAV progress prover' })
  const weight = page.getByRole('textbox', { name: 'PAV progress weight α' })
  // Off by default, with no weight to set.
  await expect(prover).toHaveValue('off')
  await expect(weight).toHaveCount(0)
  await prover.selectOption('start')
  await expect(page).toHaveURL(/l\.progress\.prover=start/)
  await expect(weight).toHaveValue('1')
  // Off again removes it whole, weight and all.
  await prover.selectOption('off')
  await expect(weight).toHaveCount(0)
  await expect(page).not.toHaveURL(/progress/)
  await prover.selectOption('current')
  await weight.fill('2')
  await weight.press('Enter')
  await expect(page).toHaveURL(/l\.progress\.weight=2/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  const rows = page.getByRole('list', { name: 'Credit per token, outcome, progress and total' }).getByRole('listitem')
  // A group of 8 answers, three rows each.
  await expect(rows).toHaveCount(24, { timeout: 60_000 })
  await expect(page.getByRole('listitem', { name: 'answer 1, outcome credit' })).toContainText(/^1\. outcome/)
  await expect(page.getByRole('listitem', { name: 'answer 1, progress credit' })).toContainText(/progress/)
  await expect(page.getByRole('listitem', { name: 'answer 1, total credit' })).toContainText(/total/)
})

test('on an environment that does not compute PAV’s progress, the prover is refused beside its field and stays off', async ({ page }) => {
  await page.goto('./?env=bandit&l=grpo')
  const prover = page.getByRole('combobox', { name: 'PAV progress prover' })
  await prover.selectOption('start')
  await expect(prover).toHaveAttribute('aria-invalid', 'true')
  await expect(prover).toHaveAccessibleDescription(/accepted on tokenseq, not bandit; off stays in use/)
  await expect(prover).toHaveValue('off')
  await expect(page).not.toHaveURL(/progress/)
})
