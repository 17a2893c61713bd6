import { describe, expect, it } from 'vitest'
import { formatBytes, usageLine } from './storageFormat'

describe('storage figures', () => {
  it('formats bytes in decimal units, one decimal below 10', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(812)).toBe('812 B')
    expect(formatBytes(41_234)).toBe('41 kB')
    expect(formatBytes(1_234_000_000)).toBe('1.2 GB')
    expect(formatBytes(5_500)).toBe('5.5 kB')
  })

  it('says how many runs, their size, and what the browser has left when it tells', () => {
    expect(usageLine(3, 41_000, { usage: 800_000_000, quota: 2_000_000_000 })).toBe('3 runs · 41 kB saved · 1.2 GB available')
    expect(usageLine(1, 900, null)).toBe('1 run · 900 B saved')
  })
})
