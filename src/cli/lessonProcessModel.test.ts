import { describe, expect, it } from 'vitest'
import { LESSON_PROCESS_MODEL } from '../lessons/processRewardModel'
import { fitLessonProcessModel, lessonProcessModelText, readLessonProcessModelText } from './lessonProcessModel'

describe('lesson process-vs-outcome’s process reward model', () => {
  it('is exactly what its recipe fits (else: npm run -s cli -- lesson models --write)', async () => {
    const fitted = await fitLessonProcessModel()
    expect(readLessonProcessModelText(), 'src/lessons/processRewardModel.json is stale: run npm run -s cli -- lesson models --write').toBe(lessonProcessModelText(fitted))
    expect(LESSON_PROCESS_MODEL).toEqual(fitted.model)
    expect(fitted.model.granularity).toBe('process')
    expect(fitted.heldOutAccuracy).toBeGreaterThan(0.99)
  }, 60_000)
})
