import { describe, expect, it } from 'vitest'
import { countOf } from './plural'

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'pair')).toBe('1 pair')
    expect(countOf(0, 'pair')).toBe('0 pairs')
    expect(countOf(2, 'pair')).toBe('2 pairs')
    expect(countOf(3, 'series', 'series')).toBe('3 series')
  })
})
