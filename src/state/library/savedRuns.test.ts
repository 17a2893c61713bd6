import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SavedRun } from '../../storage/savedRun'
import { defaultDesign } from '../../model/design'

function savedRun(id: string, updatedAt: number, name = `run ${id}`): SavedRun {
  return {
    version: 1,
    id,
    name,
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

  it('a damaged record with a numeric key is listed and deleted by that key', async () => {
    const saved = await freshModule()
    await saved.openSavedRuns()
    const db = await openDB('reward-playground')
    await db.put('runs', { ...savedRun('x', 1000), id: 42 })
    await db.put('runs', savedRun('good', 2000))
    db.close()
    const reloaded = await freshModule()
    await reloaded.openSavedRuns()
    const [record] = reloaded.useSavedRuns.getState().damaged
    expect(record).toMatchObject({ key: 42, label: 'run x' })
    expect(await reloaded.deleteDamagedRecord(record)).toBeNull()
    expect(reloaded.useSavedRuns.getState().damaged).toEqual([])
    // Gone from the library too, and the good run stays.
    const again = await freshModule()
    await again.openSavedRuns()
    expect(again.useSavedRuns.getState()).toMatchObject({ damaged: [], runs: [{ id: 'good' }] })
  })

  it('two runs saved under the same default name are told apart by a number', async () => {
    const saved = await freshModule()
    await saved.saveCheckpoint(savedRun('a', 1000, 'CliffWalking · qlearning · seed 1'), true)
    await saved.saveCheckpoint(savedRun('b', 2000, 'CliffWalking · qlearning · seed 1'), true)
    expect(saved.useSavedRuns.getState().runs.map((run) => run.name)).toEqual(['CliffWalking · qlearning · seed 1 (2)', 'CliffWalking · qlearning · seed 1'])
    expect(await saved.renameSavedRun('a', 'CliffWalking · qlearning · seed 1 (2)')).toMatch(/^another saved run is already named/)
  })

  it('the database deleted while a run trains: saving is off saying why, and the list and its counts are emptied', async () => {
    const saved = await freshModule()
    expect(await saved.saveCheckpoint(savedRun('a', 1000), true)).toBe('saved')
    expect(await saved.saveCheckpoint(savedRun('b', 2000), true)).toBe('saved')
    expect(await saved.deleteSavedRun('a')).toBeNull()
    // As another tab, or the browser clearing the site's data, does it; it waits for the page to step aside.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('reward-playground')
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error)
    })
    const state = saved.useSavedRuns.getState()
    expect(state).toMatchObject({ phase: 'off', runs: [], damaged: [], bytes: {}, lastDeleted: null })
    expect(state.problem?.message).toMatch(/^saving is off: the saved runs were deleted/)
    expect(state.problem?.message).not.toMatch(/updated in another tab/)
    // The live run's next checkpoint does not bring the list back.
    expect(await saved.saveCheckpoint(savedRun('b', 3000), false)).toBe('failed')
    expect(saved.useSavedRuns.getState().runs).toEqual([])
    expect(saved.useSavedRuns.getState().problem?.message).toMatch(/^saving is off: the saved runs were deleted/)
  })

  it('a checkpoint written just as the database is deleted does not bring its run back to the list', async () => {
    const saved = await freshModule()
    await saved.openSavedRuns()
    const writing = saved.saveCheckpoint(savedRun('a', 1000), true)
    const deleting = new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('reward-playground')
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error)
    })
    await Promise.all([writing, deleting])
    expect(saved.useSavedRuns.getState()).toMatchObject({ phase: 'off', runs: [], bytes: {} })
  })

  it('a newer version of the app in another tab: saving is off because of the update, and the list stays', async () => {
    const saved = await freshModule()
    expect(await saved.saveCheckpoint(savedRun('a', 1000), true)).toBe('saved')
    const newer = await openDB('reward-playground', 99)
    expect(saved.useSavedRuns.getState()).toMatchObject({ phase: 'off', runs: [{ id: 'a' }] })
    expect(saved.useSavedRuns.getState().problem?.message).toMatch(/^saving is off: the app was updated in another tab/)
    newer.close()
  })
})
