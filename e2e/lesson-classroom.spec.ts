import { expect, test } from '@playwright/test'
import { envSteps } from './helpers'

test('a teacher turns a lesson into a classroom link; a student opens the lesson with only the chosen controls', async ({ page, browser }) => {
  // The teacher: open the coin-loop lesson, choose its "coin worth 10" variant, keep only the run controls and the coin slider.
  await page.goto('./')
  await page.getByRole('button', { name: 'Lessons' }).click()
  await page.getByRole('dialog', { name: 'Lessons' }).getByRole('button', { name: 'The coin loop', exact: true }).click()
  const card = page.getByRole('region', { name: 'Lesson The coin loop' })
  await expect(card).toBeVisible()
  await expect(page).toHaveURL(/lesson=coin-loop/)
  await page.getByRole('button', { name: 'Classroom' }).click()
  const dialog = page.getByRole('dialog', { name: 'Classroom link' })
  const controls = dialog.getByRole('group', { name: 'Controls students see' })
  for (const name of ['Environment picker', 'Seed', 'Add to the reward (terms, shaping, bonuses, transforms)', 'Learner panel', 'Environment parameters', 'Level editor (grid worlds)', 'Saved runs', 'Reward sliders (all of them)', 'Lessons list (an open lesson’s card stays)', 'Tour button']) {
    await controls.getByRole('checkbox', { name, exact: true }).uncheck()
  }
  await dialog.getByRole('group', { name: 'Single reward sliders' }).getByRole('checkbox', { name: 'coin' }).check()
  const link = await dialog.getByRole('textbox', { name: 'Link for the class' }).inputValue()
  expect(new URL(link).searchParams.get('lesson')).toBe('coin-loop')
  const teacherCoin = await page.getByRole('slider', { name: 'coin' }).inputValue()
  await expect(page.getByRole('slider', { name: 'goal' })).toBeVisible()

  // The student: a fresh browser opens the link; the lesson and its design are there, the rest hidden.
  const student = await (await browser.newContext()).newPage()
  await student.goto(link)
  await expect(student.getByRole('region', { name: 'Lesson The coin loop' })).toBeVisible()
  await expect(student.getByText('Classroom view: some controls are hidden')).toBeVisible()
  await expect(student.getByRole('slider', { name: 'coin' })).toHaveValue(teacherCoin)
  await expect(student.getByRole('slider', { name: 'goal' })).toHaveCount(0)
  await expect(student.getByLabel('Environment', { exact: true })).toHaveCount(0)
  await expect(student.getByLabel('Seed', { exact: true })).toHaveCount(0)
  // The teacher hid the lessons list and the tour: the student cannot leave the lesson for another.
  await expect(student.getByRole('button', { name: 'Lessons', exact: true })).toHaveCount(0)
  await expect(student.getByRole('button', { name: 'Tour', exact: true })).toHaveCount(0)
  // The student's run trains the lesson's variant to its budget, and stops there (a tabular run may get there before the first look).
  await student.getByRole('button', { name: 'Start' }).click()
  await expect(student.getByRole('status', { name: 'Run status' })).toHaveText('Stopped at the lesson’s 20,000 steps', { timeout: 60_000 })
  expect(await envSteps(student)).toBe(20_000)
})
