import { expect, test } from '@playwright/test'
import { envSteps, expectTraining } from './helpers'

// Runs with --enable-unsafe-webgpu: on a machine without a GPU the adapter is SwiftShader's
// software fallback, which proves the WebGPU code path in the worker (slowly) but says nothing of speed.
test('?backend=webgpu trains CartPole on WebGPU inside the worker', async ({ page }) => {
  test.setTimeout(180_000)
  await page.goto('./?backend=webgpu')
  const backend = page.getByRole('status', { name: 'Compute backend' })
  await expect(backend).toContainText('Backend: webgpu', { timeout: 60_000 })
  await expect(backend).toContainText('forced by ?backend=webgpu')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 150_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('entropy', { timeout: 60_000 })
})
