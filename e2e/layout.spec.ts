import { expect, test, type Locator, type Page } from '@playwright/test'
import { curvePoints, expectTraining } from './helpers'

/*
 * The layout at the screens people use: a phone, a student's laptop, a teacher's 1280×720 and
 * 1920×1080 projectors, each in the normal and the presenter layout (a classroom link with every
 * control and present=1). Each visit trains for a moment, pauses, and measures the views from the
 * DOM: nothing scrolls sideways, every main view has its minimum size, no two overlap, and the
 * credit views are at least half as tall as the learning curve.
 */

type Box = { x: number; y: number; width: number; height: number }

interface Visit {
  width: number
  height: number
  presenter: boolean
  /** The grid world (its overlay toolbar, the level editor, an expression box) or the team game (its credit table). */
  env: 'grid' | 'team'
}

const VISITS: Visit[] = [
  { width: 390, height: 844, presenter: false, env: 'grid' },
  { width: 390, height: 844, presenter: true, env: 'team' },
  { width: 1366, height: 768, presenter: false, env: 'team' },
  { width: 1366, height: 768, presenter: true, env: 'grid' },
  { width: 1280, height: 720, presenter: false, env: 'team' },
  { width: 1280, height: 720, presenter: true, env: 'grid' },
  { width: 1920, height: 1080, presenter: false, env: 'grid' },
  { width: 1920, height: 1080, presenter: true, env: 'team' },
]

/** Below this width the page is one column (src/ui/common/useNarrowLayout.ts). */
const NARROW_MAX_WIDTH = 899
/** Every control a teacher can keep, so a presenter visit is a classroom link that hides nothing. */
const ALL_CONTROLS = 'env.seed.run.weights.terms.designFile.learner.params.levelEditor.curveTabs.curveAxis.creditTabs.overlays.monitors.savedRuns.lessons.tour'
/** Minimum sizes in CSS pixels: the learning curve's figure and the environment's picture. */
const CURVE_MIN = { width: 320, height: 220 }
const PICTURE_MIN = { width: 260, height: 140 }
/** The narrowest phone the layout is for. */
const NARROWEST = 360

const ENV_LABEL = { grid: 'Grid world', team: 'Team effort' }

for (const visit of VISITS) {
  const name = `layout-${visit.width}x${visit.height}${visit.presenter ? '-presenter' : ''}`
  test(`${name}: no sideways scroll, every view at its minimum size, none over another`, async ({ page }, testInfo) => {
    const narrow = visit.width <= NARROW_MAX_WIDTH
    await page.addInitScript(() => window.localStorage.setItem('reward-playground.tour-seen', '1'))
    await page.setViewportSize({ width: visit.width, height: visit.height })
    const query = visit.env === 'grid' ? 'env=gridworld&p.map=coinloop' : 'env=coop'
    await page.goto(`./?${query}${visit.presenter ? `&c=${ALL_CONTROLS}&present=1` : ''}`)
    await expect(page.getByRole('alert')).toHaveCount(0)
    if (visit.presenter) await expect(page.getByRole('note')).toHaveText('Classroom view: some controls are hidden')
    await expectSkipLinks(page)

    // The design panels fold: on a phone only the reward sliders start open, and a title toggles its panel by keyboard.
    const learner = page.getByRole('button', { name: 'Learner', exact: true })
    await expect(learner).toHaveAttribute('aria-expanded', narrow ? 'false' : 'true')
    await expect(page.getByRole('button', { name: 'Reward = Σ weight × component' })).toHaveAttribute('aria-expanded', 'true')
    if (narrow) {
      await expect(page.getByRole('combobox', { name: 'Learner' })).toBeHidden()
      await learner.focus()
      await page.keyboard.press('Enter')
      await expect(learner).toHaveAttribute('aria-expanded', 'true')
      await expect(page.getByRole('combobox', { name: 'Learner' })).toBeVisible()
      await page.keyboard.press('Space')
      await expect(learner).toHaveAttribute('aria-expanded', 'false')
    }

    if (visit.env === 'grid') await expectExpressionBoxSpansItsPanel(page, narrow)
    await expectEmptyCurveTextClearOfAxes(page)

    await page.getByRole('button', { name: 'Start' }).click()
    await expectTraining(page)
    await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThan(1)
    // On a phone, Pause stays in reach while training, however tall the run's figures grow.
    if (narrow) await expectInViewport(page.getByRole('button', { name: 'Pause' }))
    await expect(page.getByRole('status', { name: 'What-if', exact: true })).toBeVisible({ timeout: 60_000 })
    if (visit.env === 'team') {
      await page.getByRole('button', { name: 'Team', exact: true }).click()
      await expect(teamTable(page)).toBeVisible({ timeout: 60_000 })
    }
    await page.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')

    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

    const curveFigure = page.getByRole('figure', { name: 'Learning curve' })
    const pictureImage = page.getByRole('img', { name: new RegExp(`^${ENV_LABEL[visit.env]}`) })
    const { header, design, curve, picture, envView, credit, diagnostics, monitors } = await boxesAtOnce(page, {
      header: page.getByRole('banner'),
      design: page.getByRole('complementary', { name: 'Design' }),
      curve: curveFigure,
      picture: pictureImage,
      envView: pictureImage.locator('xpath=ancestor::figure[1]'),
      credit: page.getByRole('region', { name: 'Credit', exact: true }),
      diagnostics: page.getByRole('region', { name: 'Learner diagnostics' }),
      monitors: page.getByRole('region', { name: 'Monitors' }),
    })

    expect(curve.width).toBeGreaterThanOrEqual(CURVE_MIN.width)
    expect(curve.height).toBeGreaterThanOrEqual(CURVE_MIN.height)
    expect(picture.width).toBeGreaterThanOrEqual(PICTURE_MIN.width)
    expect(picture.height).toBeGreaterThanOrEqual(PICTURE_MIN.height)
    expectApart({ header, design, curve, envView, credit, diagnostics, monitors })
    // One column on a phone, in reading order: the learning curve first, then the design, then the other views.
    if (narrow) {
      expect(curve.y).toBeLessThan(design.y)
      expect(design.y).toBeLessThan(envView.y)
    }
    // The tagline wraps onto a line or two under the title, never a word a line.
    const tagline = page.getByText('Compose a reward, train an agent, watch what the reward does.')
    const lineHeight = await tagline.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.2)
    expect((await boxOf(tagline)).height).toBeLessThanOrEqual(2 * lineHeight + 1)
    await expectAxisTitlesClearOfLabels(curveFigure)
    // Canvas labels grow with the presenter fonts: the picture's font size is the projector's.
    const canvasFont = await page.getByRole('img', { name: new RegExp(`^${ENV_LABEL[visit.env]}`) }).evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
    expect(canvasFont).toBeGreaterThanOrEqual(visit.presenter ? 18 : 12)

    // Every credit view is readable: the histogram and the timeline at least half as tall as the curve, clear of the what-if text.
    const whatIf = page.getByRole('status', { name: 'What-if', exact: true })
    await page.getByRole('button', { name: 'Advantages', exact: true }).click()
    await expectCreditChart(page, page.getByRole('region', { name: 'Advantages' }).locator('.advantage-chart'), curveFigure, whatIf)
    await page.getByRole('button', { name: 'Credit timeline', exact: true }).click()
    await expect(page.getByRole('list', { name: 'Steps of the latest episode' }).getByRole('listitem').first()).toBeAttached()
    const timelineChart = page.getByRole('region', { name: 'Credit', exact: true }).locator('.advantage-chart')
    await expectCreditChart(page, timelineChart, curveFigure, whatIf)
    // Brought into view, the chart is shown whole: its bottom edge inside the window, not cut off by it or by its panel.
    await timelineChart.scrollIntoViewIfNeeded()
    await expectInViewport(timelineChart)
    if (visit.env === 'team') {
      await page.getByRole('button', { name: 'Team', exact: true }).click()
      const table = teamTable(page)
      await expect(table).toBeVisible()
      const { teamView, tableBox, curveNow, whatIfBox } = await boxesAtOnce(page, { teamView: table.locator('xpath=..'), tableBox: table, curveNow: curveFigure, whatIfBox: whatIf })
      expect(teamView.height).toBeGreaterThanOrEqual(curveNow.height / 2)
      // Shown whole from top to bottom, not under the what-if text; wider than the panel only on a phone (it scrolls sideways inside it).
      expect(tableBox.y).toBeGreaterThanOrEqual(teamView.y - 1)
      expect(tableBox.y + tableBox.height).toBeLessThanOrEqual(teamView.y + teamView.height + 1)
      if (!narrow) expect(tableBox.width).toBeLessThanOrEqual(teamView.width + 1)
      expectApart({ table: tableBox, whatIf: whatIfBox })
    }
    if (visit.env === 'grid') await expectToolbarClearOfTheGrid(page)
    if (narrow) await expectTouchTargets(page)

    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    // The pointer off the charts, so that no readout covers them in the pictures.
    await page.mouse.move(0, 0)
    await testInfo.attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' })
    // Where the views need more than the window's height, they scroll beside the design column: their end is shown too.
    const views = page.getByRole('main')
    if (!narrow && (await views.evaluate((element) => element.scrollHeight > element.clientHeight + 1))) {
      await views.evaluate((element) => element.scrollTo(0, element.scrollHeight))
      await testInfo.attach(`${name}-scrolled.png`, { body: await page.screenshot(), contentType: 'image/png' })
    }
    if (narrow) {
      // The narrowest phone scrolls no more sideways than this one.
      await page.setViewportSize({ width: NARROWEST, height: visit.height })
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    }
  })
}

function teamTable(page: Page): Locator {
  return page.getByRole('table', { name: /Mean per round over the last \d+ recorded team rounds/ })
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box, 'the view is on the page').not.toBeNull()
  return box!
}

/**
 * The boxes of several elements in one layout of the page, measured in a single script run: boxes
 * taken one call apart can come from two layouts (a what-if line that gains a line between two
 * calls moves the views around it), and comparing them would find overlaps the page never had.
 */
async function boxesAtOnce<K extends string>(page: Page, locators: Record<K, Locator>): Promise<Record<K, Box>> {
  const names = Object.keys(locators) as K[]
  const handles = await Promise.all(names.map(async (name) => {
    await expect(locators[name], `${name} is on the page`).toBeAttached()
    return locators[name].elementHandle()
  }))
  const rects = await page.evaluate((elements) => elements.map((element) => {
    const { x, y, width, height } = element!.getBoundingClientRect()
    return { x, y, width, height }
  }), handles)
  for (const handle of handles) await handle?.dispose()
  const boxes = {} as Record<K, Box>
  names.forEach((name, i) => {
    expect(rects[i].width > 0 || rects[i].height > 0, `${name} is shown`).toBe(true)
    boxes[name] = rects[i]
  })
  return boxes
}

/** Whether two boxes share more than an edge. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1
}

/** No two of the named boxes overlap. */
function expectApart(boxes: Record<string, Box>): void {
  const names = Object.keys(boxes)
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      expect(overlap(boxes[names[i]], boxes[names[j]]), `${names[i]} ${JSON.stringify(boxes[names[i]])} overlaps ${names[j]} ${JSON.stringify(boxes[names[j]])}`).toBe(false)
    }
  }
}

/** A credit chart at least half as tall as the learning curve (as both are now: the tab shown moves them), wide enough to read, and clear of the what-if text. */
async function expectCreditChart(page: Page, chart: Locator, curve: Locator, whatIf: Locator): Promise<void> {
  const boxes = await boxesAtOnce(page, { chart, curve, whatIf })
  expect(boxes.chart.height).toBeGreaterThanOrEqual(boxes.curve.height / 2)
  expect(boxes.chart.width).toBeGreaterThanOrEqual(240)
  expectApart({ chart: boxes.chart, whatIf: boxes.whatIf })
}

/** Before the first episode, the curve's empty-state text sits inside the plot, clear of the axis titles. */
async function expectEmptyCurveTextClearOfAxes(page: Page): Promise<void> {
  const curve = page.getByRole('figure', { name: 'Learning curve' })
  const empty = curve.getByText('No episodes yet. Press Start: the curve grows as episodes finish.', { exact: true })
  await expect(empty).toBeVisible()
  const text = await empty.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const { x, y, width, height } = range.getBoundingClientRect()
    return { x, y, width, height }
  })
  const titles = curve.locator('.chart-axis-title')
  await expect(titles).toHaveCount(2)
  for (const title of await titles.all()) expectApart({ emptyText: text, axisTitle: await boxOf(title) })
}

/** The rotated axis titles of the learning curve never sit on its tick labels. */
async function expectAxisTitlesClearOfLabels(curve: Locator): Promise<void> {
  const clashes = await curve.evaluate((figure) => {
    const rect = (element: Element) => element.getBoundingClientRect()
    const titles = [...figure.querySelectorAll('.chart-axis-title')]
    const labels = [...figure.querySelectorAll('.chart-axis text:not(.chart-axis-title)')]
    const found: string[] = []
    for (const title of titles) {
      const a = rect(title)
      for (const label of labels) {
        const b = rect(label)
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) found.push(`${title.textContent} on ${label.textContent}`)
      }
    }
    return { titles: titles.length, found }
  })
  expect(clashes.titles).toBe(2)
  expect(clashes.found).toEqual([])
}

/** On a grid world: the overlay toggles and the Edit level button sit above the picture, apart, and the button's text shows whole. */
async function expectToolbarClearOfTheGrid(page: Page): Promise<void> {
  const editButton = page.getByRole('button', { name: 'Edit level' })
  const { picture, toggles, edit } = await boxesAtOnce(page, { picture: page.getByRole('img', { name: /^Grid world/ }), toggles: page.getByRole('group', { name: 'Grid overlays' }), edit: editButton })
  // Above the canvas, so over no cell of the grid, its top row included.
  expect(toggles.y + toggles.height).toBeLessThanOrEqual(picture.y + 1)
  expect(edit.y + edit.height).toBeLessThanOrEqual(picture.y + 1)
  expectApart({ toggles, edit })
  expect(await editButton.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
}

/** An added term's expression box is as wide as its panel (it used to show 190 px of what was typed). */
async function expectExpressionBoxSpansItsPanel(page: Page, narrow: boolean): Promise<void> {
  const panelToggle = page.getByRole('button', { name: 'Add to the reward' })
  if (narrow) await panelToggle.press('Enter')
  await expect(panelToggle).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('button', { name: 'Add term' }).click()
  const box = page.getByRole('textbox', { name: 'Term term1' })
  await expect(box).toBeVisible()
  const widths = await box.evaluate((input) => ({ input: input.getBoundingClientRect().width, panel: input.closest('fieldset')!.querySelector(':scope > div')!.clientWidth }))
  expect(widths.input).toBeGreaterThanOrEqual(widths.panel - 1)
}

/** The element shown whole inside the window and inside every ancestor that clips it (one layout pass). */
async function expectInViewport(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible()
  const found = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const cuts: string[] = []
    if (box.top < -0.5 || box.bottom > window.innerHeight + 0.5) cuts.push(`window ${window.innerHeight} px tall`)
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent)
      if (style.overflowY === 'visible' || parent === document.documentElement || parent === document.body) continue
      const clip = parent.getBoundingClientRect()
      if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) cuts.push(`${parent.tagName.toLowerCase()}.${parent.className} (${Math.round(clip.top)}–${Math.round(clip.bottom)})`)
    }
    return { top: Math.round(box.top), bottom: Math.round(box.bottom), cuts }
  })
  expect(found.cuts, `shown from ${found.top} to ${found.bottom} px`).toEqual([])
}

/** On the phone layout every visible button, checkbox and select is a touch target of at least 44 × 44 px (one layout pass). */
async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, select, input[type="checkbox"]')]
      .filter((element) => element.checkVisibility() && !element.closest('.sr-only'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}" ${Math.round(box.width)}×${Math.round(box.height)}`),
  )
  expect(small).toEqual([])
}

/** The first keyboard stops skip to the controls and to the charts, shown while focused, moving focus there. */
async function expectSkipLinks(page: Page): Promise<void> {
  // Straight after loading, nothing has the focus: the first Tab reaches the first link.
  await page.keyboard.press('Tab')
  const toControls = page.getByRole('link', { name: 'Skip to controls' })
  await expect(toControls).toBeFocused()
  await expectInViewport(toControls)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to charts' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Training' })).toBeFocused()
  await toControls.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('complementary', { name: 'Design' })).toBeFocused()
}
