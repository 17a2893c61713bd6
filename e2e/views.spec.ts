import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining, runFigure } from './helpers'

test('the CliffWalking credit timeline shows the −100 step of a fall', async ({ page }) => {
  await page.goto('./?env=cliffwalking')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  // ε-greedy walks along the cliff edge and falls now and then; the record refreshes about once a second.
  await expect(page.getByRole('list', { name: 'Steps of the latest episode' })).toContainText(/step \d+: reward -100\.00 \(hazard -100\.00\)/, { timeout: 60_000 })
})

test('the what-if histogram changes when a slider moves while training is paused', async ({ page }) => {
  await page.goto('./?env=cartpole')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  const whatIf = page.getByRole('status', { name: 'What-if advantages' })
  await expect(whatIf).toContainText(/\d+% positive/, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  const before = await whatIf.textContent()
  const alive = page.getByRole('slider', { name: 'alive' })
  await alive.focus()
  await page.keyboard.press('Home')
  // alive = 0: every step pays nothing; against the same critic values the batch's credit moves at once,
  // with the run still paused (the learner has not seen the change).
  await expect(whatIf).not.toHaveText(before ?? '')
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
})

test('with nothing changed, the what-if returns what the run shows as Return (last 20)', async ({ page }) => {
  await page.goto('./?env=cartpole')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  const whatIf = page.getByRole('status', { name: 'What-if', exact: true })
  await expect(whatIf).toContainText(/the last 20 finished episodes, whole, under the sliders now return -?\d+\.\d on average/, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  const shown = /return (-?\d+\.\d) on average/.exec((await whatIf.textContent()) ?? '')
  expect(Number(shown?.[1])).toBe(await runFigure(page, 'Return (last 20)'))
})

test('screenshots of the main views are attached and show content', async ({ page }, testInfo) => {
  await page.goto('./?env=cliffwalking')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect(page.getByRole('status', { name: 'What-if', exact: true })).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThan(1)
  for (const view of ['Advantages', 'Credit timeline']) {
    await page.getByRole('button', { name: view }).click()
    const shot = await page.screenshot()
    await testInfo.attach(`main view with ${view}`, { body: shot, contentType: 'image/png' })
    // Not blank: the curve has drawn paths, and the canvas shows more than its background.
    const drawn = await page.evaluate(() => {
      const paths = [...document.querySelectorAll('figure[aria-label="Learning curve"] path.chart-line')].filter((path) => (path.getAttribute('d') ?? '') !== '').length
      const canvas = document.querySelector('canvas') as HTMLCanvasElement
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
      const colours = new Set<number>()
      for (let i = 0; i < pixels.length; i += 4 * 97) colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2])
      return { paths, colours: colours.size }
    })
    expect(drawn.paths).toBeGreaterThan(0)
    expect(drawn.colours).toBeGreaterThan(3)
  }
})
