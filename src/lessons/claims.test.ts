import { describe, expect, it } from 'vitest'
import { LESSONS } from './catalogue'
import { checkProblems, LessonCheckSchema } from './claims'
import { componentProblems } from './claimFigures'

describe('the lessons’ claims', () => {
  it.each(LESSONS.filter((lesson) => lesson.check).map((lesson) => [lesson.id, lesson] as const))('%s: its check fits the schema and names only variants it has', (_, lesson) => {
    expect(LessonCheckSchema.safeParse(lesson.check).success).toBe(true)
    expect(checkProblems(lesson.check!, lesson.variants.length)).toEqual([])
    expect(componentProblems(lesson.check!, lesson.variants)).toEqual([])
  })

  it('names a claim about a variant the lesson does not have, and one compared with itself', () => {
    const check = LessonCheckSchema.parse({
      steps: 10,
      seeds: 2,
      claims: [
        { text: 'a', figure: 'objective', variant: 3, relation: { kind: 'atMost', value: 1 } },
        { text: 'b', figure: 'objective', variant: 0, relation: { kind: 'above', variant: 0 } },
      ],
    })
    expect(checkProblems(check, 2)).toEqual(['claims[0]: variant 3 does not exist (the lesson has 2)', 'claims[1]: compares variant 0 with itself'])
  })

  it('refuses a check with fewer than two seeds or no claims', () => {
    expect(LessonCheckSchema.safeParse({ steps: 10, seeds: 1, claims: [{ text: 'a', figure: 'objective', variant: 0, relation: { kind: 'atMost', value: 1 } }] }).success).toBe(false)
    expect(LessonCheckSchema.safeParse({ steps: 10, seeds: 2, claims: [] }).success).toBe(false)
  })
})
