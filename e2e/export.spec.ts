import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { curvePoints, curveSummary, expectTraining, latestPoint, addHeightShapingAndTerm } from './helpers'

/** Click a button and read the file it downloads: its suggested name and its bytes. */
async function download(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const event = page.waitForEvent('download')
  await page.getByRole('button', { name, exact: true }).click()
  const file = await event
  return { fileName: file.suggestedFilename(), bytes: await readFile((await file.path())!) }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A PNG's size from its IHDR chunk (the first chunk: width and height at bytes 16 and 20). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** How a chart kit marks its curves and bars: our own charts (the live views), or recharts (the others). */
const OWN_CHARTS = { curve: 'path.chart-line', bar: 'rect.chart-bar' }
const RECHARTS = { curve: 'path.recharts-line-curve', bar: '.recharts-bar-rectangle' }

/** Parse SVG text as XML in the page: the root's name, parse errors, and what it holds. */
async function parseSvg(page: Page, text: string, kit = RECHARTS) {
  return page.evaluate(
    ([source, kit]) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml')
      return {
        root: doc.documentElement.localName,
        errors: doc.getElementsByTagName('parsererror').length,
        width: doc.documentElement.getAttribute('width'),
        height: doc.documentElement.getAttribute('height'),
        rootStyle: doc.documentElement.getAttribute('style') ?? '',
        curves: [...doc.querySelectorAll(kit.curve)].map((path) => (path.getAttribute('style') ?? '') + (path.getAttribute('stroke') ?? '')),
        curvesWithData: [...doc.querySelectorAll(kit.curve)].filter((path) => (path.getAttribute('d') ?? '').length > 20).length,
        bars: doc.querySelectorAll(kit.bar).length,
        texts: [...doc.querySelectorAll('text')].map((text) => text.textContent ?? ''),
        images: [...doc.querySelectorAll('image')].map((image) => image.getAttribute('href')?.slice(0, 22) ?? ''),
        background: doc.documentElement.firstElementChild?.getAttribute('fill') ?? null,
      }
    },
    [text, kit] as const,
  )
}

test('a short run exports its metrics as CSV and JSON, and its charts as PNG and SVG', async ({ page }) => {
  await page.goto('./?env=cliffwalking&seed=3')
  const csvButton = page.getByRole('button', { name: 'Export metrics as CSV' })
  await expect(csvButton).toBeDisabled()
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(5)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  // The curve stands still while paused: what the caption says is what the files hold.
  const points = await curvePoints(page)
  const latest = (await latestPoint(page))!
  expect(await curveSummary(page)).toContain(`${points} points`)

  const csv = await download(page, 'Export metrics as CSV')
  expect(csv.fileName).toBe('run-cliffwalking-seed3.csv')
  const lines = csv.bytes.toString('utf8').split('\r\n')
  expect(lines.pop()).toBe('') // the last record ends with CRLF too
  expect(lines[0]).toBe('env_steps,wall_seconds,shaped_return,objective,component:step,component:hazard,component:goal,component:progress')
  expect(lines).toHaveLength(points + 1)
  const last = lines[lines.length - 1].split(',').map(Number)
  expect(last[2].toFixed(1)).toBe(latest.shapedReturn.toFixed(1))
  // The contributions of a point add up to its shaped return.
  expect(last[4] + last[5] + last[6] + last[7]).toBeCloseTo(last[2], 9)

  const json = await download(page, 'Export metrics as JSON')
  expect(json.fileName).toBe('run-cliffwalking-seed3.json')
  const metrics = JSON.parse(json.bytes.toString('utf8'))
  expect(metrics).toMatchObject({ format: 'reward-playground-metrics', version: 1, components: ['step', 'hazard', 'goal', 'progress'] })
  expect(metrics.config).toMatchObject({ env: { id: 'cliffwalking' }, learner: { kind: 'qlearning' }, seed: 3, mix: { version: 1, weights: { step: 1, hazard: 100, goal: 0, progress: 0 } } })
  expect(metrics.series).toHaveLength(points)
  expect(metrics.series.at(-1).shapedReturn).toBe(last[2])
  expect(metrics.final.envSteps).toBe(last[0])

  // The learning curve as PNG: at twice the chart's size (its drawing and legend) on this 1× screen.
  const chart = await page.locator('.curve-plot .chart-frame').boundingBox()
  const png = await download(page, 'Export the learning curve as PNG')
  expect(png.fileName).toBe('learning-curve-cliffwalking.png')
  expect(pngSize(png.bytes)).toEqual({ width: Math.round(chart!.width) * 2, height: Math.round(chart!.height) * 2 })

  // As SVG: well-formed XML with the curves' paths (the 2 weighted components, shaped return, objective) and their colours;
  // goal and progress, weighted 0 and never contributing, are left off the chart and its legend.
  const svg = await download(page, 'Export the learning curve as SVG')
  expect(svg.fileName).toBe('learning-curve-cliffwalking.svg')
  const parsed = await parseSvg(page, svg.bytes.toString('utf8'), OWN_CHARTS)
  expect(parsed).toMatchObject({ root: 'svg', errors: 0, width: String(Math.round(chart!.width)), height: String(Math.round(chart!.height)) })
  expect(parsed.curves).toHaveLength(4)
  expect(parsed.curvesWithData).toBe(4)
  // The legend comes along as SVG text: one entry per curve.
  for (const name of ['step (contribution)', 'hazard (contribution)', 'shaped return']) expect(parsed.texts).toContain(name)
  expect(parsed.texts).not.toContain('goal (contribution)')
  expect(parsed.texts.filter((text) => /^path efficiency \(true objective/.test(text))).toHaveLength(1)
  // The axis titles: the return on the left, the objective on the right.
  expect(parsed.texts).toEqual(expect.arrayContaining(['return', 'path efficiency']))
  expect(parsed.curves.some((curve) => /#e8f1f8|rgb\(232, 241, 248\)/.test(curve))).toBe(true)
  expect(parsed.background).toMatch(/^rgb/)
  expect(parsed.rootStyle).not.toMatch(/(^|;)\s*(width|height):/) // its size is its width and height, not the page's CSS

  // The advantages histogram: one rect per bar on the page, and there are bars.
  const histogram = await parseSvg(page, (await download(page, 'Export the advantage histogram as SVG')).bytes.toString('utf8'), OWN_CHARTS)
  expect(histogram.errors).toBe(0)
  expect(histogram.bars).toBeGreaterThan(0)
  expect(histogram.bars).toBe(await page.locator('.advantage-chart rect.chart-bar').count())

  // The environment view is drawn on a canvas: PNG of its pixels, and SVG holding that picture.
  const canvas = await page.getByRole('img', { name: /^Cliff walking|^CliffWalking/ }).boundingBox()
  const envPng = await download(page, 'Export the replay frame as PNG')
  const ratio = await page.evaluate(() => window.devicePixelRatio)
  expect(pngSize(envPng.bytes)).toEqual({ width: Math.round(canvas!.width * ratio), height: Math.round(canvas!.height * ratio) })
  const envSvg = await parseSvg(page, (await download(page, 'Export the replay frame as SVG')).bytes.toString('utf8'))
  expect(envSvg).toMatchObject({ root: 'svg', errors: 0, images: ['data:image/png;base64,'] })
  await expect(page.getByRole('button', { name: 'Export the replay frame as SVG' })).toHaveAttribute('title', /canvas/)

  // The credit timeline, and the compared curves of a pinned run.
  await page.getByRole('button', { name: 'Credit timeline' }).click()
  const timeline = await parseSvg(page, (await download(page, 'Export the timeline of credit per step as SVG')).bytes.toString('utf8'))
  expect(timeline).toMatchObject({ root: 'svg', errors: 0 })
  expect(timeline.curvesWithData).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Pin run' }).click()
  await page.getByRole('button', { name: /^Compare/ }).click()
  const compared = await download(page, "Export the pinned runs' curves as PNG")
  expect(compared.fileName).toBe('compare-curves-cliffwalking.png')
  expect(pngSize(compared.bytes).width).toBeGreaterThan(100)
})

test('the team game’s effort chart exports too', async ({ page }) => {
  await page.goto('./?env=coop')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await page.getByRole('button', { name: 'Team', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Effort over time' })).toContainText(/agent 0 from/, { timeout: 60_000 })
  const svg = await parseSvg(page, (await download(page, "Export the agents' effort over time as SVG")).bytes.toString('utf8'), OWN_CHARTS)
  expect(svg).toMatchObject({ root: 'svg', errors: 0 })
  expect(svg.curves).toHaveLength(4) // one line per agent
  const chart = await page.locator('.team-effort').boundingBox()
  expect(pngSize((await download(page, "Export the agents' effort over time as PNG")).bytes)).toEqual({ width: Math.round(chart!.width) * 2, height: Math.round(chart!.height) * 2 })
})

test('the whole setup exports and imports back exactly; a broken file is refused whole and changes nothing', async ({ page }) => {
  await page.goto('./?env=mountaincar&seed=7')
  await addHeightShapingAndTerm(page)
  const step = page.getByRole('slider', { name: 'step' })
  await step.focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft')
  const stepWeight = await step.inputValue()
  expect(Number(stepWeight)).toBeLessThan(1)

  const exported = await download(page, 'Export setup')
  expect(exported.fileName).toBe('setup-mountaincar-seed7.json')
  const setup = JSON.parse(exported.bytes.toString('utf8'))
  expect(Object.keys(setup)).toEqual(['env', 'mix', 'learner', 'seed'])
  expect(setup).toMatchObject({ env: { id: 'mountaincar' }, seed: 7, learner: { kind: 'ppo' }, mix: { terms: [{ name: 'term1', expression: 'position > 0.3' }], shaping: [{ potential: 'height' }], weights: { step: Number(stepWeight) } } })

  // Change the design: another term expression, another weight and seed, then another environment altogether.
  const term = page.getByRole('textbox', { name: 'Term term1' })
  await term.fill('velocity > 0')
  await term.press('Enter')
  await step.focus()
  await page.keyboard.press('End')
  await page.getByLabel('Seed', { exact: true }).fill('9')
  await page.getByLabel('Environment', { exact: true }).selectOption('cartpole')
  await expect(page.getByRole('slider', { name: 'term1' })).toHaveCount(0)

  const importer = page.getByLabel('Import design or setup')
  await importer.setInputFiles({ name: 'setup.json', mimeType: 'application/json', buffer: exported.bytes })
  await expect(page.getByRole('status').filter({ hasText: 'Imported the setup in setup.json' })).toBeVisible()
  await expect(page.getByLabel('Environment', { exact: true })).toHaveValue('mountaincar')
  await expect(page.getByLabel('Seed', { exact: true })).toHaveValue('7')
  await expect(page.getByRole('textbox', { name: 'Term term1' })).toHaveValue('position > 0.3')
  await expect(page.getByRole('slider', { name: 'step' })).toHaveValue(stepWeight)
  await expect(page.getByRole('slider', { name: 'shaping_height' })).toBeVisible()
  for (const [name, weight] of Object.entries(setup.mix.weights as Record<string, number>)) {
    await expect(page.getByRole('slider', { name, exact: true })).toHaveValue(String(weight))
  }
  expect(JSON.parse((await download(page, 'Export setup')).bytes.toString('utf8'))).toEqual(setup)

  // Bad JSON: one message, nothing changes.
  await importer.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"env": {"id": "cartpole"') })
  const alert = page.getByRole('alert').filter({ hasText: 'broken.json was not imported' })
  await expect(alert).toContainText('not valid JSON')

  // Valid JSON with several wrong fields: every one named in one message, nothing changes.
  const wrong = { env: { id: 'cartpole', params: { time_limit: -1 } }, mix: { terms: [{ name: '9lives', expression: 'x' }], weights: { nope: 1 } }, learner: { kind: 'ppo', gamma: 2 }, seed: 'seven' }
  await importer.setInputFiles({ name: 'wrong.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(wrong)) })
  const wrongAlert = page.getByRole('alert').filter({ hasText: 'wrong.json was not imported' })
  await expect(wrongAlert).toHaveCount(1)
  for (const problem of ['env.params: parameter "time_limit"', 'learner.gamma:', 'mix.terms[0].name:', 'seed:']) await expect(wrongAlert).toContainText(problem)
  await expect(page.getByLabel('Environment', { exact: true })).toHaveValue('mountaincar')
  await expect(page.getByLabel('Seed', { exact: true })).toHaveValue('7')
  expect(JSON.parse((await download(page, 'Export setup')).bytes.toString('utf8'))).toEqual(setup)
})
