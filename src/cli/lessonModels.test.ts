import { describe, expect, it } from 'vitest'
import { OVER_OPTIMISATION_MODEL_RECIPE } from '../lessons/rewardModelRecipe'
import { LENGTH_BIASED_MODELS, OVER_OPTIMISATION_MODELS } from '../lessons/rewardModels'
import { fitLessonModels, lessonModelsText, readLessonModelsText } from './lessonModels'
import { cliAsync, expectUsageError } from './testing'

describe('the lessons’ reward models', () => {
  it('are exactly what their recipe fits (else: npm run -s cli -- lesson models --write)', async () => {
    const fitted = await fitLessonModels()
    expect(readLessonModelsText(), 'src/lessons/rewardModels.json is stale: run npm run -s cli -- lesson models --write').toBe(lessonModelsText(fitted))
    // The decorrelated model has a length head; the plain one none.
    const [decorrelated] = fitted.lengthBiased.decorrelated.kind === 'linear' ? fitted.lengthBiased.decorrelated.members : []
    expect(decorrelated.lengthWeight).toBeGreaterThan(0)
    expect(LENGTH_BIASED_MODELS.plain).toEqual(fitted.lengthBiased.plain)
    // The over-optimisation lessons' single model and its ensemble of bootstrap members, read as the lessons read them.
    expect(fitted.overOptimisation.single.members).toHaveLength(1)
    expect(fitted.overOptimisation.ensemble.members).toHaveLength(OVER_OPTIMISATION_MODEL_RECIPE.ensemble)
    expect(OVER_OPTIMISATION_MODELS).toEqual(fitted.overOptimisation)
  }, 120_000)

  it('lesson models refuses anything but --write', async () => {
    expect(expectUsageError(await cliAsync(['lesson', 'models', '--out', 'x']))).toBe('lesson models takes only --write, got "--out"')
  })
})
