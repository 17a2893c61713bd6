import { describe, expect, it } from 'vitest'
import { duration, secondsLeft } from './progress'

describe('sweep progress', () => {
  it('estimates the time left from the runs trained so far: elapsed × left / trained here', () => {
    // 3 of 12 done in 6 s, all here: 6 × 9 / 3 = 18 s.
    expect(secondsLeft(3, 12, 3, 6)).toBe(18)
    // 5 done, 2 of them here (3 were recorded before) in 4 s: 4 × 7 / 2 = 14 s.
    expect(secondsLeft(5, 12, 2, 4)).toBe(14)
    expect(secondsLeft(5, 12, 0, 4)).toBeNull()
    expect(secondsLeft(12, 12, 12, 30)).toBeNull()
  })

  it('says a duration in words', () => {
    expect(duration(0.3)).toBe('under 1 s')
    expect(duration(42.4)).toBe('42 s')
    expect(duration(75)).toBe('1 min 15 s')
    expect(duration(3700)).toBe('1 h 1 min')
  })
})
