import { expect, test, type Page } from '@playwright/test'
import { rewardInLink } from './helpers'

/** Record the first run figures and diagnostics the page renders (the first update's). */
async function watchFirstMetrics(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record = window as unknown as { firstMetrics?: string }
    const observer = new MutationObserver(() => {
      const table = document.querySelector('section[aria-label="Learner diagnostics"] table')
      const figures = document.querySelector('dl[aria-label="Run figures"]')
      if (table && figures && record.firstMetrics === undefined) {
        // Every figure but the two that measure time (Steps/s, Time), then every diagnostic.
        const pairs = [...figures.querySelectorAll('div')].map((pair) => `${pair.querySelector('dt')?.textContent} = ${pair.querySelector('dd')?.textContent}`)
        record.firstMetrics = [...pairs.filter((pair) => !/^(Steps\/s|Time) =/.test(pair)), table.textContent].join('; ')
        observer.disconnect()
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

async function firstMetrics(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { firstMetrics?: string }).firstMetrics ?? ''), { timeout: 60_000 }).not.toBe('')
  return page.evaluate(() => (window as unknown as { firstMetrics: string }).firstMetrics)
}

test('a link carries the design and the open views, and the same seed trains the same first update', async ({ page, context }) => {
  await page.goto('./?env=cliffwalking&seed=11')
  // Change the design: a parameter, a weight, an added shaping term (its JSON is compressed into rz=).
  const limit = page.getByLabel('time limit', { exact: true })
  await limit.fill('300')
  await limit.press('Enter')
  const hazard = page.getByRole('slider', { name: 'hazard' })
  await hazard.focus()
  await page.keyboard.press('PageDown')
  const hazardValue = await hazard.inputValue()
  expect(hazardValue).not.toBe('100')
  await page.getByRole('combobox', { name: 'Shaping potential' }).selectOption('distance')
  await page.getByRole('button', { name: 'Add shaping' }).click()
  // Change the views: both tab strips, the x axis, the smoothing and two overlays.
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  await page.getByRole('button', { name: /^Compare/ }).click()
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  await curve.getByLabel('x', { exact: true }).selectOption('wallSeconds')
  const smoothing = curve.getByRole('slider', { name: 'smoothing' })
  await smoothing.focus()
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight')
  const overlays = page.getByRole('group', { name: 'Grid overlays' })
  await overlays.getByRole('checkbox', { name: 'Values' }).check()
  await overlays.getByRole('checkbox', { name: 'Φ distance' }).check()
  await expect(page).toHaveURL(/[?&]rz=[A-Za-z0-9_-]+/)
  expect(JSON.parse(await rewardInLink(page)).shaping).toEqual([{ potential: 'distance', weight: 1, gamma: 1, naive: false }])
  await expect(page).toHaveURL(/[?&]v=curve-compare_x-time_smooth-0\.2_adv-timeline_ov-values\.potential(&|$)/)
  const link = page.url()

  const copy = await context.newPage()
  await copy.goto(link)
  await expect(copy.getByLabel('Environment')).toHaveValue('cliffwalking')
  await expect(copy.getByLabel('Seed', { exact: true })).toHaveValue('11')
  await expect(copy.getByLabel('time limit', { exact: true })).toHaveValue('300')
  await expect(copy.getByRole('slider', { name: 'hazard' })).toHaveValue(hazardValue)
  await expect(copy.getByRole('slider', { name: 'shaping_distance' })).toBeVisible()
  await expect(copy.getByRole('button', { name: 'Credit timeline' })).toHaveAttribute('aria-pressed', 'true')
  await expect(copy.getByRole('button', { name: /^Compare/ })).toHaveAttribute('aria-pressed', 'true')
  const copyCurve = copy.getByRole('figure', { name: 'Learning curve' })
  await expect(copyCurve.getByLabel('x', { exact: true })).toHaveValue('wallSeconds')
  await expect(copyCurve.getByRole('slider', { name: 'smoothing' })).toHaveValue('0.2')
  const copyOverlays = copy.getByRole('group', { name: 'Grid overlays' })
  await expect(copyOverlays.getByRole('checkbox', { name: 'Values' })).toBeChecked()
  await expect(copyOverlays.getByRole('checkbox', { name: 'Φ distance' })).toBeChecked()
  await expect(copyOverlays.getByRole('checkbox', { name: 'Policy' })).not.toBeChecked()
  await expect(copy.getByRole('alert')).toHaveCount(0)
  // The reopened page writes the very same link back into its address.
  await expect(copy).toHaveURL(link)

  // Q-learning from the same seed: the first update shows the same figures on both pages.
  // One page trains at a time: the machine's cores stay with the page being read.
  const metrics: string[] = []
  for (const each of [page, copy]) {
    await watchFirstMetrics(each)
    await each.getByRole('button', { name: 'Start' }).click()
    metrics.push(await firstMetrics(each))
    await each.getByRole('button', { name: 'Pause' }).click()
  }
  const [original, reopened] = metrics
  expect(original).toMatch(/^Steps = \d+; Episodes = \d+; .*; epsilon/)
  expect(reopened).toBe(original)
})

test('classroom mode shows only the ticked controls, in the presenter layout when chosen', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('./?env=gridworld&seed=4&w.coin=3&v=adv-timeline')
  const teacherFont = await page.getByRole('button', { name: 'Start' }).evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
  await page.getByRole('button', { name: 'Classroom' }).click()
  const dialog = page.getByRole('dialog', { name: 'Classroom link' })
  await expect(dialog).toBeVisible()
  const controls = dialog.getByRole('group', { name: 'Controls students see' })
  for (const name of ['Environment picker', 'Seed', 'Saved runs', 'Learner panel', 'Environment parameters', 'Level editor (grid worlds)', 'Chart x axis and smoothing', 'Credit tabs (Advantages, Credit timeline, Team)', 'Monitors panel']) {
    await controls.getByRole('checkbox', { name }).uncheck()
  }
  await controls.getByRole('checkbox', { name: 'Add to the reward (terms, shaping, bonuses, transforms)' }).uncheck()
  await expect(controls.getByRole('checkbox', { name: 'Design file import and export (inside Add to the reward)' })).toBeDisabled()
  // Keep only the coin slider of the reward sliders.
  await controls.getByRole('checkbox', { name: 'Reward sliders (all of them)' }).uncheck()
  await dialog.getByRole('group', { name: 'Single reward sliders' }).getByRole('checkbox', { name: 'coin' }).check()
  await dialog.getByRole('checkbox', { name: 'Presenter layout (large fonts)' }).check()
  const field = dialog.getByRole('textbox', { name: 'Link for the class' })
  await expect(field).toHaveValue(/[?&]c=run\.curveTabs\.overlays\.lessons\.tour\.w-coin&present=1$/)
  await expect(field).toHaveAttribute('readonly', '')
  await dialog.getByRole('button', { name: 'Copy classroom link' }).click()
  await expect(dialog.getByRole('status')).toHaveText('Copied the classroom link.')
  const link = await field.inputValue()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  expect(new URL(link).searchParams.get('w.coin')).toBe('3')
  // The teacher's own link: the same setup and presenter layout, with every control.
  const teacherField = dialog.getByRole('textbox', { name: "Teacher's link (all controls)" })
  await dialog.getByRole('button', { name: "Copy teacher's link" }).click()
  await expect(dialog.getByRole('status')).toHaveText("Copied the teacher's link.")
  const teacherLink = await teacherField.inputValue()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(teacherLink)
  expect(new URL(teacherLink).searchParams.get('c')).toBeNull()
  expect(new URL(teacherLink).searchParams.get('present')).toBe('1')
  expect(new URL(teacherLink).searchParams.get('w.coin')).toBe('3')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  // By keyboard: focus is back on the Classroom button, the ticks are kept, Escape closes.
  await expect(page.getByRole('button', { name: 'Classroom' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(controls.getByRole('checkbox', { name: 'Seed' })).not.toBeChecked()
  await expect(controls.getByRole('checkbox', { name: 'Run controls (Start, Pause, Step, Reset, Pin run)' })).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // The teacher's own page is unchanged.
  await expect(page.getByLabel('Seed', { exact: true })).toBeVisible()

  const student = await context.newPage()
  await student.goto(link)
  await expect(student.getByRole('note')).toHaveText('Classroom view: some controls are hidden')
  // Ticked: rendered.
  await expect(student.getByRole('button', { name: 'Start' })).toBeVisible()
  await expect(student.getByRole('slider', { name: 'coin' })).toHaveValue('3')
  await expect(student.getByRole('group', { name: 'Chart view' })).toBeVisible()
  await expect(student.getByRole('group', { name: 'Grid overlays' })).toBeVisible()
  // Unticked: not in the page at all (not merely hidden).
  for (const gone of [
    student.getByLabel('Seed', { exact: true }),
    student.getByLabel('Environment'),
    student.getByRole('slider', { name: 'hazard' }),
    student.getByRole('group', { name: 'Credit view' }),
    student.getByRole('button', { name: 'Edit level' }),
    student.getByRole('button', { name: 'Export design' }),
    student.getByRole('button', { name: 'Classroom' }),
    student.getByLabel('map', { exact: true }),
    student.getByRole('combobox', { name: 'Shaping potential' }),
    student.getByLabel('x', { exact: true }),
  ]) {
    await expect(gone).toHaveCount(0)
  }
  await expect(student.locator('.learner-panel, .params, .reward-terms')).toHaveCount(0)
  // The view the teacher had open is the one shown.
  await expect(student.getByRole('list', { name: 'Steps of the latest episode' })).toBeAttached()
  await expect(student.getByRole('region', { name: 'Advantages' })).toHaveCount(0)
  // Presenter layout: larger text than the teacher's page.
  const studentFont = await student.getByRole('button', { name: 'Start' }).evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
  expect(studentFont).toBeGreaterThanOrEqual(teacherFont * 1.25)
  // Locked, not merely hidden: no button on the page brings the controls back.
  await expect(student.getByRole('button', { name: /show all|all controls|leave classroom/i })).toHaveCount(0)
  // A reload keeps classroom mode and the presenter layout.
  await student.reload()
  await expect(student.getByRole('note')).toHaveText('Classroom view: some controls are hidden')
  await expect(student.getByLabel('Seed', { exact: true })).toHaveCount(0)
  expect(await student.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(true)

  // The teacher's link opens the same setup with every control, in the presenter layout it asked for.
  const teacher = await context.newPage()
  await teacher.goto(teacherLink)
  await expect(teacher.getByRole('note')).toHaveCount(0)
  await expect(teacher.getByLabel('Seed', { exact: true })).toHaveValue('4')
  await expect(teacher.getByRole('slider', { name: 'hazard' })).toBeVisible()
  await expect(teacher.getByRole('slider', { name: 'coin' })).toHaveValue('3')
  await expect(teacher.getByRole('button', { name: 'Classroom' })).toBeVisible()
  expect(await teacher.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(true)
})

test('a tampered link names each bad part, applies the rest, and injects nothing', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const evil = '<img src=x onerror=alert(1)>'
  await page.goto(`./?env=gridworld&seed=5&v=${encodeURIComponent(`curve-${evil}_ov-values`)}&c=${encodeURIComponent(`run.overlays.${evil}`)}&present=${encodeURIComponent('<b>1</b>')}&rz=${encodeURIComponent('%%<script>')}`)
  const notice = page.getByRole('alert')
  await expect(notice).toContainText('ignored')
  await expect(notice).toContainText(`view curve "${evil}" (accepted: live, compare)`)
  await expect(notice).toContainText(`classroom control "${evil}"`)
  await expect(notice).toContainText('present "<b>1</b>" (accepted: 1 or 0)')
  await expect(notice).toContainText('reward design "rz" (not base64url')
  // Shown as text, never as HTML or script.
  await expect(page.locator('img, b, script:not([src])')).toHaveCount(0)
  expect(dialogs).toEqual([])
  // The good parts still apply: the seed, the Values overlay, classroom mode with run controls and overlays.
  await expect(page.getByRole('note')).toHaveText('Classroom view: some controls are hidden')
  await expect(page.getByRole('group', { name: 'Grid overlays' }).getByRole('checkbox', { name: 'Values' })).toBeChecked()
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()
  await expect(page.getByRole('slider', { name: 'hazard' })).toHaveCount(0)
  // Nothing else changed: the default design for that seed, no presenter layout.
  await expect(page).toHaveURL(/[?&]seed=5&/)
  await expect(page).not.toHaveURL(/present=|rz=|r=/)
  expect(await page.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(false)
})

test('a classroom link whose ids are all unknown names them and keeps every control locked', async ({ page }) => {
  await page.goto('./?env=gridworld&c=nope.bogus&present=1')
  const notice = page.getByRole('alert')
  await expect(notice).toContainText('classroom control "nope"')
  await expect(notice).toContainText('classroom control "bogus"')
  await expect(page.getByRole('note')).toHaveText('Classroom view: some controls are hidden')
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0)
  // No button unlocks the page or drops the presenter layout the link asked for.
  await expect(page.getByRole('button', { name: /show all|all controls|leave classroom/i })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Classroom' })).toHaveCount(0)
  await expect(page).toHaveURL(/[?&]present=1/)
  expect(await page.evaluate(() => document.documentElement.classList.contains('presenter'))).toBe(true)
})
