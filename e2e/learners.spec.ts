import { expect, test } from '@playwright/test'
import { curvePoints, envSteps, expectTraining, runFigure } from './helpers'

test('switching learners on CliffWalking: SARSA, Expected SARSA, SARSA(λ), value iteration all train', async ({ page }) => {
  await page.goto('./?env=cliffwalking')
  const learner = page.getByRole('combobox', { name: 'Learner' })
  const confirm = page.getByRole('alertdialog', { name: 'Restart the run?' })
  for (const [k, kind] of ['sarsa', 'expected_sarsa', 'sarsa_lambda', 'value_iteration'].entries()) {
    await learner.selectOption(kind)
    if (k === 0) await expect(confirm).toHaveCount(0) // no curve yet: nothing to lose, no question
    if (k === 1) {
      // With a curve on screen the change asks first; Cancel keeps the learner and the run.
      await expect(confirm).toContainText('This change starts the run over')
      await expect(confirm.getByRole('button', { name: 'Pin the run, then apply' })).toBeFocused()
      await confirm.getByRole('button', { name: 'Cancel' }).click()
      await expect(learner).toHaveValue('sarsa')
      await expectTraining(page)
      await learner.selectOption(kind)
      await confirm.getByRole('button', { name: 'Pin the run, then apply' }).click()
      await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeVisible()
    }
    if (k >= 2) await confirm.getByRole('button', { name: 'Apply without pinning' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`l=${kind}`))
    await page.getByRole('button', { name: 'Start' }).click()
    await expectTraining(page)
    await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  }
  // Value iteration plans on the exact model: its greedy walk is the 13-step optimum.
  await expect.poll(() => runFigure(page, 'path efficiency (last 20)'), { timeout: 60_000 }).toBe(1)
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('bellman residual')
})

test('a tabular learner is not offered where states are continuous', async ({ page }) => {
  await page.goto('./?env=cartpole')
  const options = await page.getByRole('combobox', { name: 'Learner' }).locator('option').allTextContents()
  expect(options).toEqual(['PPO', 'REINFORCE'])
})

test('GRPO presets on tokenseq set the estimator, and training reports all-equal groups', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  await expect(page.getByRole('combobox', { name: 'Learner' })).toHaveValue('grpo')
  const preset = page.getByRole('combobox', { name: 'Estimator preset' })
  await expect(preset).toHaveValue('grpo')
  await preset.selectOption({ label: 'RLOO' })
  await expect(page.getByRole('combobox', { name: 'centre' })).toHaveValue('loo')
  await expect(page.getByRole('combobox', { name: 'scale' })).toHaveValue('none')
  await expect(page).toHaveURL(/l\.estimator\.center=loo/)
  await page.getByRole('combobox', { name: 'loss aggregation' }).selectOption('seq-mean-token-sum-norm')
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('zero advantage fraction')
  // From scratch almost every group scores all-equal: most completions get no credit at all.
  await expect(page.getByRole('region', { name: 'Advantages' })).toContainText(/sampled: .*exactly zero/)
  // What-if: the same completions re-scored with a heavy length weight, before the learner sees it —
  // longer completions now differ, so groups stop being all-equal.
  const length = page.getByRole('slider', { name: 'length' })
  await length.focus()
  await page.keyboard.press('End')
  await expect(page.getByRole('status', { name: 'What-if advantages' })).toContainText(/under the sliders and estimator now — \d+% positive, \d+% negative, \d+% exactly zero/)
})

test('independent learners on the team game keep working under difference credit', async ({ page }) => {
  await page.goto('./?env=coop')
  await page.getByRole('combobox', { name: 'Learner' }).selectOption('independent')
  await page.getByRole('combobox', { name: 'team credit' }).selectOption('difference')
  await expect(page).toHaveURL(/l\.credit=difference/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => runFigure(page, 'welfare (last 20)'), { timeout: 60_000 }).toBeGreaterThan(5)
})

test('REINFORCE with a baseline trains CartPole, and a bad hyperparameter is refused', async ({ page }) => {
  await page.goto('./?env=cartpole')
  // The preset's label is read from its values: it names the learning rate the field shows.
  const preset = page.getByRole('combobox', { name: 'PPO preset' })
  const presetLabel = await preset.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].text)
  expect(Number(/lr ([\d.e-]+)\)$/.exec(presetLabel)?.[1])).toBe(Number(await page.getByRole('textbox', { name: 'learning rate' }).inputValue()))
  await page.getByRole('combobox', { name: 'Learner' }).selectOption('reinforce')
  const rate = page.getByRole('textbox', { name: 'learning rate' })
  const inUse = await rate.inputValue()
  await rate.fill('abc')
  await rate.press('Enter')
  // Beside the field, in its label's words, tied to it; the text stays to be corrected.
  await expect(rate).toHaveAttribute('aria-invalid', 'true')
  await expect(rate).toHaveAccessibleDescription(new RegExp(`^Adam step size\\. Learning rate must be a number, e\\.g\\. ${inUse.replace('.', '\\.')}; ${inUse.replace('.', '\\.')} stays in use\\.$`))
  await expect(rate).toHaveValue('abc')
  const message = page.getByRole('alert').filter({ hasText: 'Learning rate must be a number' })
  const [field, error] = await Promise.all([rate.boundingBox(), message.boundingBox()])
  expect(error!.y - (field!.y + field!.height), 'the message sits just under its field').toBeLessThan(12)
  await expect(page.getByRole('alert').filter({ hasText: 'learningRate' })).toHaveCount(0)
  await rate.fill('-1')
  await rate.press('Enter')
  await expect(message).toHaveCount(0)
  await expect(page.getByRole('alert').filter({ hasText: /^Learning rate must be (above|at least) 0/ })).toBeVisible()
  await expect(page).not.toHaveURL(/learningRate/)
  // Corrected, the message goes as the valid text is typed, and the field is no longer marked.
  await rate.fill('0.002')
  await expect(rate).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alert').filter({ hasText: 'Learning rate' })).toHaveCount(0)
  await rate.press('Enter')
  await expect(page).toHaveURL(/learningRate=0\.002/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => curvePoints(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
})

test('the Dr. GRPO preset sets all it names: no std scaling and the constant loss divisor; GRPO puts the per-sequence mean back', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const preset = page.getByRole('combobox', { name: 'Estimator preset' })
  await preset.selectOption({ label: 'Dr. GRPO' })
  await expect(page.getByRole('combobox', { name: 'scale' })).toHaveValue('none')
  await expect(page.getByRole('combobox', { name: 'loss aggregation' })).toHaveValue('seq-mean-token-sum-norm')
  await expect(preset).toHaveValue('dr_grpo')
  await preset.selectOption({ label: 'GRPO' })
  await expect(page.getByRole('combobox', { name: 'scale' })).toHaveValue('group')
  await expect(page.getByRole('combobox', { name: 'loss aggregation' })).toHaveValue('seq-mean-token-mean')
  // Dr. GRPO's estimator with GRPO's per-sequence mean is neither preset.
  await page.getByRole('combobox', { name: 'scale' }).selectOption('none')
  await expect(preset).toHaveValue('custom')
})

test('REINFORCE++ as OpenRLHF defines it from the preset: the KL in the reward, per-token advantages, the link; the baselines one select away', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const preset = page.getByRole('combobox', { name: 'Estimator preset' })
  await expect(preset.getByRole('option', { name: 'REINFORCE++-baseline' })).toHaveCount(1)
  await preset.selectOption({ label: 'REINFORCE++ (OpenRLHF)' })
  const baseline = page.getByRole('combobox', { name: 'baseline' })
  await expect(baseline).toHaveValue('token_batch')
  await expect(page.getByRole('combobox', { name: 'KL placement' })).toHaveValue('reward')
  await expect(page.getByRole('combobox', { name: 'KL estimator' })).toHaveValue('k1')
  await expect(page).toHaveURL(/l\.klPlacement=reward/)
  await expect(page).toHaveURL(/l\.estimator\.baseline=token_batch/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('kl penalty', { timeout: 60_000 })
  // Another baseline is another estimator: it reaches the running run live, marked on the chart, without the restart question; the link carries it.
  await baseline.selectOption('remax')
  await expect(page.getByRole('alertdialog', { name: 'Restart the run?' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Design changes' })).toContainText('baseline: token_batch → remax', { timeout: 30_000 })
  await expect(page).toHaveURL(/l\.estimator\.baseline=remax/)
  await expect(preset).toHaveValue('custom')
})

test('GSPO and a dual clip from the Learner panel on the token task: the dual clip is PPO’s, GSPO trains, and the link carries the choice', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const policyLoss = page.getByRole('combobox', { name: 'policy loss' })
  const dualClip = page.getByRole('textbox', { name: 'dual clip C' })
  await expect(policyLoss).toHaveValue('ppo')
  await dualClip.fill('3')
  await dualClip.press('Enter')
  await expect(page).toHaveURL(/l\.dualClip=3/)
  // The dual clip belongs to PPO's loss: GSPO with it is refused, named, and PPO with C = 3 stays.
  await policyLoss.selectOption('gspo')
  await expect(page.getByRole('alert')).toContainText('the dual clip C applies to the ppo policy loss only, not gspo')
  await expect(policyLoss).toHaveValue('ppo')
  await expect(page).toHaveURL(/l\.dualClip=3/)
  // Emptied, the dual clip is off; then GSPO is taken.
  await dualClip.fill('')
  await dualClip.press('Enter')
  await expect(page).not.toHaveURL(/dualClip/)
  await policyLoss.selectOption('gspo')
  await page.getByRole('combobox', { name: 'KL estimator' }).selectOption('k2')
  await expect(page).toHaveURL(/l\.policyLoss=gspo/)
  await expect(page).toHaveURL(/l\.kl=k2/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('clip fraction')
  // The link opens the same learner.
  await page.goto(page.url())
  await expect(page.getByRole('combobox', { name: 'policy loss' })).toHaveValue('gspo')
  await expect(page.getByRole('combobox', { name: 'KL estimator' })).toHaveValue('k2')
  await expect(page.getByRole('textbox', { name: 'dual clip C' })).toHaveValue('')
})

test('the token task’s overlong penalty has its slider and its cache parameter, and masking truncated completions is set in the Learner panel, kept in the link and reported', async ({ page }) => {
  await page.goto('./?env=tokenseq')
  const overlong = page.getByRole('slider', { name: 'overlong' })
  await expect(overlong).toHaveValue('0')
  await overlong.focus()
  await page.keyboard.press('End')
  await expect(overlong).toHaveValue('2')
  await expect(page).toHaveURL(/w\.overlong=2/)
  const cache = page.getByLabel('overlong cache', { exact: true })
  await cache.fill('8')
  await cache.press('Enter')
  await expect(page.getByRole('alert')).toContainText('parameter "overlong_cache" of tokenseq must be an integer from 0 to 7 (less than max_length, 8), got 8; keeping 2')
  await cache.fill('3')
  await cache.press('Enter')
  await expect(page).toHaveURL(/p\.overlong_cache=3/)
  const mask = page.getByRole('checkbox', { name: 'mask truncated completions' })
  await expect(mask).not.toBeChecked()
  await mask.check()
  await expect(page).toHaveURL(/l\.maskTruncated=true/)
  await page.getByRole('button', { name: 'Start' }).click()
  await expectTraining(page)
  await expect.poll(() => envSteps(page), { timeout: 60_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('region', { name: 'Learner diagnostics' })).toContainText('truncated fraction')
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'mask truncated completions' })).toBeChecked()
  await expect(page.getByLabel('overlong cache', { exact: true })).toHaveValue('3')
  await expect(page.getByRole('slider', { name: 'overlong' })).toHaveValue('2')
})

test('the Learner panel fits its column whatever the learner', async ({ page }) => {
  for (const env of ['cartpole', 'tokenseq', 'cliffwalking', 'coop', 'mountaincar']) {
    await page.goto(`./?env=${env}`)
    const panel = page.getByRole('group', { name: 'Learner' })
    await expect(panel).toBeVisible()
    const fit = await panel.evaluate((element) => {
      const column = element.parentElement!
      return { panel: element.getBoundingClientRect().right, column: column.getBoundingClientRect().right, overflow: column.scrollWidth - column.clientWidth }
    })
    expect(fit.panel, `${env}: the panel ends inside its column`).toBeLessThanOrEqual(fit.column + 0.5)
    expect(fit.overflow, `${env}: nothing scrolls sideways`).toBeLessThanOrEqual(0)
  }
})
