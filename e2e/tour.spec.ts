import { expect, test } from '@playwright/test'
import { envSteps } from './helpers'

test('the tour shows on a first visit, walks with the keyboard to a running experiment, and does not show again', async ({ page }) => {
  await page.goto('./')
  const tour = page.getByRole('dialog', { name: 'Tour, step 1 of 5' })
  await expect(tour).toBeVisible()
  await expect(tour.getByRole('heading', { name: 'Pick an environment' })).toBeVisible()
  // Non-modal: the page stays usable while it shows.
  await expect(tour).toHaveAttribute('aria-modal', 'false')
  await page.getByLabel('Seed', { exact: true }).fill('3')
  await expect(page).toHaveURL(/seed=3/)

  await tour.getByRole('button', { name: 'Next' }).focus()
  await page.keyboard.press('Enter')
  const reward = page.getByRole('dialog', { name: 'Tour, step 2 of 5' })
  await expect(reward.getByRole('heading', { name: 'Set the reward' })).toBeVisible()
  await expect(reward.getByRole('button', { name: 'Next' })).toBeFocused()
  await page.keyboard.press('Enter')

  const train = page.getByRole('dialog', { name: 'Tour, step 3 of 5' })
  await expect(train.getByRole('heading', { name: 'Train' })).toBeVisible()
  // The step's own button starts a run, reached with Shift+Tab from Next (Back, Skip, then it).
  await page.keyboard.press('Shift+Tab')
  await expect(train.getByRole('button', { name: 'Back' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(train.getByRole('button', { name: 'Train now' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Training')
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)

  await train.getByRole('button', { name: 'Next' }).focus()
  await page.keyboard.press('Enter')
  const curve = page.getByRole('dialog', { name: 'Tour, step 4 of 5' })
  await expect(curve.getByRole('heading', { name: 'Read the learning curve' })).toBeVisible()
  await expect(curve).toContainText('true objective')
  await page.keyboard.press('Enter')
  const lessons = page.getByRole('dialog', { name: 'Tour, step 5 of 5' })
  await expect(lessons.getByRole('heading', { name: 'Try a lesson' })).toBeVisible()
  // The forward button is now Finish and keeps the focus.
  await expect(lessons.getByRole('button', { name: 'Finish' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: /^Tour/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Tour' })).toBeFocused()

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Reward Playground' })).toBeVisible()
  await expect(page.getByLabel('Seed', { exact: true })).toHaveValue('3')
  await expect(page.getByRole('dialog', { name: /^Tour/ })).toHaveCount(0)
})

test('Escape skips the tour, and the Tour button replays it from the start with focus in it', async ({ page }) => {
  await page.goto('./')
  const first = page.getByRole('dialog', { name: 'Tour, step 1 of 5' })
  await expect(first).toBeVisible()
  // Opening, it takes the focus: Escape closes it at once.
  await expect(first.getByRole('heading', { name: 'Pick an environment' })).toBeFocused()
  await first.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('dialog', { name: 'Tour, step 2 of 5' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: /^Tour/ })).toHaveCount(0)
  // Focus returns to the page, on the button that brings the tour back.
  await expect(page.getByRole('button', { name: 'Tour' })).toBeFocused()

  await page.getByRole('button', { name: 'Tour' }).click()
  await expect(first).toBeVisible()
  await expect(first.getByRole('heading', { name: 'Pick an environment' })).toBeFocused()
  await expect(first.getByRole('button', { name: 'Back' })).toBeDisabled()
  // The last step opens the lessons.
  for (let i = 1; i < 5; i++) await page.getByRole('dialog', { name: `Tour, step ${i} of 5` }).getByRole('button', { name: 'Next' }).click()
  await page.getByRole('dialog', { name: 'Tour, step 5 of 5' }).getByRole('button', { name: 'Show the lessons' }).click()
  await expect(page.getByRole('dialog', { name: 'Lessons' })).toBeVisible()
  // Choosing a lesson: its card is the guide now, and the tour no longer covers it.
  await page.getByRole('dialog', { name: 'Lessons' }).getByRole('button', { name: 'The coin loop', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Lesson The coin loop' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: /^Tour/ })).toHaveCount(0)
})

test('a classroom link opens without the tour, which waits for a plain visit', async ({ page }) => {
  // The teacher kept the Tour button: it is there, but the tour does not start by itself.
  await page.goto('./?c=run.weights.tour')
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tour' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: /^Tour/ })).toHaveCount(0)
  // A link that does not keep it hides the Tour button as well.
  await page.goto('./?c=run.weights')
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tour' })).toHaveCount(0)
  await expect(page.getByRole('dialog', { name: /^Tour/ })).toHaveCount(0)
  // On a phone the first-visit tour sits in the page, over none of the run controls.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('./')
  const tour = page.getByRole('dialog', { name: 'Tour, step 1 of 5' })
  await expect(tour).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible()
  // Both boxes from one layout of the page.
  const [card, start] = await page.evaluate(() =>
    [document.querySelector('.tour')!, [...document.querySelectorAll('button')].find((button) => button.textContent === 'Start')!].map((element) => {
      const { top, bottom } = element.getBoundingClientRect()
      return { top, bottom }
    }),
  )
  expect(card.bottom <= start.top || start.bottom <= card.top, `the tour ${JSON.stringify(card)} covers Start ${JSON.stringify(start)}`).toBe(true)
})
