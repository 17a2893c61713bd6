import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { keptTableOf } from '../../core/rollouts/keptTable'
import { jsonl, tableOf } from '../../core/rollouts/testTables'

/* The page's kept rollout files: kept as the worker reads them, listed, deleted and brought back with Undo. */

const TABLE = tableOf(
  jsonl([
    { group: 'a', text: 'x', rewards: { r: 1 } },
    { group: 'a', text: 'y', rewards: { r: 0 } },
  ]),
)

/** The page's state, fresh (its library is opened once per page). */
async function freshModule() {
  vi.resetModules()
  return import('./keptRollouts')
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})

describe('kept rollout files of the page', () => {
  it('keep a table read whole, list it, delete it and bring it back with Undo', async () => {
    const kept = await freshModule()
    expect(await kept.keepRolloutTable(keptTableOf(TABLE), 'run.jsonl', 120)).toBe(kept.KEPT_LINE)
    const [file] = kept.useKeptRollouts.getState().files
    expect(file).toMatchObject({ name: 'run.jsonl', count: 2, steps: 1, components: 1, fileBytes: 120 })
    const read = await kept.readKeptRollouts(file.id)
    expect(read.ok && read.record.columns.table.texts).toEqual(['x', 'y'])

    expect(await kept.deleteKeptRollouts(file.id)).toBeNull()
    expect(kept.useKeptRollouts.getState().files).toEqual([])
    expect(await kept.readKeptRollouts(file.id)).toEqual({ ok: false, message: 'this rollout file is no longer kept (deleted in another tab?)' })
    expect(await kept.restoreKeptRollouts()).toBeNull()
    expect(kept.useKeptRollouts.getState()).toMatchObject({ files: [file], lastDeleted: null })
  })

  it('say the file is not kept, and why, where the browser gives no storage', async () => {
    // @ts-expect-error: a browser without IndexedDB (a private window)
    globalThis.indexedDB = undefined
    const kept = await freshModule()
    expect(await kept.keepRolloutTable(keptTableOf(TABLE), 'run.jsonl', 120)).toMatch(/^Not kept in this browser: saving is off: this browser offers no IndexedDB here .*\. The file never leaves the browser and the link carries only the design\.$/)
  })

  it('a full quota says the file is not kept and what makes room, in words for rollout files, and nothing is written', async () => {
    const kept = await freshModule()
    // The browser refuses the write as Chromium does when the site's quota is used up.
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    try {
      expect(await kept.keepRolloutTable(keptTableOf(TABLE), 'run.jsonl', 120)).toBe(`Not kept in this browser: ${kept.ROLLOUTS_STORAGE_FULL}. The file never leaves the browser and the link carries only the design.`)
    } finally {
      put.mockRestore()
    }
    await kept.refreshKeptRollouts()
    expect(kept.useKeptRollouts.getState().files).toEqual([])
  })
})
