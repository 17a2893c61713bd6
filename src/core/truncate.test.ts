import { describe, expect, it } from 'vitest'
import { QUOTED_LENGTH, shownText, truncate } from './truncate'

describe('text a message quotes', () => {
  it('is cut to 40 characters, then an ellipsis', () => {
    expect(truncate('short')).toBe('short')
    expect(truncate('x'.repeat(10_000))).toBe(`${'x'.repeat(QUOTED_LENGTH)}…`)
  })

  it('shows a file name or a key of any length and with control bytes on one short line', () => {
    expect(shownText('sweep.json')).toBe('sweep.json')
    const hostile = `${'n'.repeat(10_240)}.json`
    expect(shownText(hostile)).toBe(`${'n'.repeat(QUOTED_LENGTH)}…`)
    expect(shownText('a\nb\u0000c\u007fd\u2028e')).toBe('a\\x0ab\\x00c\\x7fd\\u2028e')
    expect(shownText('\n'.repeat(1000))).toHaveLength(QUOTED_LENGTH + 1)
  })
})
