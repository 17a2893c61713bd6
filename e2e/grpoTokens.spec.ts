import { expect, test } from '@playwright/test'
import { envSteps, expectTraining } from './helpers'

test('high-entropy token training is set in the learner panel, kept in the link, refused out of range, and reports the share of tokens kept', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const fraction = page.getByRole('textbox', { name: 'high-entropy token fraction' })
  // Absent, it shows what its absence means: every token.
  await expect(fraction).toHaveValue('1')
  await fraction.fill('0')
  await fraction.press('Enter')
  await expect(fraction).toHaveAttribute('aria-invalid', 'true')
  await expect(fraction).toHaveAccessibleDescription(/High-entropy token fraction must be above 0/)
  await expect(page).not.toHaveURL(/entropyTopFraction/)
  await fraction.fill('0.2')
  await fraction.press('Enter')
  await expect(page).toHaveURL(/l\.entropyTopFraction=0\.2/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('entropy mask fraction', { timeout: 60_000 })
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'high-entropy token fraction' })).toHaveValue('0.2')
})

test('the KL in the reward is drawn on the learning curve as its own contribution, kl_penalty', async ({ page }) => {
  await page.goto('./?env=tokenseq&l=grpo&l.klPlacement=reward')
  await expect(page.getByRole('combobox', { name: 'KL placement' })).toHaveValue('reward')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect(page.getByRole('figure', { name: 'Learning curve' })).toContainText('kl_penalty (contribution)', { timeout: 60_000 })
})
