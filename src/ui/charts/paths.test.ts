import { describe, expect, it } from 'vitest'
import { bandPath, linePath } from './paths'
import { textWidth, ticksThatFit } from './text'

const double = (value: number) => value * 2
const flip = (value: number) => 100 - value

describe('linePath', () => {
  it('draws one polyline through the scaled points, coordinates to one decimal', () => {
    expect(linePath([0, 1, 2], [10, 20.04, 30], double, flip)).toBe('M0,90L2,80L4,70')
  })
  it('breaks the line at a missing value and never draws it', () => {
    expect(linePath([0, 1, 2, 3, 4], [1, NaN, 3, 4, Infinity], double, flip)).toBe('M0,99M4,97L6,96')
  })
  it('skips points whose x is not finite', () => {
    expect(linePath([0, NaN, 2], [1, 2, 3], double, flip)).toBe('M0,99M4,97')
  })
  it('is empty for no data, or no finite data', () => {
    expect(linePath([], [], double, flip)).toBe('')
    expect(linePath([1, 2], [NaN, NaN], double, flip)).toBe('')
  })
})

describe('bandPath', () => {
  it('closes each run along the highs and back along the lows', () => {
    expect(bandPath([0, 1], [1, 2], [3, 4], double, flip)).toBe('M0,97L2,96L2,98L0,99Z')
  })
  it('splits the band where a bound is missing', () => {
    expect(bandPath([0, 1, 2], [1, NaN, 5], [2, 3, 6], double, flip)).toBe('M0,98L0,99ZM4,94L4,95Z')
  })
})

describe('text estimates', () => {
  it('estimates width from characters and size', () => {
    expect(textWidth('140', 10)).toBe(18)
  })
  it('fits between 2 and the most ticks', () => {
    expect(ticksThatFit(400, 20, 10)).toBe(5) // 400 / 35 = 11 → at most 5
    expect(ticksThatFit(70, 20, 10)).toBe(2) // 70 / 35 = 2
    expect(ticksThatFit(10, 20, 10)).toBe(2)
  })
})
