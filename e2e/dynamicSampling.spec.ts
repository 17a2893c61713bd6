import { expect, test } from '@playwright/test'
import { envSteps, expectTraining } from './helpers'

test('GRPO’s dynamic sampling is turned on in the learner panel, kept in the link, and reports groups drawn and kept', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const dynamic = page.getByRole('checkbox', { name: 'dynamic sampling' })
  await expect(dynamic).not.toBeChecked()
  await dynamic.check()
  await expect(page).toHaveURL(/l\.dynamicSampling\.enabled=true/)
  const rounds = page.getByRole('textbox', { name: 'max sampling rounds' })
  await rounds.fill('0')
  await rounds.press('Enter')
  // The field says what is wrong beside itself, in its own label's words.
  await expect(rounds).toHaveAttribute('aria-invalid', 'true')
  await expect(rounds).toHaveAccessibleDescription(/Max sampling rounds must be at least 1/)
  await rounds.fill('3')
  await rounds.press('Enter')
  await expect(page).toHaveURL(/l\.dynamicSampling\.maxRounds=3/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  const diagnostics = page.getByRole('region', { name: 'Learner diagnostics' })
  await expect(diagnostics).toContainText('groups drawn')
  await expect(diagnostics).toContainText('groups kept')
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'dynamic sampling' })).toBeChecked()
  await expect(page.getByRole('textbox', { name: 'max sampling rounds' })).toHaveValue('3')
})
