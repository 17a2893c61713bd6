import { describe, expect, it } from 'vitest'
import { defaultDesign } from '../model/design'
import { EXIT_CHECKPOINT_PREFIX, exitCheckpointNotice, readExitCheckpoint, takeExitCheckpoints, writeExitCheckpoint, type KeyValueStorage } from './exitCheckpoint'
import type { SavedRun } from './savedRun'

/** A Storage over a Map, as the page's localStorage behaves (insertion order for key(i)). */
function memoryStorage(limit = Infinity): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    get length() {
      return map.size
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > limit) throw new DOMException('quota', 'QuotaExceededError')
      map.set(key, value)
    },
    removeItem: (key) => void map.delete(key),
  }
}

function run(id: string, overrides: Partial<SavedRun> = {}): SavedRun {
  return {
    version: 1,
    id,
    name: `CliffWalking · qlearning · seed 1`,
    createdAt: 1000,
    updatedAt: 5000,
    status: 'running',
    design: defaultDesign('cliffwalking', 1),
    envLabel: 'CliffWalking',
    learner: 'qlearning',
    series: [{ envSteps: 100, wallSeconds: 0.5, shapedReturn: -120, objective: -120, contributions: { step: -20, cliff: -100 } }],
    marks: [],
    final: { shapedReturn: -120, objective: -120, length: NaN },
    envSteps: 120,
    wallSeconds: 0.6,
    diagnosis: null,
    ...overrides,
  }
}

describe('exit checkpoints', () => {
  it('come back as written, a NaN final figure included, and are removed once taken', () => {
    const storage = memoryStorage()
    storage.setItem('another app key', 'untouched')
    expect(writeExitCheckpoint(storage, run('a'))).toBe(true)
    expect(writeExitCheckpoint(storage, run('b', { envSteps: 300 }))).toBe(true)
    expect(storage.map.has(`${EXIT_CHECKPOINT_PREFIX}a`)).toBe(true)
    const taken = takeExitCheckpoints(storage)
    expect(taken.problems).toEqual([])
    expect(taken.runs).toEqual([run('a'), run('b', { envSteps: 300 })])
    expect(Number.isNaN(taken.runs[0].final.length)).toBe(true)
    expect([...storage.map.keys()]).toEqual(['another app key'])
    expect(takeExitCheckpoints(storage)).toEqual({ runs: [], problems: [] })
  })

  it('name what cannot be read back, validated as a saved run is, and still remove it', () => {
    const storage = memoryStorage()
    storage.setItem(`${EXIT_CHECKPOINT_PREFIX}x`, '{not json')
    storage.setItem(`${EXIT_CHECKPOINT_PREFIX}y`, JSON.stringify({ ...run('y'), envSteps: -3 }))
    const taken = takeExitCheckpoints(storage)
    expect(taken.runs).toEqual([])
    expect(taken.problems).toEqual(['run "x": it is not JSON', expect.stringMatching(/^CliffWalking · qlearning · seed 1: envSteps: /)])
    expect(storage.length).toBe(0)
  })

  it('a storage that refuses the write (full, turned off) is told, never thrown', () => {
    expect(writeExitCheckpoint(memoryStorage(10), run('a'))).toBe(false)
  })

  it('reads a final figure that is Infinity in the text as damaged, not as a number', () => {
    const text = JSON.stringify(run('a')).replace('"shapedReturn":-120,"objective":-120,"length":null', '"shapedReturn":"Infinity","objective":-120,"length":null')
    expect(readExitCheckpoint(text)).toMatchObject({ ok: false })
  })

  it('name a checkpoint by its key, and refuse one whose key names another run (forged or corrupted storage)', () => {
    const storage = memoryStorage()
    storage.setItem(`${EXIT_CHECKPOINT_PREFIX}a`, JSON.stringify(run('b', { envSteps: 5 })))
    storage.setItem(`${EXIT_CHECKPOINT_PREFIX}c`, JSON.stringify(run('c')))
    const taken = takeExitCheckpoints(storage)
    expect(taken.runs).toEqual([run('c')])
    expect(taken.problems).toEqual(['run "a": its key names run "a" but it holds run "b"; a checkpoint is kept only under its own run\'s key'])
    expect(storage.length).toBe(0)
  })

  it('300 corrupt checkpoints, hostile keys included, give one short notice: the first few, each quoting at most 40 characters, the rest counted', () => {
    const storage = memoryStorage()
    for (let i = 0; i < 300; i++) storage.setItem(`${EXIT_CHECKPOINT_PREFIX}${i}${i % 2 === 0 ? 'k'.repeat(10_240) : '\n\u0000'}`, `{broken ${'x'.repeat(100)}`)
    const taken = takeExitCheckpoints(storage)
    expect(taken.problems).toHaveLength(300)
    const notice = exitCheckpointNotice(taken.problems)
    expect(notice).toMatch(/^The last moments of 300 runs before the page closed could not be read back \(run "0k+…": it is not JSON; .*; and 292 more\); each is kept as of its checkpoint before\.$/)
    expect(notice!.length).toBeLessThan(1000)
    expect(notice).not.toMatch(/[\u0000-\u001f]/)
    expect(exitCheckpointNotice([])).toBeNull()
  })

  it('name a checkpoint of a hostile run (a 10 KB id, a name with control bytes) briefly', () => {
    const id = 'i'.repeat(10_240)
    const read = readExitCheckpoint(JSON.stringify({ ...run(id), name: `bad\nname${'n'.repeat(10_240)}` }))
    expect(read.ok).toBe(false)
    const problem = read.ok ? '' : read.problem
    expect(problem.length).toBeLessThan(400)
    expect(problem).not.toContain('\n')
  })
})
