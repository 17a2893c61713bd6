import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining } from './helpers'

test('refit the reward model on fresh pairs every 5 updates: the option from the fit panel, its marks on the learning curve beside the rm line', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=tokenseq&seed=2')
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await page.getByLabel('Pairs', { exact: true }).fill('200')
  await page.getByRole('button', { name: 'Simulated labeler' }).click()
  await expect(page.getByRole('status', { name: 'Labelled pairs' })).toHaveText(/^200 labelled/, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Fit accuracy' })).toContainText(/^linear model, fitted in/)

  // Ticked by keyboard; the fields take the numbers, and a number out of range is named.
  const refit = page.getByRole('checkbox', { name: 'Refit every N updates on M fresh pairs' })
  await refit.focus()
  await page.keyboard.press('Space')
  await expect(refit).toBeChecked()
  await page.getByLabel('Refit every (updates)').fill('0')
  await page.getByRole('button', { name: 'Use as reward' }).click()
  await expect(page.getByRole('region', { name: 'Fitted reward model' }).getByRole('alert')).toHaveText('Refit every: expected an integer from 1 to 1000, not "0"')
  await page.getByLabel('Refit every (updates)').fill('5')
  await page.getByLabel('Fresh pairs per refit').fill('200')
  await page.getByRole('button', { name: 'Use as reward' }).click()
  await expect(page.getByRole('slider', { name: 'rm', exact: true })).toHaveValue('1')

  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  await expect(curve).toContainText('rm (contribution)')
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText(/Design change at step \d+: rm refit: [\d,]+ pairs/, { timeout: 60_000 })
})
