import { describe, expect, it } from 'vitest'
import { LESSONS } from '../lessons/catalogue'
import { LessonCheckSchema } from '../lessons/claims'
import type { Lesson } from '../lessons/types'
import { checkLesson } from './lessonCheck'

/* checkLesson over every figure a claim can name, on a tiny lesson-like check of tabular learners. */

const cliff = LESSONS.find((lesson) => lesson.id === 'cliff-sarsa-vs-q')!
const check = LessonCheckSchema.parse({
  steps: 3000,
  seeds: 2,
  claims: [
    { text: 'Q-learning’s hazard costs at most 0', figure: 'contribution', component: 'hazard', variant: 0, relation: { kind: 'atMost', value: 0 } },
    { text: 'SARSA’s step costs are below Q-learning’s', figure: 'contribution', component: 'step', variant: 1, relation: { kind: 'below', variant: 0 } },
    { text: 'Some TD errors are not zero', figure: 'zeroAdvantageFraction', variant: 1, relation: { kind: 'atMost', value: 1 } },
  ],
})
const tiny: Lesson = { ...cliff, check }

describe('checkLesson with contribution and zero-advantage claims', () => {
  it('gives the same figures, bit for bit, trained here and in processes of their own', async () => {
    const here = await checkLesson(tiny, 2, 1, 1)
    const children = await checkLesson(tiny, 2, 1, 2)
    expect(here.variants.map((variant) => Object.keys(variant.figures))).toEqual([
      ['objective', 'shapedReturn', 'contribution:hazard', 'contribution:step', 'zeroAdvantageFraction'],
      ['objective', 'shapedReturn', 'contribution:hazard', 'contribution:step', 'zeroAdvantageFraction'],
    ])
    for (const variant of here.variants) for (const figure of Object.values(variant.figures)) for (const value of figure!.values) expect(Number.isFinite(value)).toBe(true)
    // Object.is per value: toEqual would let −0 and 0 pass as one.
    const flat = (result: typeof here) => result.variants.flatMap((variant) => Object.values(variant.figures).flatMap((figure) => figure!.values))
    const childValues = flat(children)
    flat(here).forEach((value, k) => expect(Object.is(value, childValues[k]), `value ${k}: ${value} vs ${childValues[k]}`).toBe(true))
    expect(children.claims.map((claim) => claim.margins)).toEqual(here.claims.map((claim) => claim.margins))
  }, 60_000)

  it('refuses a claim about a component a variant does not have, before training anything', async () => {
    const wrong: Lesson = { ...cliff, check: { ...check, claims: [{ ...check.claims[0], component: 'format' }] } }
    await expect(checkLesson(wrong, 2, 1, 1)).rejects.toThrow(/^lesson cliff-sarsa-vs-q: claims\[0\]: variant 0 \(Q-learning\) has no component "format"; accepted: step, hazard, goal, progress/)
  })

  it('reads the peak figures alike here and in processes of their own, the fall being the peak less the objective at the end', async () => {
    const peaks = LessonCheckSchema.parse({
      steps: 3000,
      seeds: 2,
      claims: [
        { text: 'SARSA’s best is no lower than where it ends', figure: 'objectiveFallFromPeak', variant: 1, relation: { kind: 'atLeast', value: 0 } },
        { text: 'SARSA’s best is above nothing', figure: 'peakObjective', variant: 1, relation: { kind: 'atLeast', value: -1e9 } },
      ],
    })
    const lesson: Lesson = { ...cliff, check: peaks }
    const here = await checkLesson(lesson, 2, 1, 1)
    const children = await checkLesson(lesson, 2, 1, 2)
    const [sarsa] = here.variants
    expect(Object.keys(sarsa.figures)).toEqual(['objective', 'shapedReturn', 'objectiveFallFromPeak', 'peakObjective'])
    sarsa.figures.peakObjective!.values.forEach((peak, k) => {
      expect(Number.isFinite(peak)).toBe(true)
      expect(sarsa.figures.objectiveFallFromPeak!.values[k]).toBe(peak - sarsa.figures.objective!.values[k])
    })
    expect(children.variants[0].figures).toEqual(sarsa.figures)
  }, 60_000)
})
