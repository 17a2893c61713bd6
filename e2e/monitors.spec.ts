import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

test('a hacking lesson run fires a monitor that needs no gold, and the curve marks where, and where the gold turned', async ({ page }) => {
  // The reward-hacking lesson's variant that pays for length: answers grow long within seconds.
  await page.goto('./?lesson=reward-hacking')
  await page.getByRole('group', { name: 'Lesson variants' }).getByRole('button', { name: 'Length paid' }).click()
  await expect(page.getByRole('slider', { name: 'length', exact: true })).toHaveValue('4')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  const panel = page.getByRole('region', { name: 'Monitors' })
  const states = panel.getByRole('list', { name: 'Monitor states' }).getByRole('listitem')
  // A monitor that reads no gold warns, saying since when, in words.
  const warning = states.filter({ hasText: /^[^:]+: warning since step [\d.]+[kM]? — / }).filter({ hasNotText: 'reads the gold' }).first()
  await expect(warning).toBeVisible({ timeout: 20_000 })
  const label = /^([^:]+): warning/.exec((await warning.textContent()) ?? '')![1]
  await expect(panel).toContainText(/\d+ monitors? warns?: /)
  // The learning curve marks where it fired, under the monitor's name.
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  await expect(curve.getByRole('img', { name: new RegExp(`^Monitor fired: ${label} at step`) })).toHaveCount(1)
  // Correct rises a little and collapses as the answers grow: the panel says where the gold turned, and the curve marks that step apart.
  const gold = panel.getByText(/^The gold turned at step ([\d.]+[kM]?):/)
  await expect(gold).toBeVisible({ timeout: 20_000 })
  const step = /at step ([\d.]+[kM]?):/.exec((await gold.textContent()) ?? '')![1]
  await expect(curve.getByRole('img', { name: `Gold turned at step ${step}` })).toHaveCount(1)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
})
