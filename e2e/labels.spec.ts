import { writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { curvePoints, expectTraining, pickByKeyboard } from './helpers'
import { END, THINK } from '../src/core/envs/tokenseq'
import { pairLine } from '../src/core/preferences/pairsFile'
import { tokenPairRecord } from '../src/core/preferences/tokenPairRecord'

test('label pairs by keyboard, keep them over a reload, fit a linear reward model and train against it as rm', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=tokenseq&seed=3')
  const panel = page.getByRole('group', { name: 'Label pairs', exact: true })
  await page.getByRole('button', { name: 'Label pairs' }).click()
  const counter = page.getByRole('status', { name: 'Labelled pairs' })
  await expect(counter).toHaveText(/^0 labelled/)

  await panel.getByRole('button', { name: 'Draw pairs to label' }).click()
  const pair = page.getByRole('group', { name: /^Pair to label/ })
  await expect(pair).toBeVisible()
  await expect(pair).toContainText(/Prompt: \d \+ \d = \? · from the start policy/)
  // Ten picks by keyboard (← → =), with skips between that label nothing; each shows the next pair (the waiting count goes down, or a new page of pairs comes).
  await pickByKeyboard(page, pair, ['ArrowLeft', 'ArrowRight', 's', '=', 'ArrowLeft', 'ArrowLeft', 'ArrowRight', 'S', 'ArrowRight', '=', 'ArrowLeft', 'ArrowRight'])
  await expect(counter).toHaveText('10 labelled (10 by hand, 2 ties)')

  // The labels are kept in the browser: a reload finds all ten.
  await page.reload()
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await expect(counter).toHaveText('10 labelled (10 by hand, 2 ties)')

  // Fit a linear model on the 8 decided pairs, nothing held out, and see its accuracy.
  await page.getByLabel('Held out').fill('0')
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  const accuracy = page.getByRole('status', { name: 'Fit accuracy' })
  // Too few pairs for a percentage: the counts themselves, and "pair" for one.
  await expect(accuracy).toContainText(/linear model, fitted in [\d.]+ s on 8 pairs\. Train accuracy: \d of 8 pairs ordered as labelled(, \d+ of (1 pair|[2-8] pairs) of different gold ordered as the gold|; no pair of different gold to judge it against the gold)\./)
  await expect(accuracy).not.toContainText('%')
  await expect(accuracy).toContainText('Held-out accuracy (0 pairs): none held out')

  // Use it as the reward: the rm component gets its slider, and training draws its line.
  await page.getByRole('button', { name: 'Use as reward' }).click()
  await expect(page.getByRole('slider', { name: 'rm', exact: true })).toHaveValue('1')
  await expect(page.getByRole('status', { name: 'Reward model in use' })).toHaveText('Reward model added as component rm, weight 1.')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  await expect(page.getByRole('figure', { name: 'Learning curve' })).toContainText('rm (contribution)')

  // Gold and the proxy against √KL to the start policy: binned once the updates report their KL.
  const overOptimisation = page.getByRole('figure', { name: 'Over-optimisation' })
  await expect(overOptimisation).toContainText(/^Gold and proxy against √KL to the start policy \(\d+ points in [1-9]\d* bins\)/, { timeout: 60_000 })
  await expect(overOptimisation).toContainText('rm (proxy, contribution)')
})

test('a length-biased labeler, and a fit that gives length its own head', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=tokenseq&seed=4')
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await page.getByLabel('Pairs', { exact: true }).fill('400')
  await page.getByLabel('Length bias (per token)').fill('0.3')
  await page.getByRole('button', { name: 'Simulated labeler' }).click()
  await expect(page.getByRole('status', { name: 'Labelled pairs' })).toHaveText(/^400 labelled/, { timeout: 60_000 })
  // The box is a linear fit's only: the MLP disables it.
  const ownHead = page.getByRole('checkbox', { name: 'Length gets its own head (linear)' })
  await page.getByRole('combobox', { name: 'Model' }).selectOption('mlp')
  await expect(ownHead).toBeDisabled()
  await page.getByRole('combobox', { name: 'Model' }).selectOption('linear')
  await ownHead.check()
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Fit accuracy' })).toContainText(/^linear model, length head \d[\d.e-]* per token \(not in the reward\), fitted in/)
})

test('an MLP reward model too long for a link: the page says the address leaves it out and where it is kept, and a reload opens without it', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=tokenseq&seed=5')
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await page.getByLabel('Pairs', { exact: true }).fill('200')
  await page.getByRole('button', { name: 'Simulated labeler' }).click()
  await expect(page.getByRole('status', { name: 'Labelled pairs' })).toHaveText(/^200 labelled/, { timeout: 60_000 })
  await page.getByRole('combobox', { name: 'Model' }).selectOption('mlp')
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Fit accuracy' })).toContainText(/^mlp model, fitted in/, { timeout: 60_000 })
  const note = page.getByRole('status', { name: 'Link', exact: true })
  await expect(note).toHaveCount(0)
  await page.getByRole('button', { name: 'Use as reward' }).click()
  await expect(page.getByRole('slider', { name: 'rm', exact: true })).toBeVisible()
  await expect(note).toContainText(/^The address leaves out this design's reward models: [\d,]+ characters, more than the 16,384 a link carries, so a reload or a shared link opens without them\. Export setup keeps them in a file/)
  // Export setup does keep it.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export setup' }).click()
  const setup = JSON.parse(await (await (await download).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')))
  expect(setup.mix.rewardModels[0].model.kind).toBe('mlp')
  // …and says what a setup is not: the labels, pins and sweeps stay behind.
  await expect(page.getByRole('status').filter({ hasText: /^Exported setup-tokenseq-seed5\.json: / })).toContainText('Labels, pins and sweeps are not in it')
  // As the note says: the address opens without it.
  await page.reload()
  await expect(page.getByRole('slider', { name: 'correct', exact: true })).toBeVisible()
  await expect(page.getByRole('slider', { name: 'rm', exact: true })).toHaveCount(0)
  await expect(note).toHaveCount(0)
})

test('importing 100,000 pairs shows its progress and keeps every pair; pairs of another environment are named as such', async ({ page }) => {
  test.setTimeout(600_000)
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  // The page's longest main-thread tasks, for the log only: timings are the benchmark's to judge.
  await page.addInitScript(() => {
    const tasks: number[] = []
    ;(window as unknown as { longTasks: number[] }).longTasks = tasks
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask', buffered: true })
  })
  await page.goto('./?env=tokenseq&seed=3')
  await page.getByRole('button', { name: 'Label pairs' }).click()
  const counter = page.getByRole('status', { name: 'Labelled pairs' })
  await expect(counter).toHaveText(/^0 labelled/)
  const importer = page.getByLabel('Import JSONL')

  // Pairs of CartPole's segments on the token task's page: said so, and nothing is kept.
  await importer.setInputFiles({ name: 'segments.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from('{"env": "cartpole", "a": {}, "b": {}, "label": "a"}\n') })
  await expect(page.getByRole('alert', { name: 'Labels message' })).toContainText("The file was not imported: line 1 is a pair of cartpole's segments, but this page is on tokenseq")
  await expect(counter).toHaveText(/^0 labelled/)

  const count = 100_000
  const lines: string[] = []
  for (let k = 0; k < count; k++) {
    const a = { prompt: [k % 10, (k >> 3) % 10] as [number, number], tokens: [THINK, k % 10, END], maxLength: 8 }
    const b = { prompt: a.prompt, tokens: [(k + 3) % 10, END], maxLength: 8 }
    lines.push(pairLine(tokenPairRecord(a, b, k % 2 === 0 ? 'a' : 'b')))
  }
  const started = Date.now()
  await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks.length = 0))
  // Over 50 MB: handed to the page as a file, as a person picks one.
  const file = test.info().outputPath('many.jsonl')
  writeFileSync(file, `${lines.join('\n')}\n`)
  await importer.setInputFiles(file)
  await expect(page.getByRole('status', { name: 'Import progress' })).toHaveText(/^Importing pairs: [\d,]+ of 100,000 (read|kept)$/, { timeout: 60_000 })
  await expect(counter).toHaveText(`${count} labelled (0 by hand, 0 ties)`, { timeout: 500_000 })
  await expect(page.getByRole('alert', { name: 'Labels message' })).toContainText(`Imported ${count} labelled pairs.`)
  await expect(page.getByRole('status', { name: 'Import progress' })).toHaveCount(0)
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
  console.log(`import of ${count} pairs: ${((Date.now() - started) / 1000).toFixed(1)} s; longest main-thread task ${Math.max(0, ...longTasks).toFixed(0)} ms (${longTasks.length} tasks over 50 ms)`)
})

test('a damaged kept label is removed on its own, by keyboard, and the others stay', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
  await page.goto('./?env=tokenseq&seed=3')
  await page.getByRole('button', { name: 'Label pairs' }).click()
  const counter = page.getByRole('status', { name: 'Labelled pairs' })
  await expect(counter).toHaveText(/^0 labelled/)
  await page.getByRole('button', { name: 'Draw pairs to label' }).click()
  const pair = page.getByRole('group', { name: /^Pair to label/ })
  await pickByKeyboard(page, pair, ['ArrowLeft', 'ArrowRight'])
  await expect(counter).toHaveText('2 labelled (2 by hand, 0 ties)')
  // Two records that cannot be read back as labels, as a damaged or foreign store holds them.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('reward-playground')
        opening.onsuccess = () => {
          const tx = opening.result.transaction('labels', 'readwrite')
          tx.objectStore('labels').put({ id: 77, version: 1, createdAt: 1, source: 'user', choice: 'a', pair: { a: { features: {}, gold: 1 } } })
          tx.objectStore('labels').put({ id: 78, version: 9, createdAt: 1, source: 'user', choice: 'a', pair: {} })
          tx.oncomplete = () => {
            opening.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
        opening.onerror = () => reject(opening.error)
      }),
  )
  await page.reload()
  await page.getByRole('button', { name: 'Label pairs' }).click()
  const damaged = page.getByRole('group', { name: 'Damaged labels' })
  await expect(damaged).toContainText('2 kept labels are damaged and left out')
  await expect(damaged.getByRole('listitem')).toHaveCount(2)
  const remove = damaged.getByRole('button', { name: 'Remove the damaged label 77' })
  await remove.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert', { name: 'Labels message' })).toContainText('Removed the damaged label 77.')
  await expect(damaged).toContainText('1 kept label is damaged and left out')
  await expect(damaged.getByRole('listitem')).toHaveCount(1)
  await expect(counter).toHaveText('2 labelled (2 by hand, 0 ties)')
  // Gone from the browser's storage too: a reload lists only the other one.
  await page.reload()
  await page.getByRole('button', { name: 'Label pairs' }).click()
  await expect(counter).toHaveText('2 labelled (2 by hand, 0 ties)')
  await expect(page.getByRole('group', { name: 'Damaged labels' }).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('group', { name: 'Damaged labels' })).toContainText('label 78')
})

