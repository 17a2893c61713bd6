import { expect, test } from '@playwright/test'
import { curvePoints, envSteps, expectTraining, latestPoint } from './helpers'

test('trains CartPole in a worker on the automatically chosen backend and the curve grows', async ({ page }) => {
  await page.goto('./')
  await expect(page.getByRole('heading', { name: 'Reward Playground' })).toBeVisible()
  // No WebGPU adapter here (no flag, no GPU): the worker must fall back to wasm and say why.
  const backend = page.getByRole('status', { name: 'Compute backend' })
  await expect(backend).toContainText('Backend: wasm')
  await expect(backend).toContainText(/WebGPU/)

  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
  const stepsBefore = await envSteps(page)
  await expect.poll(() => envSteps(page)).toBeGreaterThan(stepsBefore)
  await expect.poll(() => curvePoints(page)).toBeGreaterThan(3)
  await expect(page.getByRole('img', { name: /CartPole.*Cart at x =/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('entropy')
  // PPO's whole batch (4 copies × 128 steps) goes to the advantage histogram.
  await expect(page.getByRole('region', { name: 'Advantages' })).toContainText(/512 sampled: \d+% positive, \d+% negative, \d+% exactly zero/)
  // Its three shares are whole percentages that add up to 100.
  const summary = (await page.getByRole('region', { name: 'Advantages' }).getByText(/^512 sampled:/).textContent()) ?? ''
  const percents = [...summary.matchAll(/(\d+)%/g)].map((match) => Number(match[1]))
  expect(percents).toHaveLength(3)
  expect(percents.reduce((sum, value) => sum + value, 0)).toBe(100)

  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  const pausedAt = await envSteps(page)
  await page.waitForTimeout(500)
  expect(await envSteps(page)).toBe(pausedAt)
  await page.getByRole('button', { name: 'Resume' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page)).toBeGreaterThan(pausedAt)
})

test('a reward slider moved with the keyboard during training changes the reward from the next rollout', async ({ page }) => {
  await page.goto('./?backend=wasm')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  // With the default mix (alive = 1) the shaped return equals the balance time.
  await expect.poll(async () => (await latestPoint(page))?.shapedReturn ?? null, { timeout: 60_000 }).not.toBeNull()
  const before = (await latestPoint(page))!
  expect(before.shapedReturn).toBeCloseTo(before.objective, 1)

  const alive = page.getByRole('slider', { name: 'alive' })
  await alive.focus()
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('status', { name: 'alive weight' }).or(page.locator('output[aria-label="alive weight"]'))).toHaveText('0.50')
  await expect(alive).toHaveValue('0.5')

  // The worker applies the change before its next rollout and the chart marks it.
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText(/Design change at step \d+: alive = 0.50/)
  await expect(page).toHaveURL(/w\.alive=0\.5/)
  // The latest recorded steps are re-scored at once under the new slider: alive 0.5 pays 0.5 a step.
  await expect(page.getByRole('status', { name: 'What-if', exact: true })).toContainText(/under the sliders now pay 0\.500 per step/)
  // alive is the only weighted component: it carries the whole reward
  await expect(page.getByRole('status', { name: 'What-if', exact: true })).toContainText('shares: alive 100%')
  // The latest PPO batch's advantages recomputed with its own values under the new weight: half the
  // reward against the same value estimates pushes credit negative.
  await expect(page.getByRole('status', { name: 'What-if advantages' })).toContainText(/^What-if bars \(violet\): the same batch under the sliders and estimator now — \d+% positive, \d+% negative/)
  // Episodes that start after the change earn 0.5 per step: shaped return = 0.5 × balance time.
  await expect
    .poll(
      async () => {
        const point = await latestPoint(page)
        return point ? Math.abs(point.shapedReturn - 0.5 * point.objective) : Infinity
      },
      { timeout: 60_000 },
    )
    .toBeLessThan(0.06)
})

test('200 quick Start, Pause and Reset cycles end with the last Start training at once, not queued behind the others', async ({ page }) => {
  await page.goto('./?env=cartpole')
  const controls = page.getByRole('group', { name: 'Run controls' })
  await expect(controls.getByRole('button', { name: 'Start', exact: true })).toBeVisible()
  // Faster than any hand: each click is on the button the page shows at that moment, one task after the page drew the last one.
  const clicked = await controls.evaluate(async (group) => {
    const click = async (name: string) => {
      const button = [...group.querySelectorAll('button')].find((element) => element.textContent?.trim() === name)
      button?.click()
      await new Promise((resolve) => setTimeout(resolve, 0))
      return button ? 1 : 0
    }
    let count = 0
    for (let k = 0; k < 200; k++) count += (await click('Start')) + (await click('Pause')) + (await click('Reset'))
    return count + (await click('Start'))
  })
  expect(clicked).toBe(601)
  // The last Start trains within seconds (it used to wait 16 s behind the 200 it replaced).
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Training', { timeout: 10_000 })
  await expect.poll(() => envSteps(page), { timeout: 30_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
})
