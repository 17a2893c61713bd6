import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { addHeightShapingAndTerm, curvePoints } from './helpers'

test('a reward design exports as JSON and imports back unchanged; a bad file is refused whole', async ({ page }) => {
  await page.goto('./?env=mountaincar')
  await addHeightShapingAndTerm(page)
  await expect(page.getByRole('slider', { name: 'term1' })).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export design' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('reward-design-mountaincar.json')
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8'))
  expect(exported).toMatchObject({ version: 1, terms: [{ name: 'term1', expression: 'position > 0.3', weight: 1 }], shaping: [{ potential: 'height', naive: false }] })

  // A file with several problems: every one is named, and nothing changes.
  const bad = { version: 1, terms: [{ name: '9lives', expression: 'sin(' }], bonuses: [{ kind: 'magic' }] }
  await page.getByLabel('Import design').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) })
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('bad.json was not imported')
  await expect(alert).toContainText('terms[0].name')
  await expect(alert).toContainText('bonuses[0].kind')
  await expect(page.getByRole('slider', { name: 'term1' })).toBeVisible()

  // Start afresh, import the exported file: the same design comes back.
  await page.goto('./?env=mountaincar')
  await expect(page.getByRole('slider', { name: 'term1' })).toHaveCount(0)
  await page.getByLabel('Import design').setInputFiles({ name: 'design.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) })
  await expect(page.getByText('Imported design.json.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Term term1' })).toHaveValue('position > 0.3')
  await expect(page.getByRole('slider', { name: 'shaping_height' })).toBeVisible()
  const again = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export design' }).click()
  expect(JSON.parse(await readFile((await (await again).path())!, 'utf8'))).toEqual(exported)
})

test('importing a whole setup over a run with a curve asks first; Cancel keeps the run, applying loads the setup', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=1')
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Training')
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(1)
  const setup = { env: { id: 'cartpole', params: {} }, mix: { weights: {} }, learner: { kind: 'ppo' }, seed: 4 }
  const importSetup = () => page.getByLabel('Import design').setInputFiles({ name: 'setup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(setup)) })
  await importSetup()
  const question = page.getByRole('alertdialog', { name: 'Restart the run?' })
  await expect(question).toContainText('setup.json is a whole setup, another run')
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByLabel('Environment', { exact: true })).toHaveValue('cliffwalking')
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Training')
  await importSetup()
  await question.getByRole('button', { name: 'Apply without pinning' }).click()
  await expect(page.getByText('Imported the setup in setup.json: cartpole, ppo, seed 4.')).toBeVisible()
  await expect(page.getByLabel('Environment', { exact: true })).toHaveValue('cartpole')
})
