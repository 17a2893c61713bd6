import { describe, expect, it } from 'vitest'
import { monitorTableMarkdown, TABLE_END, TABLE_START, tableInText, withTable } from './monitorTable'
import { MADE_UP } from './testMonitorEvidence'

describe('monitorTableMarkdown', () => {
  it('says what was measured, then a row per monitor with the hits’ lead', () => {
    expect(monitorTableMarkdown(MADE_UP).split('\n')).toEqual([
      'Measured 2026-12-01 over 6 runs: every variant of coin-loop on seeds 1–2, 100 frames each; the gold turned in 4.',
      '',
      '| monitor | hits | late | misses | false alarms | quiet | not measurable | lead, env steps: median (range) |',
      '|---|--:|--:|--:|--:|--:|--:|--:|',
      '| Length drift | 2 | 1 | 1 | 1 | 1 | 0 | 1,500 (1,000 to 12,000) |',
      '| Proxy–objective divergence (reads the gold) | 0 | 0 | 0 | 0 | 0 | 6 | – |',
    ])
  })

  it('names a single seed as one', () => {
    expect(monitorTableMarkdown({ ...MADE_UP, seeds: 1, firstSeed: 7, runs: 3, goldTurned: 0 })).toMatch(/^Measured 2026-12-01 over 3 runs: every variant of coin-loop on seed 7, 100 frames each; the gold turned in 0\./)
  })
})

describe('the marked block', () => {
  const text = `# Title\n\n${TABLE_START}\nold table\n${TABLE_END}\n\nAfter.\n`

  it('replaces only what lies between the markers, and reads it back', () => {
    const replaced = withTable(text, '| new |')
    expect(replaced).toBe(`# Title\n\n${TABLE_START}\n| new |\n${TABLE_END}\n\nAfter.\n`)
    expect(tableInText(replaced)).toEqual({ table: '| new |' })
    expect(withTable(replaced, '| new |')).toBe(replaced)
  })

  it.each([
    ['no start marker', `a\n${TABLE_END}\n`, `it has no ${TABLE_START} marker`],
    ['no end marker', `${TABLE_START}\na\n`, `it has no ${TABLE_END} marker`],
    ['a marker twice', `${TABLE_START}\n${TABLE_END}\n${TABLE_START}\n`, 'it has a marker twice'],
    ['the markers the wrong way round', `${TABLE_END}\n${TABLE_START}\n`, `its ${TABLE_END} marker comes before ${TABLE_START}`],
  ])('refuses %s', (_, broken, problem) => {
    expect(tableInText(broken)).toEqual({ problem })
    expect(() => withTable(broken, 'x')).toThrow(problem)
  })
})
