import { expect, test } from '@playwright/test'
import { envSteps, expectTraining } from './helpers'

test('switching the GRPO estimator mid-run on the token task: the run goes on, the chart marks the change, and the what-if shows both estimators', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const preset = page.getByRole('combobox', { name: 'Estimator preset' })
  await expect(preset).toHaveValue('grpo')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)

  // Before the switch: the latest batch under the running estimator and under another, side by side.
  const comparison = page.getByRole('region', { name: 'What-if under two estimators' })
  await expect(comparison.getByRole('figure', { name: 'Advantages under running (GRPO)' })).toBeVisible({ timeout: 60_000 })
  await comparison.getByRole('combobox', { name: 'Compare the estimator with' }).selectOption({ label: 'RLOO' })
  await expect(comparison.getByRole('figure', { name: 'Advantages under RLOO' })).toBeVisible()
  await expect(comparison.getByRole('figure', { name: 'Advantages under running (GRPO)' })).toContainText(/running \(GRPO\): \d+% exactly zero/)
  await expect(comparison.getByRole('figure', { name: 'Advantages under RLOO' })).toContainText(/RLOO: \d+% exactly zero/)

  // The switch itself: no restart question, the run keeps its curve and its steps keep rising.
  const before = await envSteps(page)
  await preset.selectOption({ label: 'RLOO' })
  await expect(page.getByRole('alertdialog', { name: 'Restart the run?' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText(/Design change at step \d+: centre: mean → loo; scale: group → none/, { timeout: 30_000 })
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(before)
  await expectTraining(page)
  await expect(page).toHaveURL(/l\.estimator\.center=loo/)
  // The running side now names the estimator switched to.
  await expect(comparison.getByRole('figure', { name: 'Advantages under running (RLOO)' })).toBeVisible()
  await expect(comparison.getByRole('combobox', { name: 'Compare the estimator with' })).toBeVisible()
  // A second switch soon after: the two marks' labels, in the panel's words, stay inside the chart and apart (one layout pass).
  await preset.selectOption({ label: 'Dr. GRPO' })
  await expect(page.getByRole('list', { name: 'Design changes' }).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 })
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  await expect(curve.locator('.chart-mark text')).toHaveCount(2)
  const placed = await curve.evaluate((figure) => {
    const plot = figure.querySelector('svg')!.getBoundingClientRect()
    const labels = [...figure.querySelectorAll('.chart-mark text')].map((text) => ({ text: text.textContent ?? '', box: text.getBoundingClientRect() }))
    const inside = labels.every(({ box }) => box.left >= plot.left - 0.5 && box.right <= plot.right + 0.5 && box.top >= plot.top - 0.5 && box.bottom <= plot.bottom + 0.5)
    const [a, b] = labels.map(({ box }) => box)
    return { texts: labels.map(({ text }) => text), inside, apart: a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top }
  })
  expect(placed.texts.join(' | ')).not.toMatch(/l\./)
  expect(placed).toMatchObject({ inside: true, apart: true })
})

test('a change of the network still starts the run over, asking first', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  const groups = page.getByRole('textbox', { name: 'groups per update' })
  await groups.fill('8')
  // Leaving the box applies it (Enter would also answer the question that takes the focus).
  await groups.blur()
  const confirm = page.getByRole('alertdialog', { name: 'Restart the run?' })
  await expect(confirm).toContainText('groupsPerIteration changes the network or the batch')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).not.toHaveURL(/l\.groupsPerIteration=8/)
  await expectTraining(page)
})

test('moving the KL into the reward mid-run goes live: the mark names it and kl_penalty gets its line from there', async ({ page }) => {
  await page.goto('./?env=tokenseq&l=grpo')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  await expect(curve).not.toContainText('kl_penalty')
  await page.getByRole('combobox', { name: 'KL placement' }).selectOption('reward')
  await expect(page.getByRole('alertdialog', { name: 'Restart the run?' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText(/Design change at step \d+: KL placement: loss → reward/, { timeout: 30_000 })
  await expect(curve).toContainText('kl_penalty (contribution)', { timeout: 60_000 })
  await expectTraining(page)
})
