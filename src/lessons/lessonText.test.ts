import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LESSON_IDS, LESSONS } from './catalogue'
import { fillText, LESSON_TEXTS } from './lessonTexts'

const TEXT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'text')
const TEXT_FIELDS = ['title', 'question', 'tryThis', 'lookFor', 'why']

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

describe('lesson text files', () => {
  it('every lesson has its text file in text/, and no text file is without its lesson', () => {
    const files = readdirSync(TEXT_DIR).sort()
    expect(files).toEqual([...LESSON_IDS].map((id) => `${id}.json`).sort())
    expect(Object.keys(LESSON_TEXTS).sort()).toEqual([...LESSON_IDS].sort())
  })

  it.each([...LESSON_IDS])('text/%s.json holds exactly the card\'s five texts, as strings', (id) => {
    const file = JSON.parse(readFileSync(`${TEXT_DIR}/${id}.json`, 'utf8')) as Record<string, unknown>
    expect(Object.keys(file).sort()).toEqual([...TEXT_FIELDS].sort())
    for (const field of TEXT_FIELDS) expect(typeof file[field]).toBe('string')
    expect(file).toEqual(LESSON_TEXTS[id])
  })

  it('the card shows the file\'s text with only its {name} placeholders filled', () => {
    for (const lesson of LESSONS) {
      const file = LESSON_TEXTS[lesson.id]
      for (const field of TEXT_FIELDS as (keyof typeof file)[]) {
        const [before, ...rest] = file[field].split(/\{[A-Za-z]+\}/)
        expect(lesson[field].startsWith(before)).toBe(true)
        if (rest.length === 0) expect(lesson[field]).toBe(file[field])
        expect(lesson[field]).not.toMatch(/\{[A-Za-z]+\}/)
      }
    }
  })

  it('refuses a placeholder without a value and a value without a placeholder', () => {
    const text = { title: 'T', question: 'Q {n}?', tryThis: 'a', lookFor: 'b', why: 'c' }
    expect(fillText(text, { n: '1,000' }).question).toBe('Q 1,000?')
    expect(() => fillText(text)).toThrow(/placeholder \{n\} has no value/)
    expect(() => fillText(text, { n: 1, m: 2 })).toThrow(/no placeholder for m/)
  })
})
