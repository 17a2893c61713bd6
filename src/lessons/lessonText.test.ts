import { describe, expect, it } from 'vitest'
import { LESSONS } from './catalogue'

/*
 * Measured figures live in the generated evidence file (evidence.json), never typed into a
 * lesson's text, where they go stale the moment a budget or a learner changes. Setup constants
 * ("coin worth 10", "200,000 steps", "γ = 0.99") are fine; what gives a measurement away is its
 * provenance: the word "measured", or a parenthesis naming the steps and seed it came from.
 */
const MEASUREMENT = [
  { rule: 'the word "measured"', pattern: /\bmeasured\b/i },
  { rule: 'a "(N steps, seed S" provenance', pattern: /\(\s*[\d,]+\s+steps?,\s+seeds?\s+\d/i },
  { rule: 'a "(seed S, …)" provenance', pattern: /\(\s*seeds?\s+\d+\s*[,)]/i },
]

describe('lesson texts', () => {
  const texts = LESSONS.flatMap((lesson) => (['question', 'tryThis', 'lookFor', 'why'] as const).map((field) => ({ id: lesson.id, field, text: lesson[field] })))
  it.each(texts)('$id $field types no measured figure (they come from the evidence file)', ({ text }) => {
    for (const { rule, pattern } of MEASUREMENT) expect(text.match(pattern)?.[0] ?? null, `contains ${rule}`).toBeNull()
  })
})
