import { expect, test } from '@playwright/test'
import { curvePoints, envSteps, expectTraining, rewardInLink } from './helpers'

test('a custom term: a typo is explained inline, the fix applies, and its contribution is charted', async ({ page }) => {
  await page.goto('./?env=cartpole')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  const stepsBeforeAdding = await envSteps(page)

  await page.getByRole('button', { name: 'Add term' }).click()
  // Adding a term does not start the run over: it goes on, and the chart marks the moment.
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText(/Design change at step \d+: added term1/)
  expect(await envSteps(page)).toBeGreaterThanOrEqual(stepsBeforeAdding)
  const term = page.getByRole('textbox', { name: 'Term term1' })
  await term.fill('-abs(thetaa)')
  await expect(page.getByRole('alert')).toContainText('unknown variable "thetaa" at 6–11; did you mean "theta"?')
  await expect(term).toHaveAttribute('aria-invalid', 'true')
  await term.fill('-abs(theta)')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await term.press('Enter')

  // The term gets its own slider, travels in the link, and the run goes on with it.
  await expect(page.getByRole('slider', { name: 'term1' })).toHaveValue('1')
  await expect.poll(() => rewardInLink(page)).toContain('"name":"term1"')
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  await expect(page.getByRole('figure', { name: 'Learning curve' })).toContainText('term1 (contribution)')

  // Editing the term keeps the same components: the running run takes it live, and the chart marks it.
  const stepsBefore = await envSteps(page)
  await term.fill('-2*abs(theta)')
  await term.press('Enter')
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText(/Design change at step \d+: term1 := -2\*abs\(theta\)/)
  expect(await envSteps(page)).toBeGreaterThanOrEqual(stepsBefore)
  await expectTraining(page)

  // The link carries the edit (written at most every 250 ms) and reproduces the design after a reload.
  await expect.poll(() => rewardInLink(page)).toContain('"expression":"-2*abs(theta)"')
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Term term1' })).toHaveValue('-2*abs(theta)')
})

test('potential-based shaping, a count bonus and an RND bonus on the grid world add their own components', async ({ page }) => {
  await page.goto('./?env=gridworld')
  await page.getByRole('combobox', { name: 'Shaping potential' }).selectOption('distance')
  await page.getByRole('button', { name: 'Add shaping' }).click()
  await expect(page.getByRole('slider', { name: 'shaping_distance' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Bonus kind' }).selectOption('count_episodic')
  await page.getByRole('button', { name: 'Add bonus' }).click()
  await expect(page.getByRole('slider', { name: 'bonus_count_episodic' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Bonus kind' }).selectOption('rnd')
  await page.getByRole('button', { name: 'Add bonus' }).click()
  await expect(page.getByRole('slider', { name: 'bonus_rnd' })).toBeVisible()
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
})

test('a tampered reward design in a link is refused whole, with the reason', async ({ page }) => {
  const design = encodeURIComponent(JSON.stringify({ terms: [{ name: 'x1', expression: 'constructor.constructor("alert(1)")()' }] }))
  await page.goto(`./?env=cartpole&r=${design}`)
  await expect(page.getByRole('alert')).toContainText('property access with "." at 12 is not allowed')
  await expect(page.getByRole('slider', { name: 'x1' })).toHaveCount(0)
})

test('a custom potential, a transform with its own parameters, and a bonus scale are edited in place', async ({ page }) => {
  await page.goto('./?env=mountaincar')
  await page.getByRole('combobox', { name: 'Shaping potential' }).selectOption('custom')
  await page.getByRole('button', { name: 'Add shaping' }).click()
  const phi = page.getByRole('textbox', { name: 'Potential Φ 1' })
  await phi.fill('sin(3*positon)')
  await expect(page.getByRole('alert')).toContainText('did you mean "position"?')
  await phi.fill('sin(3*position)')
  await phi.press('Enter')
  await expect(page.getByRole('slider', { name: 'shaping_custom' })).toBeVisible()

  await page.getByRole('combobox', { name: 'Transform', exact: true }).selectOption('step')
  await page.getByRole('combobox', { name: 'Transform kind' }).selectOption('clip')
  await page.getByRole('button', { name: 'Add transform' }).click()
  const hi = page.getByRole('textbox', { name: 'step clip hi' })
  await hi.fill('-2')
  await hi.press('Enter')
  // lo = −1 > hi = −2 is refused with the rule; the last valid design stays.
  await expect(page.getByRole('alert')).toContainText('Not applied')
  await hi.fill('0.5')
  await hi.press('Enter')
  await expect.poll(() => rewardInLink(page)).toContain('"hi":0.5')

  await page.getByRole('combobox', { name: 'Bonus kind' }).selectOption('count_global')
  await page.getByRole('button', { name: 'Add bonus' }).click()
  const beta = page.getByRole('textbox', { name: 'count_global β' })
  await beta.fill('0.5')
  await beta.press('Enter')
  await expect.poll(() => rewardInLink(page)).toContain('"beta":0.5')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
})

test('a reward change that starts the run over asks first, offering to pin the run; Cancel keeps the run and the design', async ({ page }) => {
  await page.goto('./?env=cartpole')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(1)
  await page.getByRole('combobox', { name: 'Transform kind' }).selectOption('redistribute')
  await page.getByRole('button', { name: 'Add transform' }).click()
  const question = page.getByRole('alertdialog', { name: 'Restart the run?' })
  await expect(question).toContainText('which components are redistributed changed')
  await expect(question.getByRole('button', { name: 'Pin the run, then apply' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(question).toHaveCount(0)
  await expect(page.getByText('redistribute', { exact: true })).toHaveCount(0)
  await expectTraining(page)
  const stepsKept = await envSteps(page)
  expect(stepsKept).toBeGreaterThan(0)

  await page.getByRole('button', { name: 'Add transform' }).click()
  await question.getByRole('button', { name: 'Pin the run, then apply' }).click()
  await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeVisible()
  await expect(page.getByText('redistribute', { exact: true })).toHaveCount(1)
  await expectTraining(page)
})
