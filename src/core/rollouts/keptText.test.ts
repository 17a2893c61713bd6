import { describe, expect, it } from 'vitest'
import { characterCount, keptText } from './keptText'
import { textKey } from './textKey'

describe('keptText and characterCount', () => {
  it('keeps the first characters, never half a surrogate pair, and counts a pair as one character', () => {
    expect(keptText('abcdef', 4)).toBe('abcd')
    expect(keptText('ab', 4)).toBe('ab')
    // '😀' is two UTF-16 units: cutting after 'a' and its first unit keeps 'a' alone.
    expect(keptText('a😀b', 2)).toBe('a')
    expect(keptText('a😀b', 3)).toBe('a😀')
    expect(characterCount('a😀b')).toBe(3)
    expect(characterCount('')).toBe(0)
  })
})

describe('textKey', () => {
  it('is one key for one text and another for another, of any length', () => {
    expect(textKey('3+4=')).toBe(textKey('3+4='))
    expect(textKey('3+4=')).not.toBe(textKey('4+3='))
    expect(textKey('')).not.toBe(textKey(' '))
    const long = 'x'.repeat(100_000)
    expect(textKey(long)).not.toBe(textKey(`${long}y`))
    expect(textKey(long).length).toBeLessThan(40)
  })
})
