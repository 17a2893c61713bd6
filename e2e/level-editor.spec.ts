import { expect, test } from '@playwright/test'

test('the level editor paints cells with the keyboard, refuses a broken level, and the level travels in the link', async ({ page }) => {
  await page.goto('./?env=gridworld')
  await page.getByRole('button', { name: 'Edit level' }).click()
  const level = page.getByRole('grid', { name: 'Level' })
  await expect(level.getByRole('gridcell', { name: 'row 0, column 0: start' })).toBeVisible()

  await page.getByLabel('Paint with').selectOption({ label: 'lava' })
  const cell = level.getByRole('gridcell', { name: 'row 2, column 3: floor' })
  await cell.focus()
  await page.keyboard.press('Enter')
  await expect(level.getByRole('gridcell', { name: 'row 2, column 3: lava' })).toBeVisible()
  await expect(page).toHaveURL(/p\.layout=/)

  // Painting over the only start would leave no start: refused, the level stays as it was.
  await page.getByLabel('Paint with').selectOption({ label: 'wall' })
  await level.getByRole('gridcell', { name: 'row 0, column 0: start' }).click()
  await expect(page.getByRole('alert')).toContainText('cannot paint wall')
  await expect(level.getByRole('gridcell', { name: 'row 0, column 0: start' })).toBeVisible()

  await page.reload()
  await page.getByRole('button', { name: 'Edit level' }).click()
  await expect(page.getByRole('grid', { name: 'Level' }).getByRole('gridcell', { name: 'row 2, column 3: lava' })).toBeVisible()
  await page.getByRole('button', { name: 'Back to the map' }).click()
  await expect(page.getByRole('grid', { name: 'Level' }).getByRole('gridcell', { name: 'row 2, column 3: floor' })).toBeVisible()
  await expect(page).not.toHaveURL(/p\.layout=/)
  await page.getByRole('button', { name: 'Done editing' }).click()
  await expect(page.getByRole('img', { name: /Grid world/ })).toBeVisible()
})
