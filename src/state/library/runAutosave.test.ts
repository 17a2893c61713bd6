import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cartpoleFrame } from '../../model/testFrames'
import type { SavedRun } from '../../storage/savedRun'
import { defaultDesign } from '../../model/design'
import { savedStatusOf, startRunAutosave } from './runAutosave'
import { loadDesign, usePlayground } from '../run/store'
import { changeEnv, resetRun } from '../run/trainingClient'
import { addExtraFrames, clearExtras, extrasStarting, extrasStopped, useSeedFleet } from '../run/seedFleet'

const frame = cartpoleFrame

let saves: { run: SavedRun; first: boolean }[]
let exits: SavedRun[]
let stop: () => void
let ids: number
const page = { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'visible' }) }

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
  loadDesign(defaultDesign('cartpole', 7))
  saves = []
  exits = []
  ids = 0
  stop = startRunAutosave({
    save: async (run, first) => {
      saves.push({ run, first })
      return 'saved'
    },
    saveAtExit: (run) => exits.push(run),
    newId: () => `saved-${++ids}`,
    pageEvents: page,
  })
})

afterEach(() => {
  stop()
  clearExtras()
  vi.useRealTimers()
})

/** One frame every 100 ms of fake time, as the worker posts them. */
async function train(from: number, frames: number): Promise<void> {
  for (let k = 1; k <= frames; k++) {
    usePlayground.getState().addFrame(frame(from + k * 100, 10 + k))
    await vi.advanceTimersByTimeAsync(100)
  }
}

describe('run autosave', () => {
  it('creates the record with the first curve point, then checkpoints at most every 3 s while training', async () => {
    usePlayground.getState().runStarting('run-1')
    usePlayground.getState().addFrame(frame(50, null))
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toHaveLength(0) // no finished episode yet: nothing to keep
    usePlayground.getState().addFrame(frame(100, 5))
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toHaveLength(1)
    expect(saves[0]).toMatchObject({ first: true, run: { id: 'saved-1', name: 'CartPole · ppo · seed 7', status: 'running', envSteps: 100, envLabel: 'CartPole', learner: 'ppo' } })
    expect(saves[0].run.design).toEqual(usePlayground.getState().design)

    await train(100, 90) // 9 s of frames
    // One write at the start, then one per 3 s: never more.
    expect(saves.length).toBeGreaterThanOrEqual(3)
    expect(saves.length).toBeLessThanOrEqual(4)
    expect(saves.slice(1).every((save) => !save.first)).toBe(true)
    for (let k = 1; k < saves.length; k++) expect(saves[k].run.updatedAt - saves[k - 1].run.updatedAt).toBeGreaterThanOrEqual(3000)
    // The last change is written once the interval has passed, without another frame.
    await vi.advanceTimersByTimeAsync(3000)
    const last = saves[saves.length - 1].run
    expect(last.envSteps).toBe(100 + 90 * 100)
    expect(last.series).toBe(usePlayground.getState().run.series)
    expect(last.final.shapedReturn).toBeCloseTo((96 + 97 + 98 + 99 + 100) / 5)
  })

  it('writes at once on pause, and a new run finalises the previous record as stopped', async () => {
    usePlayground.getState().runStarting('run-1')
    await train(0, 5)
    const before = saves.length
    usePlayground.getState().runEvent({ status: 'paused' })
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toHaveLength(before + 1)
    expect(saves[before].run).toMatchObject({ id: 'saved-1', status: 'paused', envSteps: 500 })

    usePlayground.getState().runStarting('run-2')
    await vi.advanceTimersByTimeAsync(0)
    expect(saves[saves.length - 1].run).toMatchObject({ id: 'saved-1', status: 'stopped', envSteps: 500 })
    await train(0, 2)
    expect(saves[saves.length - 1]).toMatchObject({ first: true, run: { id: 'saved-2', status: 'running' } })
  })

  it('a reset or another environment saves the run as it was, with its own design', async () => {
    usePlayground.getState().runStarting('run-1')
    await train(0, 3)
    await vi.advanceTimersByTimeAsync(1000)
    const count = saves.length
    changeEnv('cliffwalking')
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toHaveLength(count + 1)
    expect(saves[count].run).toMatchObject({ status: 'stopped', envSteps: 300, design: { envId: 'cartpole', seed: 7 } })

    usePlayground.getState().runStarting('run-2')
    await train(0, 1)
    resetRun()
    await vi.advanceTimersByTimeAsync(0)
    expect(saves[saves.length - 1].run).toMatchObject({ id: 'saved-2', status: 'stopped', envLabel: 'CliffWalking' })
  })

  it('a hidden page writes the pending checkpoint at once', async () => {
    usePlayground.getState().runStarting('run-1')
    await train(0, 3)
    const count = saves.length
    page.document.visibilityState = 'hidden'
    page.document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toHaveLength(count + 1)
    expect(saves[count].run.envSteps).toBe(300)
    // Nothing pending: hiding the page again writes nothing more.
    page.document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toHaveLength(count + 1)
    await train(300, 1)
    page.document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toHaveLength(count + 2)
    page.document.visibilityState = 'visible'
    expect(exits).toHaveLength(0)
  })

  it('a closing page hands the run as it has it now to the exit writer, at once, before any timer runs', async () => {
    // Before the run's record exists there is nothing to carry over.
    page.window.dispatchEvent(new Event('pagehide'))
    expect(exits).toHaveLength(0)
    usePlayground.getState().runStarting('run-1')
    await train(0, 5)
    const count = saves.length
    page.window.dispatchEvent(new Event('pagehide'))
    expect(exits).toHaveLength(1)
    expect(exits[0]).toMatchObject({ id: 'saved-1', envSteps: 500, status: 'running' })
    expect(exits[0].series.at(-1)?.envSteps).toBe(500)
    // The IndexedDB writer is not asked: the browser would undo it.
    expect(saves).toHaveLength(count)
  })

  it('a failed first write is tried again as a creation', async () => {
    stop()
    const outcomes: ('saved' | 'failed')[] = ['failed', 'saved', 'saved']
    const firsts: boolean[] = []
    stop = startRunAutosave({ save: async (_run, first) => (firsts.push(first), outcomes.shift() ?? 'saved'), pageEvents: null, newId: () => 'x' })
    usePlayground.getState().runStarting('run-1')
    await train(0, 70)
    expect(firsts.slice(0, 3)).toEqual([true, true, false])
  })
})

describe('saved status', () => {
  it('is the live status while the run is current, stopped once left, finished when the step budget was spent', () => {
    const ppo = defaultDesign('cartpole')
    expect(savedStatusOf('running', false, ppo, 10)).toBe('running')
    expect(savedStatusOf('starting', false, ppo, 10)).toBe('running')
    expect(savedStatusOf('paused', false, ppo, 10)).toBe('paused')
    expect(savedStatusOf('running', true, ppo, 10)).toBe('stopped')
    expect(savedStatusOf('paused', true, ppo, 500_000)).toBe('finished')
    expect(savedStatusOf('error', true, ppo, 10)).toBe('error')
    expect(savedStatusOf('paused', true, defaultDesign('cliffwalking'), 1e9)).toBe('stopped')
  })

  it('keeps the extra seeds of a seeds-at-once run as saved runs of their own, grouped under the main run', async () => {
    extrasStarting(7, 3)
    usePlayground.getState().runStarting('run-1')
    await train(0, 2)
    // The extra seeds' frames: seed 8 and seed 9, each its own curve.
    for (let k = 1; k <= 3; k++) {
      addExtraFrames(new Map([[0, [frame(k * 100, 20 + k)]], [1, [frame(k * 100, 30 + k)]]]))
      await vi.advanceTimersByTimeAsync(100)
    }
    const byName = (name: string) => saves.filter((save) => save.run.name === name).map((save) => save.run)
    const main = byName('CartPole · ppo · seed 7')
    const seed8 = byName('CartPole · ppo · seed 8')
    const seed9 = byName('CartPole · ppo · seed 9')
    expect(main.length).toBeGreaterThanOrEqual(1)
    expect(seed8.length).toBeGreaterThanOrEqual(1)
    expect(seed9.length).toBeGreaterThanOrEqual(1)
    const group = main[0].id
    expect(main[0].seedGroup).toBe(group)
    expect(seed8[0]).toMatchObject({ seedGroup: group, status: 'running', design: { ...usePlayground.getState().design, seed: 8 }, envLabel: 'CartPole' })
    expect(seed9[0].seedGroup).toBe(group)
    expect(new Set([main[0].id, seed8[0].id, seed9[0].id]).size).toBe(3)
    // Stopped with the main run, each is written at once as stopped, up to its last frame.
    extrasStopped()
    await vi.advanceTimersByTimeAsync(0)
    const last8 = byName('CartPole · ppo · seed 8').at(-1)!
    expect(last8).toMatchObject({ status: 'stopped', envSteps: 300 })
    expect(last8.series.map((point) => point.shapedReturn)).toEqual([21, 22, 23])
    // As the page closes, every seed goes to the exit writer.
    page.window.dispatchEvent(new Event('pagehide'))
    expect(exits.map((run) => run.name).sort()).toEqual(['CartPole · ppo · seed 7', 'CartPole · ppo · seed 8', 'CartPole · ppo · seed 9'])
    expect(useSeedFleet.getState().extras).toHaveLength(2)
  })

  it('a run trained alone is in no seed group', async () => {
    usePlayground.getState().runStarting('run-1')
    await train(0, 2)
    expect(saves[0].run.seedGroup).toBeUndefined()
  })
})
