import { expect, test } from '@playwright/test'
import { envSteps, expectTraining } from './helpers'

test('a link carries the design, and a reload keeps it', async ({ page }) => {
  await page.goto('./?env=cartpole&seed=7&w.alive=0.5&w.failure=20')
  await expect(page.getByRole('slider', { name: 'alive' })).toHaveValue('0.5')
  await expect(page.getByRole('slider', { name: 'failure' })).toHaveValue('20')
  await expect(page.getByLabel('Seed', { exact: true })).toHaveValue('7')
  await page.getByLabel('Seed', { exact: true }).fill('42')
  await expect(page).toHaveURL(/seed=42/)
  await page.reload()
  await expect(page.getByLabel('Seed', { exact: true })).toHaveValue('42')
  await expect(page.getByRole('slider', { name: 'alive' })).toHaveValue('0.5')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a tampered link opens the default design and names what it ignored', async ({ page }) => {
  await page.goto('./?env=<img src=x onerror=alert(1)>&seed=abc&w.alive=NaN&w.failure=1e9&backend=quantum')
  const notice = page.getByRole('alert')
  await expect(notice).toContainText('ignored')
  await expect(notice).toContainText('env "<img src=x onerror=alert(1)>"')
  await expect(notice).toContainText('seed "abc"')
  await expect(notice).toContainText('backend "quantum"')
  await expect(notice).toContainText('weight of failure "1e9" (accepted: a number from 0 to 100)')
  // Shown as text, never as HTML.
  await expect(page.locator('img')).toHaveCount(0)
  await expect(page.getByLabel('Environment')).toHaveValue('cartpole')
  await expect(page.getByRole('slider', { name: 'alive' })).toHaveValue('1')
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('an invalid seed is explained and the last valid one stays', async ({ page }) => {
  await page.goto('./?seed=3')
  await page.getByLabel('Seed', { exact: true }).fill('-5')
  await expect(page.getByRole('alert')).toContainText('Seed must be a whole number from 0 to 2147483647; keeping 3')
  await expect(page).toHaveURL(/seed=3/)
})

test('a link of a megabyte with thousands of unknown keys gives a short notice and leaves the page on screen', async ({ page, baseURL }) => {
  const unknown = Array.from({ length: 3000 }, (_, i) => `w.nope${i}=1&p.nope${i}=1`).join('&')
  const huge = `./?env=cartpole&seed=&p.time_limit=${'9'.repeat(1_000_000)}&${unknown}`
  // The preview server refuses a request line this long: the page is served from the short address,
  // while the browser's address (what the app reads) keeps the whole link.
  await page.route((url) => url.search.length > 10_000, (route) => route.continue({ url: new URL('./', baseURL).href }))
  await page.goto(huge)
  const notice = page.getByRole('alert')
  await expect(notice).toContainText('The link had settings that were ignored')
  await expect(notice).toContainText(`parameter "time_limit" of cartpole must be an integer from 1 to 100000, got "${'9'.repeat(40)}…"`)
  await expect(notice).toContainText('seed "" (accepted: an integer from 0 to 2147483647)')
  await expect(notice).toContainText(/; and \d+ more\./)
  expect(((await notice.textContent()) ?? '').length).toBeLessThan(3000)
  await expect(page.getByRole('button', { name: 'Start' })).toBeInViewport()
  await expect(page.getByLabel('time limit', { exact: true })).toHaveValue('500')
  await expect(page.getByLabel('Seed', { exact: true })).toHaveValue('1')
})

test('a term named __proto__ in a link is refused by name, the address drops it, and Start trains', async ({ page }) => {
  const reward = encodeURIComponent(JSON.stringify({ terms: [{ name: '__proto__', expression: 'x' }] }))
  await page.goto(`./?env=cartpole&r=${reward}`)
  const notice = page.getByRole('alert')
  await expect(notice).toContainText('ignored')
  await expect(notice).toContainText('the name "__proto__" is reserved')
  await expect(page.getByRole('slider', { name: 'alive' })).toHaveValue('1')
  await expect.poll(() => new URL(page.url()).search).toContain('env=cartpole')
  expect(decodeURIComponent(new URL(page.url()).search)).not.toContain('__proto__')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  // A reload opens the same working page.
  await page.reload()
  await expect(page.getByRole('slider', { name: 'alive' })).toHaveValue('1')
  await expect(page.getByRole('alert')).toHaveCount(0)
})
