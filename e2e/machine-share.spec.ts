import { expect, test, type Page } from '@playwright/test'
import { expectTraining } from './helpers'

/*
 * Tabs of one browser that train at once share its cores: with more runs than cores, they take
 * turns on all but one core (Web Locks), each says so under its figures, and when one pauses the
 * others have a core each again. The browser is made to report 2 cores, whatever this machine has.
 */

/** The origin's compute locks now, as the page's own Web Locks report them: how many are held and how many requests wait. */
async function computeLocks(page: Page): Promise<{ held: number; waiting: number }> {
  return page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query()
    const compute = (locks: LockInfo[]) => locks.filter((lock) => lock.name?.startsWith('reward-playground.compute')).length
    return { held: compute(held), waiting: compute(pending) }
  })
}

test('three tabs training on a 2-core browser take turns on one core and say so; a pause gives the others a core each', async ({ context }) => {
  await context.addInitScript(() => {
    window.localStorage.setItem('reward-playground.tour-seen', '1')
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 })
  })
  const tabs = [await context.newPage(), await context.newPage(), await context.newPage()]
  for (const [k, tab] of tabs.entries()) {
    await tab.goto(`./?env=cartpole&seed=${k + 1}`)
    await tab.getByRole('button', { name: 'Start' }).click()
    await expectTraining(tab)
  }
  const share = (tab: Page) => tab.getByRole('status', { name: 'Machine share' })
  for (const tab of tabs) {
    await expect(share(tab)).toHaveText('3 runs train in this browser on 2 cores: they take turns on 1 of them, so every page stays responsive.', { timeout: 30_000 })
  }
  // Never two computing at once, and the others queued behind the one that is.
  const seen = []
  for (let k = 0; k < 20; k++) seen.push(await computeLocks(tabs[0]))
  expect(Math.max(...seen.map((locks) => locks.held))).toBe(1)
  expect(Math.max(...seen.map((locks) => locks.waiting))).toBeGreaterThanOrEqual(1)
  const steps = tabs.map((tab) => tab.getByRole('term').filter({ hasText: /^Steps$/ }).locator('xpath=following-sibling::dd[1]'))
  const before = await Promise.all(steps.map((figure) => figure.textContent()))
  // Each tab still trains, in its turns.
  for (const [k, figure] of steps.entries()) await expect(figure).not.toHaveText(before[k]!, { timeout: 30_000 })

  // The third tab pauses: two runs on two cores, each with a core of its own again.
  await tabs[2].getByRole('button', { name: 'Pause' }).click()
  await expect(tabs[2].getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  await expect(share(tabs[2])).toHaveCount(0)
  for (const tab of tabs.slice(0, 2)) {
    await expect(share(tab)).toHaveCount(0, { timeout: 30_000 })
    await expectTraining(tab)
  }
  await expect.poll(async () => (await computeLocks(tabs[0])).waiting, { timeout: 10_000 }).toBe(0)
  // It resumes: three share again.
  await tabs[2].getByRole('button', { name: 'Resume' }).click()
  await expect(share(tabs[0])).toHaveText(/^3 runs train in this browser on 2 cores/, { timeout: 30_000 })
})
