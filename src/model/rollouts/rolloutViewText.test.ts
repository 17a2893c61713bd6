import { describe, expect, it } from 'vitest'
import { creditPercents, leftOutLines, lengthCorrelationText, readProgressText, silentGroupsText, tokenCorrelationText } from './rolloutViewText'

describe("the rollouts panel's words", () => {
  it('says the bytes read, with the total where known', () => {
    expect(readProgressText(12_500_000, 229_000_000)).toBe('12.5 MB of 229.0 MB read')
    expect(readProgressText(1_000_000, null)).toBe('1.0 MB read')
  })

  it('says what was left out and where, counting the places not listed', () => {
    expect(leftOutLines({ unscored: { count: 0, places: [] }, groupsOfOne: { count: 0, places: [] } })).toEqual([])
    expect(leftOutLines({ unscored: { count: 1, places: ['2.jsonl line 3'] }, groupsOfOne: { count: 7, places: ['1.jsonl line 1', '1.jsonl line 9'] } })).toEqual([
      '1 completion left out, no reward component applying (every value null): 2.jsonl line 3.',
      '7 groups of one completion left out (a group baseline needs at least 2): 1.jsonl line 1, 1.jsonl line 9, and 5 more.',
    ])
  })

  it('gives whole percentages that add up to 100, null where no credit went', () => {
    expect(creditPercents([1 / 3, 1 / 3, 1 / 3])).toEqual([34, 33, 33])
    expect(creditPercents([0.6, null])).toEqual([100, null])
    expect(creditPercents([null, null])).toEqual([null, null])
  })

  it('says the silent groups and the correlation', () => {
    expect(silentGroupsText(1, 96)).toBe('1 of 96 groups silent (every reward equal: no signal under a group centre)')
    expect(lengthCorrelationText(-0.1266)).toBe('Advantage–length correlation: r = -0.13 (length in characters)')
    expect(lengthCorrelationText(null)).toContain('none')
    expect(tokenCorrelationText(0.456)).toBe('…with length in tokens: r = 0.46')
    expect(tokenCorrelationText(null)).toBe('…with length in tokens: none (under two completions with tokens, or no spread)')
  })
})
