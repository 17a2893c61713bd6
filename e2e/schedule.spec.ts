import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining } from './helpers'

test('a weight follows a schedule set in its menu: drawn as its own line, changed live with a mark, kept in the link', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=cliffwalking')
  await page.getByRole('button', { name: 'Schedule… (step)' }).click()
  const form = page.getByRole('form', { name: 'Schedule of step' })
  await expect(form.getByLabel('Kind')).toHaveValue('linear')
  // A weight outside the slider's range is named under its field, and nothing changes.
  await form.getByLabel(/^From/).fill('9')
  await form.getByRole('button', { name: 'Apply schedule' }).click()
  await expect(form.getByRole('alert')).toHaveText('accepted: a number from 0 to 5')
  await form.getByLabel(/^From/).fill('1')
  await form.getByLabel(/^To/).fill('0')
  await form.getByLabel('Over steps').fill('2000')
  // Keyboard: Enter in a field applies the schedule.
  await form.getByLabel('Over steps').press('Enter')
  await expect(form).toBeHidden()
  await expect(page.getByText('Follows its schedule: linear 1 → 0 over 2000 steps')).toBeVisible()
  await expect(page.getByRole('slider', { name: 'step', exact: true })).toBeDisabled()
  await expect.poll(() => new URL(page.url()).searchParams.get('ws.step')).toBe('linear_1_0_2000')

  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  await expect(curve.getByText('step weight', { exact: true })).toBeVisible()
  await expect(curve.getByText('weight', { exact: true })).toBeVisible()

  // A schedule changed mid-run goes live, marked on the chart like a weight change.
  await page.getByRole('button', { name: 'Schedule… (step)' }).click()
  await form.getByLabel('Kind').selectOption('cosine')
  await form.getByRole('button', { name: 'Apply schedule' }).click()
  await expect(curve.getByRole('list', { name: 'Design changes' }).getByText(/schedule of step = cosine 1 → 0 over 2000 steps/)).toHaveCount(1)
  await page.getByRole('button', { name: 'Pause' }).click()

  await page.reload()
  await expect(page.getByText('Follows its schedule: cosine 1 → 0 over 2000 steps')).toBeVisible()
  await page.getByRole('button', { name: 'Schedule… (step)' }).click()
  await expect(form.getByLabel('Kind')).toHaveValue('cosine')
  await expect(form.getByLabel('Over steps')).toHaveValue('2000')
  // Removing it makes the weight constant again, and the link forgets it.
  await form.getByRole('button', { name: 'Remove schedule' }).click()
  await expect(page.getByRole('slider', { name: 'step', exact: true })).toBeEnabled()
  await expect.poll(() => new URL(page.url()).searchParams.get('ws.step')).toBeNull()
})
