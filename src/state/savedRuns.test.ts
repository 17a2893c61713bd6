import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SavedRun } from '../storage/savedRun'
import { defaultDesign } from '../model/design'

function savedRun(id: string, updatedAt: number): SavedRun {
  return {
    version: 1,
    id,
    name: `run ${id}`,
    createdAt: updatedAt,
    updatedAt,
    status: 'running',
    design: defaultDesign('cliffwalking', 1),
    envLabel: 'CliffWalking',
    learner: 'qlearning',
    series: [{ envSteps: 100, wallSeconds: 1, shapedReturn: -50, objective: -50, contributions: { step: -50 } }],
    marks: [],
    final: { shapedReturn: -50, objective: -50, length: 50 },
    envSteps: 100,
    wallSeconds: 1,
    diagnosis: null,
  }
}

/** The page's saved-runs state, fresh (its library is opened once per page). */
async function freshModule() {
  vi.resetModules()
  return import('./savedRuns')
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('saved runs of the page', () => {
  it('checkpoints appear in the list, renames and deletes reach the library, and a delete can be undone', async () => {
    const saved = await freshModule()
    expect(await saved.saveCheckpoint(savedRun('a', 1000), true)).toBe('saved')
    expect(await saved.saveCheckpoint(savedRun('b', 2000), true)).toBe('saved')
    expect(saved.useSavedRuns.getState()).toMatchObject({ phase: 'ready', problem: null })
    expect(saved.useSavedRuns.getState().runs.map((run) => run.id)).toEqual(['b', 'a'])
    expect(saved.useSavedRuns.getState().bytes.a).toBeGreaterThan(0)

    expect(await saved.renameSavedRun('a', '')).toMatch(/cannot be empty/)
    expect(await saved.renameSavedRun('a', ' steady ')).toBeNull()
    expect(saved.useSavedRuns.getState().runs.find((run) => run.id === 'a')?.name).toBe('steady')

    expect(await saved.deleteSavedRun('b')).toBeNull()
    expect(saved.useSavedRuns.getState().runs.map((run) => run.id)).toEqual(['a'])
    // The live run was deleted: its next checkpoint does not bring it back.
    expect(await saved.saveCheckpoint(savedRun('b', 3000), false)).toBe('gone')
    expect(await saved.restoreDeletedRun()).toBeNull()
    expect(saved.useSavedRuns.getState().runs.map((run) => run.id)).toEqual(['b', 'a'])

    // Another page (a reload) reads the same library.
    const reloaded = await freshModule()
    await reloaded.openSavedRuns()
    expect(reloaded.useSavedRuns.getState().runs.map((run) => [run.id, run.name])).toEqual([
      ['b', 'run b'],
      ['a', 'steady'],
    ])
  })

  it('a full storage is shown until a write succeeds again', async () => {
    const saved = await freshModule()
    await saved.openSavedRuns()
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    expect(await saved.saveCheckpoint(savedRun('a', 1000), true)).toBe('failed')
    expect(saved.useSavedRuns.getState().problem).toMatchObject({ kind: 'full' })
    expect(saved.useSavedRuns.getState().problem?.message).toMatch(/^storage is full: delete saved runs/)
    put.mockRestore()
    expect(await saved.saveCheckpoint(savedRun('a', 2000), true)).toBe('saved')
    expect(saved.useSavedRuns.getState().problem).toBeNull()
  })

  it('without IndexedDB, saving is off: the page is told why and every action answers without throwing', async () => {
    // @ts-expect-error: a browser (or a private window) without IndexedDB
    globalThis.indexedDB = undefined
    const saved = await freshModule()
    expect(await saved.openSavedRuns()).toBeNull()
    expect(saved.useSavedRuns.getState().phase).toBe('off')
    expect(saved.useSavedRuns.getState().problem?.message).toMatch(/^saving is off: /)
    expect(await saved.saveCheckpoint(savedRun('a', 1000), true)).toBe('failed')
    expect(await saved.renameSavedRun('a', 'name')).toMatch(/^saving is off: /)
    expect(await saved.deleteSavedRun('a')).toMatch(/^saving is off: /)
  })
})
