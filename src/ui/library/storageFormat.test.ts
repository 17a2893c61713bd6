import { describe, expect, it } from 'vitest'
import { formatBytes, runLabels, savedAt, usageLine, seedGroups } from './storageFormat'

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

describe('saved runs as the list names them', () => {
  it('shows a time no Date holds as "—" instead of throwing', () => {
    expect(savedAt(1e300)).toEqual({ text: '—', dateTime: undefined })
    expect(savedAt(Date.UTC(2025, 2, 3, 14, 2)).dateTime).toBe('2025-03-03T14:02:00.000Z')
  })

  it('numbers runs that older versions saved under one name, oldest first, skipping names in use', () => {
    const run = (id: string, name: string, createdAt: number) => ({ id, name, createdAt })
    const labels = runLabels([run('c', 'seed 1', 3000), run('a', 'seed 1', 1000), run('b', 'seed 1', 2000), run('d', 'seed 1 (2)', 500), run('e', 'other', 1)])
    expect(Object.fromEntries(labels)).toEqual({ a: 'seed 1', b: 'seed 1 (3)', c: 'seed 1 (4)', d: 'seed 1 (2)', e: 'other' })
  })
})

describe('seed groups', () => {
  it('gathers the runs of each seeds-at-once group, lowest seed first, and leaves runs trained alone out', () => {
    const run = (id: string, seed: number, seedGroup?: string) => ({ id, design: { seed }, ...(seedGroup === undefined ? {} : { seedGroup }) })
    const groups = seedGroups([run('c', 9, 'a'), run('x', 1), run('a', 7, 'a'), run('b', 8, 'a'), run('y', 2, 'y')])
    expect([...groups.keys()]).toEqual(['a', 'y'])
    expect(groups.get('a')!.map((member) => member.id)).toEqual(['a', 'b', 'c'])
    expect(groups.get('y')!.map((member) => member.id)).toEqual(['y'])
  })
})
