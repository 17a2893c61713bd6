import { expect, test } from '@playwright/test'
import { envSteps, expectTraining } from './helpers'

// Every environment in the menu trains with its default learner and draws the agent on the canvas.
const ENVIRONMENTS: { label: string; learner: string; picture: RegExp }[] = [
  { label: 'MountainCar', learner: 'ppo', picture: /Car at position/ },
  { label: 'Acrobot', learner: 'ppo', picture: /Tip at height/ },
  { label: 'FrozenLake', learner: 'qlearning', picture: /agent at row \d+, column \d+/ },
  { label: 'Bandit', learner: 'qlearning', picture: /armed bandit/ },
  { label: 'Token sequences', learner: 'grpo', picture: /Group of \d+ completions/ },
  { label: 'Team effort', learner: 'ppo', picture: /Team of \d+.*efforts/ },
]

for (const env of ENVIRONMENTS) {
  test(`${env.label} trains and is drawn`, async ({ page }) => {
    await page.goto('./')
    await page.getByLabel('Environment').selectOption({ label: env.label })
    await expect(page.getByRole('combobox', { name: 'Learner' })).toHaveValue(env.learner)
    await page.getByRole('button', { name: 'Start' }).click()
    await expectTraining(page)
    await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
    await expect(page.getByRole('img', { name: env.picture })).toBeVisible({ timeout: 60_000 })
  })
}

test('switching environment leaves no caption of the previous one under the new picture', async ({ page }) => {
  await page.goto('./?env=mountaincar')
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByRole('img', { name: /Car at position/ })).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('Environment').selectOption({ label: 'FrozenLake' })
  await expect(page.getByRole('img', { name: /^FrozenLake: waiting for the first rollout/ })).toBeVisible()
  await expect(page.getByText(/Car at position/)).toHaveCount(0)
})
