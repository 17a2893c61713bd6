import { expect, test, type Page } from '@playwright/test'
import { curvePoints, envSteps } from './helpers'

/** The lessons, as the list shows them (id → title). */
const LESSONS: [string, string][] = [
  ['sparse-vs-shaped', 'Sparse vs shaped rewards'],
  ['coin-loop', 'The coin loop'],
  ['cliff-sarsa-vs-q', 'CliffWalking: SARSA vs Q-learning'],
  ['credit-over-time', 'Credit over time'],
  ['exploration-bonuses', 'Exploration bonuses'],
  ['grpo-silent-groups', 'GRPO’s silent groups'],
  ['small-groups', 'Small groups: sign flips and MC-GRPO'],
  ['many-rewards', 'Many rewards: sum first or normalise first'],
  ['reward-hacking', 'Reward hacking on the token task'],
  ['free-riding', 'Free-riding in a team'],
  ['over-optimisation', 'Over-optimising a learned reward'],
  ['ensemble-caution', 'An ensemble’s caution'],
]

async function openLesson(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Lessons' }).click()
  const dialog = page.getByRole('dialog', { name: 'Lessons' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: title, exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(lessonCard(page, title)).toBeVisible()
  // Focus follows the choice to the card.
  await expect(lessonCard(page, title).getByRole('heading', { level: 2 })).toBeFocused()
}

function lessonCard(page: Page, title: string) {
  return page.getByRole('region', { name: `Lesson ${title}` })
}

// A student walks the list: each lesson opens from it (stopping the run before), trains without
// error, and the next one is opened from the same page.
test('every lesson opens from the list and trains without error, one after another', async ({ page }) => {
  test.setTimeout(LESSONS.length * 60_000)
  await page.goto('./')
  const status = page.getByRole('status', { name: 'Run status' })
  for (const [id, title] of LESSONS) {
    await test.step(`lesson "${title}"`, async () => {
      await openLesson(page, title)
      await expect(page).toHaveURL(new RegExp(`lesson=${id}`))
      // Opening a lesson stops the run before it.
      await expect(status).not.toHaveText('Training')
      const card = lessonCard(page, title)
      await expect(card.getByRole('link').first()).toHaveAttribute('target', '_blank')
      await expect(card.getByRole('link').first()).toHaveAttribute('rel', 'noopener noreferrer')
      await expect(card.getByRole('link').first()).toHaveAttribute('href', /^https:\/\/(arxiv\.org\/abs|doi\.org|dl\.acm\.org\/doi)\/|^http:\/\/incompleteideas\.net\//)

      await page.getByRole('button', { name: 'Start' }).click()
      // A quick lesson may reach its budget (the steps its evidence was measured at) and stop there.
      const trainingOrAtBudget = /^(Training|Stopped at the lesson’s [\d,]+ steps)$/
      await expect(status).toHaveText(trainingOrAtBudget, { timeout: 60_000 })
      await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
      const first = await envSteps(page)
      await expect.poll(async () => (await envSteps(page)) > first || /^Stopped at the lesson’s/.test((await status.textContent()) ?? ''), { timeout: 60_000 }).toBe(true)
      await expect.poll(() => curvePoints(page), { timeout: 90_000 }).toBeGreaterThanOrEqual(1)
      await expect(status).toHaveText(trainingOrAtBudget)
      // No diagnosis, no worker error, no notice (a hacking warning would be a finding, not an error).
      await expect(page.getByRole('alert').filter({ hasNotText: 'Reward hacking?' })).toHaveCount(0)
      await expect(card).toBeVisible()
    })
  }
})

test('a variant loads its design, visible in the fields; the answer is revealed on request; closing removes the card', async ({ page }) => {
  await page.goto('./')
  await openLesson(page, 'CliffWalking: SARSA vs Q-learning')
  const card = lessonCard(page, 'CliffWalking: SARSA vs Q-learning')
  await expect(page.getByLabel('Environment')).toHaveValue('cliffwalking')
  await expect(page.getByRole('combobox', { name: 'Learner' })).toHaveValue('qlearning')
  await expect(card.getByRole('button', { name: 'Q-learning' })).toHaveAttribute('aria-pressed', 'true')

  await card.getByRole('button', { name: 'SARSA', exact: true }).click()
  await expect(page.getByRole('combobox', { name: 'Learner' })).toHaveValue('sarsa')
  await expect(card.getByRole('button', { name: 'SARSA', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByRole('button', { name: 'Q-learning' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page).toHaveURL(/l=sarsa/)

  // The explanation is an answer: hidden until asked for.
  const why = card.getByText(/Q-learning learns the value of the greedy policy/)
  await expect(why).toBeHidden()
  await card.getByText('Why does it happen?').click()
  await expect(why).toBeVisible()

  await card.getByRole('button', { name: 'Close lesson' }).click()
  await expect(card).toHaveCount(0)
  await expect(page).not.toHaveURL(/lesson=/)
  // The design stays.
  await expect(page.getByRole('combobox', { name: 'Learner' })).toHaveValue('sarsa')
})

test('a variant starts from scratch while a run trains; applying it to the running run live is a second, explicit button', async ({ page }) => {
  await page.goto('./')
  await openLesson(page, 'The coin loop')
  const card = lessonCard(page, 'The coin loop')
  await expect(card).toContainText('Each variant starts from scratch')
  // Nothing runs yet: there is nothing to apply a variant to.
  await expect(card.getByRole('group', { name: 'Apply to the running run' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Start' }).click()
  const status = page.getByRole('status', { name: 'Run status' })
  await expect(status).toHaveText(/^(Training|Stopped at the lesson’s [\d,]+ steps)$/)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(2000)
  // Every run is saved as it trains: one run so far.
  const savedRuns = page.getByRole('region', { name: 'Saved runs' }).locator('summary')
  await expect(savedRuns).toContainText('Saved runs (1)')

  // The variant's own button: a fresh run of its design (a second saved run), no design change marked.
  await card.getByRole('group', { name: 'Lesson variants' }).getByRole('button', { name: 'Coin worth 10' }).click()
  await expect(page.getByRole('slider', { name: 'coin' })).toHaveValue('10')
  await expect(savedRuns).toContainText('Saved runs (2)')
  await expect(page.getByRole('list', { name: 'Design changes' }).getByRole('listitem')).toHaveCount(0)
  // The variant stops at the lesson's budget (the steps its evidence was measured at); Keep training goes on past it.
  await expect(status).toHaveText(/^Stopped at the lesson’s [\d,]+ steps$/, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Keep training' }).click()
  await expect(status).toHaveText('Training')

  // The live button: the same run goes on, the change is marked on the chart.
  const live = card.getByRole('group', { name: 'Apply to the running run' })
  await expect(live.getByRole('button', { name: 'Coin worth 10 (live)' })).toHaveCount(0)
  await live.getByRole('button', { name: 'Goal only (coin 0) (live)' }).click()
  await expect(page.getByRole('slider', { name: 'coin' })).toHaveValue('0')
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText(/Design change at step \d+: coin = 0/)
  await expect(card.getByRole('group', { name: 'Lesson variants' }).getByRole('button', { name: 'Goal only (coin 0)' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('status', { name: 'Run status' })).toHaveText('Training')
  // The same run: still two saved runs.
  await expect(savedRuns).toContainText('Saved runs (2)')
})

test('a lesson link reopens the same lesson and design after a reload; a bare lesson link opens its design', async ({ page }) => {
  await page.goto('./')
  await openLesson(page, 'Free-riding in a team')
  const card = lessonCard(page, 'Free-riding in a team')
  await card.getByRole('button', { name: 'Difference rewards' }).click()
  await expect(page.getByLabel('team credit')).toHaveValue('difference')
  await expect(page).toHaveURL(/lesson=free-riding/)
  await expect(page).toHaveURL(/l\.credit=difference/)

  await page.reload()
  await expect(lessonCard(page, 'Free-riding in a team')).toBeVisible()
  await expect(page.getByLabel('Environment')).toHaveValue('coop')
  await expect(page.getByLabel('team credit')).toHaveValue('difference')
  await expect(lessonCard(page, 'Free-riding in a team').getByRole('button', { name: 'Difference rewards' })).toHaveAttribute('aria-pressed', 'true')

  await page.goto('./?lesson=coin-loop')
  await expect(lessonCard(page, 'The coin loop')).toBeVisible()
  await expect(page.getByLabel('Environment')).toHaveValue('gridworld')
  await expect(page.getByLabel('map', { exact: true })).toHaveValue('coinloop')
  await expect(page).toHaveURL(/env=gridworld.*lesson=coin-loop|lesson=coin-loop.*env=gridworld/)
})

test('an unknown lesson in a link is named with the accepted ids, and nothing is opened', async ({ page }) => {
  await page.goto('./?env=cartpole&lesson=<img src=x onerror=alert(1)>')
  const notice = page.getByRole('alert')
  await expect(notice).toContainText('lesson "<img src=x onerror=alert(1)>", which does not exist')
  await expect(notice).toContainText('accepted: sparse-vs-shaped, coin-loop,')
  await expect(page.locator('img')).toHaveCount(0)
  await expect(page.getByRole('region', { name: /^Lesson / })).toHaveCount(0)
  await expect(page.getByLabel('Environment')).toHaveValue('cartpole')
  await expect(page).not.toHaveURL(/lesson=/)
})

test('the lesson list closes with Escape and gives focus back to its button', async ({ page }) => {
  await page.goto('./')
  const button = page.getByRole('button', { name: 'Lessons' })
  await button.click()
  const dialog = page.getByRole('dialog', { name: 'Lessons' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()
  await expect(page.getByRole('region', { name: /^Lesson / })).toHaveCount(0)
})
