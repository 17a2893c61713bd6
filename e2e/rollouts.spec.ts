import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

/*
 * Your rollouts: the shipped example (GRPO on the token task, as train --dump-rollouts writes it)
 * opened from its button, a weight moved with the keyboard, the credit view following, the link
 * carrying the design, the downloaded advantages equal line for line to what `rollouts advantages`
 * prints for the same weights, a bad file named by file, line and problem while the example's
 * views stay, the design (not the file) kept over a reload by the link, then a clip on score (a
 * refused value named inline) with the download equal to `rollouts advantages --design` of the
 * same design, the sign changes counted as `rollouts summary` counts them, the export for TRL, and
 * a plain file with lengths in tokens showing the correlation with them.
 */

/** `rollouts <subcommand> --from the example --design FILE`'s stdout. */
function cliWithDesign(subcommand: string, design: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rollouts-design-')), 'design.json')
  writeFileSync(file, JSON.stringify(design))
  const printed = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'rollouts', subcommand, '--from', 'public/examples/rollouts', '--design', file], { encoding: 'utf8' })
  expect(printed.status, printed.stderr).toBe(0)
  return printed.stdout
}

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
  await expect(panel.getByText('never sent anywhere; the link keeps only the design, not the file')).toBeVisible()
  await page.reload()
  await expect(panel.getByLabel('Rollouts opened')).toHaveCount(0)
  await panel.getByRole('button', { name: 'Open the example' }).click()
  await expect(panel.getByRole('spinbutton', { name: 'Weight of format (number)' })).toHaveValue(weight)
  await expect(formatShare).toHaveText(shareBefore ?? '')

  // A clip on score, in the panel's Transforms: a refused value is named with its reason and
  // changes nothing; a good one re-scores, and the download is what --design prints.
  await panel.getByRole('button', { name: 'Add clip to score' }).click()
  const hi = panel.getByRole('textbox', { name: 'hi of clip 1 on score' })
  await hi.fill('-2')
  await expect(panel.getByRole('alert', { name: 'Transforms problem of score' })).toContainText('lo must not exceed hi')
  await hi.fill('0.09')
  await expect(panel.getByRole('alert', { name: 'Transforms problem of score' })).toHaveCount(0)
  await expect.poll(() => new URL(page.url()).searchParams.get('rollouts') ?? '').toContain('transforms.score=clip(-1,0.09)')
  const design = { components: { score: { weight: 1, transforms: [{ kind: 'clip', lo: -1, hi: 0.09 }] }, format: { weight: Number(weight) } } }
  const [clipped] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download advantages' }).click()])
  expect(readFileSync(await clipped.path(), 'utf8').split('\n')).toEqual(cliWithDesign('advantages', design).split('\n'))

  // Against the file's own design, the sign changes are rollouts summary's.
  const summary = JSON.parse(cliWithDesign('summary', design).trim().split('\n').pop() ?? '{}')
  expect(summary.signChanges.flips).toBeGreaterThan(0)
  await expect(panel.getByLabel('Sign change counts')).toContainText(`${summary.signChanges.flips} flip`)
  await expect(panel.getByLabel('Sign change counts')).toContainText(`of ${summary.signChanges.compared} compared`)

  await panel.getByRole('button', { name: 'Export for TRL' }).click()
  await expect(panel.getByRole('textbox', { name: 'TRL settings' })).toHaveValue(/reward_weights=\[1\.0, 0\.0, 0\.5/)
  await expect(panel.getByRole('list', { name: 'Not exported' })).toContainText('clip')

  // verl's dump gives no lengths in tokens; a plain file that does gets a second correlation line:
  // group 1's advantages (a, −a) with tokens (10, 20), group 2's (0) with 30 → r = −½ whatever a.
  await expect(panel.getByLabel('Advantage–token correlation')).toHaveCount(0)
  await panel.getByLabel('Open file').setInputFiles({
    name: 'tokens.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(['{"group": 1, "tokens": 10, "rewards": {"r": 1}}', '{"group": 1, "tokens": 20, "rewards": {"r": 0}}', '{"group": 2, "tokens": 30, "rewards": {"r": 1}}', '{"group": 2, "rewards": {"r": 1}}', ''].join('\n')),
  })
  await expect(panel.getByLabel('Advantage–token correlation')).toHaveText('…with length in tokens: r = -0.50')
})
