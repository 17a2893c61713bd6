import { expect, test } from '@playwright/test'
import { expectTraining, runFigure } from './helpers'

test('a coin weight that makes looping pay more than the goal is flagged as reward hacking', async ({ page }) => {
  await page.goto('./?env=gridworld&p.map=coinloop')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  // First the agent learns to walk to the goal with the default weights.
  await expect.poll(() => runFigure(page, 'path efficiency (last 20)'), { timeout: 60_000 }).toBeGreaterThan(0.5)
  await expect(page.getByText(/Reward hacking\?/)).toHaveCount(0)
  // Then the coin is made worth far more than its trouble: the agent loops over it, the goal is abandoned.
  const coin = page.getByRole('slider', { name: 'coin' })
  await coin.focus()
  await page.keyboard.press('End')
  await expect(coin).toHaveValue('10')
  const alert = page.getByRole('alert').filter({ hasText: 'Reward hacking?' })
  await expect(alert).toContainText('path efficiency went the wrong way', { timeout: 60_000 })
  // Its figures are the curve's, over windows it states: the level before the divergence stays as latched, the latest follows the chart.
  const before = (text: string | null) => /The shaped return went from (-?[\d.]+) to -?[\d.]+ while path efficiency went the wrong way, from ([\d.]+) to/.exec(text ?? '')?.slice(1)
  const quoted = before(await alert.textContent())
  expect(quoted).toHaveLength(2)
  await expect(alert).toContainText(/\(means of 10 points each: before the divergence, steps [\d.]+[kM]?–[\d.]+[kM]?; the latest, steps [\d.]+[kM]?–[\d.]+[kM]?\)/)
  // It is latched: while the agent keeps looping it stays, with the same level before, on every look.
  for (let look = 0; look < 6; look++) {
    await page.waitForTimeout(500)
    expect(before(await alert.textContent())).toEqual(quoted)
  }
  // It covers no control: the chart's tabs are still clickable, and its band is on the chart.
  await page.getByRole('group', { name: 'Chart view' }).getByRole('button', { name: 'Live' }).click({ trial: true })
  await expect(page.getByRole('figure', { name: 'Learning curve' }).locator('[aria-label^="hacking?"]')).toHaveCount(1)
  // Dismissed, the notice goes and stays gone; the band stays.
  await alert.getByRole('button', { name: 'Dismiss' }).click()
  await expect(alert).toHaveCount(0)
  await page.waitForTimeout(1500)
  await expect(page.getByRole('alert').filter({ hasText: 'Reward hacking?' })).toHaveCount(0)
  await expect(page.getByRole('figure', { name: 'Learning curve' }).locator('[aria-label^="hacking?"]')).toHaveCount(1)
})

test('a heavy length weight on the token task is flagged as reward hacking', async ({ page }) => {
  test.setTimeout(180_000)
  // Easy prompts, short answers, groups of 16: GRPO learns to answer correctly within seconds.
  await page.goto('./?env=tokenseq&p.difficulty=easy&p.max_length=4&p.group_size=16&l=grpo&l.learningRate=0.002&l.beta=0')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  // Groups of 16, 16 prompts an update: the readout averages 4 updates' 1024 answers, and says so.
  await expect.poll(() => runFigure(page, 'correct (last 1024)'), { timeout: 120_000 }).toBeGreaterThan(0.6)
  // Then length is paid for: answers stop ending, the shaped return climbs while correctness collapses.
  const length = page.getByRole('slider', { name: 'length', exact: true })
  await length.focus()
  await page.keyboard.press('End')
  await expect(page.getByRole('alert').filter({ hasText: 'Reward hacking?' })).toContainText('correct went the wrong way', { timeout: 60_000 })
})
