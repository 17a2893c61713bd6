import { describe, expect, it } from 'vitest'
import { categoryAxisHeight, textWidth, titleOffset, valueAxisWidth, verticalTicksThatFit } from './text'

describe('axis sizes from the font size', () => {
  it('a titled value axis holds its longest label, the tick and a title line: 4 × 0.6 × 11 + 6 + 2 + 2 × 4 + 1.2 × 11 = 55.6 → 56', () => {
    expect(valueAxisWidth(['-100', '0', '-50'], 11, 6, true)).toBe(56)
  })

  it('an untitled one holds its label, the tick and a gap: 2 × 0.6 × 10 + 6 + 2 + 4 = 24', () => {
    expect(valueAxisWidth(['0', '12'], 10, 6, false)).toBe(24)
  })

  it('at any font size the rotated title ends before the longest label begins', () => {
    for (const fontSize of [10, 11, 16, 24]) {
      const labels = ['-0.5', '2.5']
      const width = valueAxisWidth(labels, fontSize, 6, true)
      const titleEnd = titleOffset(fontSize) + (fontSize * 1.2) / 2
      const labelsStart = width - 6 - 2 - textWidth('-0.5', fontSize)
      expect(titleEnd).toBeLessThan(labelsStart)
    }
  })

  it('a bottom axis is one label line below its tick: 6 + 2 + 1.3 × 16 = 28.8 → 29', () => {
    expect(categoryAxisHeight(16, 6)).toBe(29)
  })
})

describe('verticalTicksThatFit', () => {
  it('fits a label every 1.5 font sizes: a 39 px plot at 11 px holds ⌊39 / 16.5⌋ + 1 = 3, a 150 px one ⌊150 / 16.5⌋ + 1 = 10', () => {
    expect(verticalTicksThatFit(39, 11)).toBe(3)
    expect(verticalTicksThatFit(150, 11)).toBe(10)
  })

  it('keeps the two ends on a plot shorter than a label', () => {
    expect(verticalTicksThatFit(8, 16)).toBe(2)
    expect(verticalTicksThatFit(0, 11)).toBe(2)
  })
})
