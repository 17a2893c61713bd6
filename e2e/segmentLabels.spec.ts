import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining, pickByKeyboard } from './helpers'

test('on CartPole: label segment pairs by keyboard from two replays, keep them over a reload, fit, and train against the model as rm', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=cartpole&seed=2')
  const panel = page.getByRole('group', { name: 'Label pairs', exact: true })
  await page.getByRole('button', { name: 'Label pairs' }).click()
  const counter = page.getByRole('status', { name: 'Labelled pairs' })
  await expect(counter).toHaveText(/^0 labelled/)

  await panel.getByRole('button', { name: 'Draw pairs to label' }).click()
  const pair = page.getByRole('group', { name: /^Pair to label/ })
  await expect(pair).toBeVisible()
  await expect(pair).toContainText("Two stretches of the random start policy's walk")
  // Two replays side by side, each the environment's picture of one kept state at a time, looping.
  const left = pair.getByRole('img', { name: /^Left: \d+ steps?, picture \d+ of \d+$/ })
  await expect(left).toBeVisible()
  await expect(pair.getByRole('img', { name: /^Right: / })).toBeVisible()
  const pause = pair.getByRole('button', { name: 'Pause the left replay' })
  await pause.click()
  await expect(pair.getByRole('button', { name: 'Play the left replay' })).toBeVisible()
  const still = await left.getAttribute('aria-label')
  await page.waitForTimeout(200)
  expect(await left.getAttribute('aria-label')).toBe(still)

  // Five picks by keyboard, a skip between that labels nothing.
  await pickByKeyboard(page, pair, ['ArrowLeft', 'ArrowRight', 's', 'ArrowLeft', 'ArrowRight', 'ArrowLeft'])
  await expect(counter).toHaveText('5 labelled (5 by hand, 0 ties)')

  await page.reload()
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await expect(counter).toHaveText('5 labelled (5 by hand, 0 ties)')

  await page.getByLabel('Held out').fill('0')
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Fit accuracy' })).toContainText(/linear model, fitted in [\d.]+ s on 5 pairs\./)
  await page.getByRole('button', { name: 'Use as reward' }).click()
  await expect(page.getByRole('slider', { name: 'rm', exact: true })).toHaveValue('1')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  await expect(page.getByRole('figure', { name: 'Learning curve' })).toContainText('rm (contribution)')

  // Once the run has stepped, the pairs are its current policy's: stretches of its latest steps, by hand and by the simulated labeler.
  await panel.getByRole('button', { name: 'Draw pairs to label' }).click()
  await expect(pair).toContainText("Two stretches of the run's latest steps (its current policy)")
  await expect(pair.getByRole('img', { name: /^Left: \d+ steps?, picture \d+ of \d+$/ })).toBeVisible()
  await pair.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(counter).toHaveText('6 labelled (6 by hand, 0 ties)')
  await page.getByLabel('Pairs', { exact: true }).fill('20')
  await page.getByRole('button', { name: 'Simulated labeler' }).click()
  await expect(page.getByRole('alert', { name: 'Labels message' })).toContainText("The simulated labeler labelled 20 pairs from the run's latest steps (its current policy).")
  await expect(counter).toHaveText('26 labelled (6 by hand, 0 ties)')
})

test('on a grid with reduced motion asked for: the replays wait for Play, and export gives the segment lines', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('./?env=gridworld&seed=5')
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await page.getByRole('group', { name: 'Label pairs', exact: true }).getByRole('button', { name: 'Draw pairs to label' }).click()
  const pair = page.getByRole('group', { name: /^Pair to label/ })
  await expect(pair.getByRole('img', { name: /^Left: \d+ steps?, picture 1 of \d+$/ })).toBeVisible()
  await expect(pair.getByRole('button', { name: 'Play the left replay' })).toBeVisible()
  await expect(pair.getByRole('button', { name: 'Play the right replay' })).toBeVisible()
  await pair.getByRole('button', { name: 'Play the right replay' }).click()
  await expect(pair.getByRole('img', { name: /^Right: \d+ steps?, picture [2-9]\d* of \d+$/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/segment-pair.png' })
  await pair.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('status', { name: 'Labelled pairs' })).toHaveText('1 labelled (1 by hand, 0 ties)')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export JSONL' }).click()
  const text = await (await (await download).createReadStream()).toArray()
  const line = JSON.parse(Buffer.concat(text).toString('utf8').trim()) as { env: string; label: string; a: { states: number[][] } }
  expect(line.env).toBe('gridworld')
  expect(line.label).toBe('b')
  expect(line.a.states[0]).toHaveLength(2)

  // The simulated labeler of segments judges by their gold alone: no bias fields.
  await expect(page.getByLabel('Length bias (per token)')).toHaveCount(0)
  await page.getByLabel('Pairs', { exact: true }).fill('50')
  await page.getByRole('button', { name: 'Simulated labeler' }).click()
  await expect(page.getByRole('status', { name: 'Labelled pairs' })).toHaveText('51 labelled (1 by hand, 0 ties)')
})
