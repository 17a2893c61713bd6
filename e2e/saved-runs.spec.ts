import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { curvePoints, envSteps, expectTraining } from './helpers'

const FIRST_NAME = 'CliffWalking · qlearning · seed 1'

/** Open the Saved runs disclosure (closed after every load). */
async function openSavedRuns(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Saved runs' })
  await panel.locator('summary').click()
  await expect(panel.locator('details')).toHaveAttribute('open', '')
}

/** A saved run's row: its cells as shown (environment, learner, seed, steps, return, objective, status, saved). */
function savedRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Saved runs, newest first' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(name)}`) }) })
}

/** A saved run's name cell, by its exact accessible name. */
function savedName(page: Page, name: string) {
  return page.getByRole('region', { name: 'Saved runs' }).getByRole('rowheader', { name, exact: true })
}

async function rowCells(page: Page, name: string): Promise<string[]> {
  return (await savedRow(page, name).getByRole('cell').allTextContents()).slice(0, 8)
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

test('a paused run survives a reload, keeps a new name, is pinned for comparison and deleted', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=1')
  await openSavedRuns(page)
  await expect(page.getByText('No saved runs yet')).toBeVisible()
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(5)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  // The paused run is saved at once; a frame already on its way may add a last checkpoint.
  const steps = async () => (await envSteps(page)).toLocaleString('en-US')
  await expect
    .poll(async () => {
      const cells = await rowCells(page, FIRST_NAME)
      return cells[6] === 'paused' && cells[3] === (await steps())
    })
    .toBe(true)
  const savedSteps = await steps()
  // The live run's final figures, as the Compare view computes them from the same curve.
  await page.getByRole('button', { name: 'Pin run' }).click()
  await page.getByRole('button', { name: 'Compare (1)' }).click()
  const pinned = page.getByRole('table', { name: 'Pinned runs and their final figures' }).getByRole('row').nth(1)
  const [liveReturn, liveObjective] = (await pinned.getByRole('cell').allTextContents()).slice(0, 2)
  expect(await rowCells(page, FIRST_NAME)).toEqual(['CliffWalking', 'qlearning', '1', savedSteps, liveReturn, liveObjective, 'paused', expect.any(String)])
  await expect(page.getByRole('region', { name: 'Saved runs' }).locator('summary')).toContainText(/Saved runs \(1\) · 1 run · \d+(\.\d)? kB saved · [\d.]+ [kMGT]?B available/)

  await page.reload()
  await openSavedRuns(page)
  await expect.poll(() => rowCells(page, FIRST_NAME)).toEqual(['CliffWalking', 'qlearning', '1', savedSteps, liveReturn, liveObjective, 'paused', expect.any(String)])

  // Rename with the keyboard: an empty name is refused and Escape keeps the old one; Enter saves.
  await page.getByRole('button', { name: `Rename ${FIRST_NAME}` }).focus()
  await page.keyboard.press('Enter')
  const input = page.getByRole('textbox', { name: `New name for ${FIRST_NAME}` })
  await expect(input).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: "a run's name cannot be empty" })).toBeVisible()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Escape')
  await expect(savedName(page, FIRST_NAME)).toBeVisible()
  await expect(page.getByRole('button', { name: `Rename ${FIRST_NAME}` })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('  cliff baseline  ')
  await page.keyboard.press('Enter')
  // While the name is edited, the row's name is the text box's value: the rename is stored once the
  // box has gone and the keyboard is back on Rename (a reload before that would drop the write).
  await expect(page.getByRole('textbox', { name: `New name for ${FIRST_NAME}` })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Rename cliff baseline' })).toBeFocused()
  await expect(savedName(page, 'cliff baseline')).toBeVisible()

  await page.reload()
  await openSavedRuns(page)
  await expect(savedName(page, 'cliff baseline')).toBeVisible()
  await expect(savedName(page, FIRST_NAME)).toHaveCount(0)

  // A saved run exports its metrics like the live run: one CSV row per saved curve point.
  const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the metrics of cliff baseline as CSV' }).click()])
  expect(csvFile.suggestedFilename()).toBe('run-cliffwalking-seed1.csv')
  const csv = (await readFile((await csvFile.path())!, 'utf8')).trim().split('\r\n')
  expect(csv[0]).toMatch(/^env_steps,wall_seconds,shaped_return,objective,component:/)
  expect(csv.length - 1).toBeGreaterThanOrEqual(5)
  expect(Number(csv[csv.length - 1].split(',')[0])).toBeLessThanOrEqual(Number(savedSteps.replaceAll(',', '')))

  // The live run pinned before the reload is still pinned, as this saved run: Pin shows it pressed,
  // and pressing it unpins (one run is never pinned twice, which would band a run with itself).
  const pinSaved = page.getByRole('button', { name: 'Pin cliff baseline for comparison' })
  await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeVisible()
  await expect(pinSaved).toHaveAttribute('aria-pressed', 'true')
  await pinSaved.click()
  await expect(pinSaved).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('button', { name: 'Compare (0)' })).toBeVisible()
  // Pinned from the library, it joins the Compare view under its name, with the same final figures.
  await pinSaved.click()
  await expect(pinSaved).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Compare (1)' }).click()
  const pins = page.getByRole('table', { name: 'Pinned runs and their final figures' })
  await expect(pins.getByRole('rowheader')).toHaveText(['#1 cliff baseline'])
  expect((await pins.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(0, 2)).toEqual([liveReturn, liveObjective])

  // Open design: the saved design comes back after the page moved to another environment and seed.
  await page.getByLabel('Environment', { exact: true }).selectOption('cartpole')
  await page.getByLabel('Seed', { exact: true }).fill('5')
  await page.getByRole('button', { name: 'Open the design of cliff baseline' }).click()
  await expect(page.getByLabel('Environment', { exact: true })).toHaveValue('cliffwalking')
  await expect(page.getByLabel('Seed', { exact: true })).toHaveValue('1')
  await expect(page).toHaveURL(/env=cliffwalking&seed=1/)
  await expect(page.getByRole('status').filter({ hasText: 'Opened the design of "cliff baseline"' })).toBeVisible()

  // Delete offers Undo; deleted again, it is gone after a reload.
  await page.getByRole('button', { name: 'Delete cliff baseline' }).click()
  await expect(savedName(page, 'cliff baseline')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(savedName(page, 'cliff baseline')).toBeVisible()
  await page.getByRole('button', { name: 'Delete cliff baseline' }).click()
  await expect(savedName(page, 'cliff baseline')).toHaveCount(0)
  await page.reload()
  await openSavedRuns(page)
  await expect(page.getByText('No saved runs yet')).toBeVisible()
})

test('a run still training when the page reloads is kept up to its last checkpoint', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=2')
  await openSavedRuns(page)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  const name = 'CliffWalking · qlearning · seed 2'
  await expect(savedName(page, `${name} (live)`)).toBeVisible({ timeout: 60_000 })
  // Wait for a checkpoint past the first one, then leave mid-training.
  const firstSteps = Number((await rowCells(page, name))[3].replaceAll(',', ''))
  await expect.poll(async () => Number((await rowCells(page, name))[3].replaceAll(',', '')), { timeout: 60_000 }).toBeGreaterThan(firstSteps)
  const checkpointSteps = Number((await rowCells(page, name))[3].replaceAll(',', ''))
  await expectTraining(page)
  await page.reload()
  await openSavedRuns(page)
  await expect.poll(() => rowCells(page, name)).toHaveLength(8)
  const cells = await rowCells(page, name)
  expect(Number(cells[3].replaceAll(',', ''))).toBeGreaterThanOrEqual(checkpointSteps)
  expect(cells[6]).toBe('cut off (kept to its last checkpoint)')
  expect(Number(cells[4])).not.toBeNaN()
  await expect(savedName(page, `${name} (live)`)).toHaveCount(0)
})

test('without IndexedDB the page says saving is off and still trains', async ({ page }) => {
  // A browser that offers no IndexedDB here (as some private windows do).
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }))
  await page.goto('./?env=cliffwalking&seed=1')
  await expect(page.getByRole('alert').filter({ hasText: /^Saving is off: this browser offers no IndexedDB/ })).toBeVisible()
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
})

/** Train until the run is saved, then pause it: one good record in the library. */
async function saveOnePausedRun(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect(savedName(page, `${name} (live)`)).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect.poll(async () => (await rowCells(page, name))[6]).toBe('paused')
}

test('a damaged saved run (a date past what a Date holds, a numeric id) is listed as damaged with Delete; the page and the other runs stay', async ({ page }) => {
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto('./?env=cliffwalking&seed=3')
  const name = 'CliffWalking · qlearning · seed 3'
  await openSavedRuns(page)
  await saveOnePausedRun(page, name)
  // Beside the saved run: a good copy of it, one saved "in the year 1e300" and one whose id is a number.
  await page.evaluate(async () => {
    const settled = <T,>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((request.onsuccess = () => resolve(request.result)), (request.onerror = () => reject(request.error))))
    const db = await settled(indexedDB.open('reward-playground'))
    const store = db.transaction('runs', 'readwrite').objectStore('runs')
    const [good] = await settled(store.getAll())
    await settled(store.put({ ...good, id: 'copy', name: 'cliff copy', updatedAt: good.updatedAt - 1 }))
    await settled(store.put({ ...good, id: 'far-future', name: 'far future', updatedAt: 1e300 }))
    await settled(store.put({ ...good, id: 42, name: 'numbered' }))
    db.close()
  })
  await page.reload()
  await openSavedRuns(page)
  const damaged = page.getByRole('list', { name: 'Damaged saved records' }).getByRole('listitem')
  await expect(damaged).toHaveCount(2)
  await expect(damaged.filter({ hasText: 'far future' })).toContainText(/The saved run "far future" is damaged and cannot be opened: updatedAt: must be a time in ms since 1970, from 0 to 8\.64e15 ms/)
  await expect(damaged.filter({ hasText: 'numbered' })).toContainText('The saved run "numbered" is damaged and cannot be opened: id: expected string')
  // The page still renders, with the good runs.
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()
  await expect(savedName(page, name)).toBeVisible()
  await expect(savedName(page, 'cliff copy')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Saved runs' }).locator('summary')).toContainText('Saved runs (2)')

  await page.getByRole('button', { name: 'Delete the damaged record far future' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted the damaged run "far future".' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete the damaged record numbered' }).click()
  await expect(page.getByRole('list', { name: 'Damaged saved records' })).toHaveCount(0)
  await page.reload()
  await openSavedRuns(page)
  await expect(savedName(page, name)).toBeVisible()
  await expect(savedName(page, 'cliff copy')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Damaged saved records' })).toHaveCount(0)
  expect(pageErrors).toEqual([])
})

test('a second run under the same default name is saved numbered "(2)"', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=6')
  const name = 'CliffWalking · qlearning · seed 6'
  await openSavedRuns(page)
  await saveOnePausedRun(page, name)
  await page.getByRole('button', { name: 'Reset' }).click()
  await saveOnePausedRun(page, `${name} (2)`)
  await expect(savedName(page, name)).toBeVisible()
  await expect(page.getByRole('button', { name: `Delete ${name} (2)` })).toBeVisible()
})

test('the saved runs deleted from another tab while a run trains: saving is off saying so, the counts go to 0, training goes on', async ({ page, context }) => {
  await page.goto('./?env=cliffwalking&seed=4')
  await openSavedRuns(page)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect(savedName(page, 'CliffWalking · qlearning · seed 4 (live)')).toBeVisible({ timeout: 60_000 })
  const other = await context.newPage()
  await other.goto('./?env=cartpole')
  await other.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('reward-playground')
        request.onsuccess = () => resolve()
        request.onerror = () => reject(request.error)
      }),
  )
  await expect(page.getByRole('alert').filter({ hasText: /^Saving is off: the saved runs were deleted/ })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'updated in another tab' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Saved runs' }).locator('summary')).toHaveText('Saved runs (0)')
  await expect(page.getByRole('table', { name: 'Saved runs, newest first' })).toHaveCount(0)
  const steps = await envSteps(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(steps)
  await expectTraining(page)
})

test('the browser clearing the site data while a run trains: saving is off saying so, the counts go to 0', async ({ page, context, baseURL }) => {
  await page.goto('./?env=cliffwalking&seed=5')
  await openSavedRuns(page)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect(savedName(page, 'CliffWalking · qlearning · seed 5 (live)')).toBeVisible({ timeout: 60_000 })
  // What the browser's "Clear site data" does to IndexedDB.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL!).origin, storageTypes: 'indexeddb' })
  await expect(page.getByRole('alert').filter({ hasText: /^Saving is off: the saved runs were deleted/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Saved runs' }).locator('summary')).toHaveText('Saved runs (0)')
})
