import { expect, test } from '@playwright/test'
import { expectTraining } from './helpers'

/*
 * Tabs of one browser that train at once share its cores: with more runs than cores, each says so
 * under its figures and rests part of the time, and when one pauses the others take its share.
 * The browser is made to report 2 cores, whatever this machine has.
 */
test('three tabs training on a 2-core browser each say they compute a third of the time; a pause gives the others the machine back', async ({ context }) => {
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
  const share = (tab: (typeof tabs)[number]) => tab.getByRole('status', { name: 'Machine share' })
  for (const tab of tabs) {
    await expect(share(tab)).toHaveText('3 runs train in this browser on 2 cores: this one computes 33 % of the time, so every page stays responsive.', { timeout: 30_000 })
  }
  // The third tab pauses: two runs on two cores, each with a core of its own again.
  await tabs[2].getByRole('button', { name: 'Pause' }).click()
  await expect(tabs[2].getByRole('status', { name: 'Run status' })).toHaveText('Paused')
  await expect(share(tabs[2])).toHaveCount(0)
  for (const tab of tabs.slice(0, 2)) {
    await expect(share(tab)).toHaveCount(0, { timeout: 30_000 })
    await expectTraining(tab)
  }
  // It resumes: three share again.
  await tabs[2].getByRole('button', { name: 'Resume' }).click()
  await expect(share(tabs[0])).toHaveText(/^3 runs train in this browser on 2 cores/, { timeout: 30_000 })
})
