import { expect, type Locator, type Page } from '@playwright/test'

/** The learning curve's text summary, as a screen reader hears it. */
export async function curveSummary(page: Page): Promise<string> {
  return (await page.getByRole('figure', { name: 'Learning curve' }).locator('figcaption').textContent()) ?? ''
}

/** Number of points on the learning curve (0 before the first episode ends). */
export async function curvePoints(page: Page): Promise<number> {
  const match = /(\d+) points/.exec(await curveSummary(page))
  return match ? Number(match[1]) : 0
}

/** The latest point's shaped return and true objective, from the curve's summary. */
export async function latestPoint(page: Page): Promise<{ shapedReturn: number; objective: number } | null> {
  const match = /latest shaped return (-?[\d.]+), .+? (-?[\d.]+);/.exec(await curveSummary(page))
  return match ? { shapedReturn: Number(match[1]), objective: Number(match[2]) } : null
}

/** A run figure by its visible name ("Steps", "Return (last 20)", …); NaN while it shows "—". */
export async function runFigure(page: Page, name: string): Promise<number> {
  // The value is the <dd> right after the <dt> that shows the figure's name.
  const figure = page.getByRole('term').filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) }).locator('xpath=following-sibling::dd[1]')
  if ((await figure.count()) === 0) return 0
  return Number(((await figure.textContent()) ?? '0').replaceAll(',', '').replace(' s', ''))
}

export async function envSteps(page: Page): Promise<number> {
  return runFigure(page, 'Steps')
}

export async function expectTraining(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Training')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The reward extras' JSON in the page's address, from `r=` or inflated from `rz=` ('' when neither). */
export async function rewardInLink(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const query = new URLSearchParams(window.location.search)
    const compressed = query.get('rz')
    if (compressed === null) return query.get('r') ?? ''
    const binary = atob(compressed.replaceAll('-', '+').replaceAll('_', '/'))
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text()
  })
}

/** On MountainCar: add potential-based shaping on height and a term `term1 := position > 0.3`. */
export async function addHeightShapingAndTerm(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Shaping potential' }).selectOption('height')
  await page.getByRole('button', { name: 'Add shaping' }).click()
  await page.getByRole('button', { name: 'Add term' }).click()
  const term = page.getByRole('textbox', { name: 'Term term1' })
  await term.fill('position > 0.3')
  await term.press('Enter')
}

/** Focus a pair to label and press each key in turn, waiting after each for the next pair to show (a pick or a skip moves on). */
export async function pickByKeyboard(page: Page, pair: Locator, keys: readonly string[]): Promise<void> {
  await pair.focus()
  for (const key of keys) {
    const before = await pair.textContent()
    await page.keyboard.press(key)
    await expect.poll(async () => (await pair.textContent()) !== before).toBe(true)
  }
}
