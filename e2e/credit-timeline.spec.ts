import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

test('the credit timeline shows the latest episode step by step and follows the sliders', async ({ page }) => {
  await page.goto('./?env=cliffwalking')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  await expect(page.getByRole('button', { name: 'Credit timeline' })).toHaveAttribute('aria-pressed', 'true')
  const summary = page.getByRole('region', { name: 'Credit' }).getByText(/Latest episode of copy 0/)
  await expect(summary).toContainText(/Latest episode of copy 0: \d+ steps, return -\d+\.\d\d \(γ = 1\)/)
  // Without the step cost every step pays 0 and a cliff-free walk returns 0: the timeline re-scores at once.
  await page.getByRole('button', { name: 'Pause' }).click()
  const step = page.getByRole('slider', { name: 'step' })
  await step.focus()
  await page.keyboard.press('Home')
  await page.getByRole('slider', { name: 'hazard' }).focus()
  await page.keyboard.press('Home')
  await expect(summary).toContainText('return 0.00')
})

test('with PPO the timeline adds each step’s value estimate, TD error and advantage', async ({ page }) => {
  await page.goto('./?env=cartpole')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  await expect(page.getByRole('region', { name: 'Credit' }).getByText(/Latest episode of copy 0/)).toContainText(
    "lines: the critic's value V(s) of every step shown, its TD error δ and advantage A (GAE) under the sliders now",
    { timeout: 60_000 },
  )
  // A legend names each line's colour, drawn as the chart draws it.
  const legend = page.getByRole('list', { name: 'Credit timeline legend' })
  await expect(legend.getByRole('listitem')).toContainText(['alive', 'return-to-go G', 'value V(s)', 'TD error δ', 'advantage A'])
  const chartStrokes = await page.locator('.advantage-chart path.recharts-line-curve').evaluateAll((paths) => paths.map((path) => path.getAttribute('stroke')))
  for (const name of ['return-to-go G', 'value V(s)', 'TD error δ', 'advantage A']) {
    expect(chartStrokes).toContain(await legend.getByRole('listitem').filter({ hasText: name }).locator('line').getAttribute('stroke'))
  }
})

test('the timeline shows the whole latest episode, longer than the steps the record keeps of it', async ({ page }) => {
  // 16 copies share the 4096 recorded steps: 256 of each; the untrained car is cut at the 500-step time limit.
  await page.goto('./?env=mountaincar&p.time_limit=500')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  const summary = page.getByRole('region', { name: 'Credit' }).getByText(/Latest episode of copy 0/)
  await expect(summary).toContainText(/^Latest episode of copy 0: 500 steps, return -\d+\.\d\d \(γ = 0\.99\)/, { timeout: 90_000 })
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('list', { name: 'Steps of the latest episode' }).getByRole('listitem')).toHaveCount(500)
  await expect(page.getByRole('list', { name: 'Steps of the latest episode' }).getByRole('listitem').first()).toContainText(/^step 0: reward -1\.00 /)
  // The critic's credit covers every step, not only the latest batch's 128 steps of copy 0.
  await expect(summary).toContainText("lines: the critic's value V(s) of every step shown")
  await expect(page.getByRole('list', { name: 'Steps of the latest episode' }).getByRole('listitem').filter({ hasText: /, value -?\d+\.\d\d, TD error -?\d+\.\d\d, advantage -?\d+\.\d\d$/ })).toHaveCount(500)
})

test('for the token task the timeline colours every token by its completion’s advantage', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  const completions = page.getByRole('list', { name: 'Tokens by advantage' }).getByRole('listitem')
  await expect(completions).toHaveCount(8, { timeout: 60_000 })
  await expect(completions.first()).toContainText(/^\d\+\d=.*A = -?\d+\.\d\d$/)
})
