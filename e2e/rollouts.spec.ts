import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'

/*
 * Your rollouts: the shipped example (GRPO on the token task, as train --dump-rollouts writes it)
 * opened from its button, a weight moved with the keyboard, the credit view following, the link
 * carrying the design, the downloaded advantages equal line for line to what `rollouts advantages`
 * prints for the same weights, a bad file named by file, line and problem while the example's
 * views stay, and the design (not the file) kept over a reload by the link.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
})

test('opens the example, re-scores it under a moved weight, downloads what the command prints, keeps it over a bad file, and keeps the design in the link', async ({ page }) => {
  await page.goto('./?env=tokenseq&seed=1')
  const panel = page.getByRole('region', { name: 'Your rollouts' })
  await panel.getByRole('button', { name: 'Open the example' }).click()
  await expect(panel.getByLabel('Rollouts opened')).toContainText('768 completions, 6 steps, 6 reward components')
  // The file's own design: score = 1, so format has no part of the credit.
  const formatShare = panel.getByLabel('format share of the credit')
  await expect(formatShare).toHaveText('0%')
  await expect(panel.getByLabel('Advantage shares')).toContainText('768 advantages:')

  const slider = panel.getByRole('slider', { name: 'Weight of format' })
  await slider.focus()
  for (let press = 0; press < 10; press++) await page.keyboard.press('ArrowRight')
  const weight = await panel.getByRole('spinbutton', { name: 'Weight of format (number)' }).inputValue()
  expect(Number(weight)).toBeCloseTo(0.5, 10)
  // format now moves completions apart within their groups: it takes a share of the credit.
  await expect(formatShare).not.toHaveText('0%')
  await expect.poll(() => new URL(page.url()).searchParams.get('rollouts') ?? '').toContain(`format:${weight}`)

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download advantages' }).click()])
  const downloaded = readFileSync(await download.path(), 'utf8')
  const printed = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'rollouts', 'advantages', '--from', 'public/examples/rollouts', '--weights', `score=1,format=${weight}`], { encoding: 'utf8' })
  expect(printed.status, printed.stderr).toBe(0)
  expect(downloaded.split('\n')).toEqual(printed.stdout.split('\n'))
  expect(downloaded.split('\n').length).toBe(769)

  // A bad line: one message naming the file, the line and the problem; the example's views stay.
  const shareBefore = await formatShare.textContent()
  await panel.getByLabel('Open file').setInputFiles({
    name: 'bad.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('{"input": "1+1=", "output": "2", "score": 1}\n{"input": "1+1=", "output": "3", "score": "high"}\n'),
  })
  await expect(panel.getByRole('alert', { name: 'Rollouts problem' })).toHaveText('bad.jsonl line 2: "score" is text ("high"); verl\'s score is the reward, a number (null where it does not apply)')
  await expect(panel.getByLabel('Rollouts opened')).toContainText('768 completions')
  await expect(formatShare).toHaveText(shareBefore ?? '')

  // The link carries the design, never the file: reloaded, the page has no rollouts until one is
  // opened, and the example opens under the link's weights.
  await expect(panel.getByText('never leaves the browser; the link keeps only the design, not the file')).toBeVisible()
  await page.reload()
  await expect(panel.getByLabel('Rollouts opened')).toHaveCount(0)
  await panel.getByRole('button', { name: 'Open the example' }).click()
  await expect(panel.getByRole('spinbutton', { name: 'Weight of format (number)' })).toHaveValue(weight)
  await expect(formatShare).toHaveText(shareBefore ?? '')
})
