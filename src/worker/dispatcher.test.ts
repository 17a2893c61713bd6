import { describe, expect, it } from 'vitest'
import { RunConfigSchema } from '../core/run/config'
import { createDispatcher } from './dispatcher'
import type { FromWorker } from './protocol'
import { TrainerShare } from './trainerShare'

const config = RunConfigSchema.parse({ env: { id: 'gridworld', params: {} }, mix: {}, learner: { kind: 'qlearning' }, seed: 1 })

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A dispatcher as the worker builds it (deferred tasks on a timer); messages arrive one task at a time, as a worker's do. */
function dispatcher() {
  const posted: FromWorker[] = []
  const handle = createDispatcher({
    post: (message) => posted.push(message),
    initBackend: async () => ({ backend: 'cpu', reason: 'test' }),
    later: (task) => setTimeout(task, 0),
  })
  const dispatch = async (message: unknown) => {
    handle(message)
    await nextTask()
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
  return { dispatch, posted, settle }
}

describe('the worker’s dispatcher', () => {
  it('reports the backend and names a malformed message without acting on it', async () => {
    const { dispatch, posted, settle } = dispatcher()
    await dispatch({ type: 'init' })
    await dispatch({ type: 'start', runId: 'run-1' })
    await settle()
    expect(posted).toContainEqual({ type: 'ignored', message: expect.stringContaining('the training worker ignored a malformed message') })
    expect(posted).toContainEqual({ type: 'backend', backend: 'cpu', reason: 'test' })
    expect(posted.some((message) => message.type === 'started')).toBe(false)
  })

  it('builds only the run that is current once a burst of Start and Reset clicks settles', async () => {
    const { dispatch, posted, settle } = dispatcher()
    await dispatch({ type: 'init' })
    for (let k = 1; k <= 50; k++) {
      await dispatch({ type: 'start', runId: `run-${k}`, config })
      await dispatch({ type: 'stop', runId: `run-${k}` })
    }
    await dispatch({ type: 'start', runId: 'run-51', config })
    await settle()
    const started = posted.filter((message) => message.type === 'started')
    expect(started).toEqual([{ type: 'started', runId: 'run-51', learner: 'qlearning' }])
    // Every run stopped before it was built says so, and none of them trained.
    expect(posted.filter((message) => message.type === 'stopped')).toHaveLength(50)
    expect(posted.some((message) => message.type === 'metrics' && message.runId !== 'run-51')).toBe(false)
    expect(posted.some((message) => message.type === 'metrics' && message.runId === 'run-51')).toBe(true)
    await dispatch({ type: 'stop', runId: 'run-51' })
    await settle()
    expect(posted.at(-1)).toEqual({ type: 'stopped', runId: 'run-51' })
  })

  it('hands a start’s step budget to its run, which pauses there by itself, and refuses a budget that is not a whole number of steps', async () => {
    const { dispatch, posted, settle } = dispatcher()
    await dispatch({ type: 'init' })
    await dispatch({ type: 'start', runId: 'run-1', config, pauseAt: 2000 })
    while (!posted.some((message) => message.type === 'paused')) await settle()
    expect(posted.find((message) => message.type === 'paused')).toEqual({ type: 'paused', runId: 'run-1', diagnosis: null, budget: 2000 })
    await dispatch({ type: 'start', runId: 'run-2', config, pauseAt: 0.5 })
    expect(posted.at(-1)).toEqual({ type: 'ignored', message: expect.stringContaining('the training worker ignored a malformed message') })
    await dispatch({ type: 'stop', runId: 'run-1' })
    await settle()
  })

  it('hands a step to its run, which trains one update and pauses, and names a step without a run id as malformed', async () => {
    const { dispatch, posted, settle } = dispatcher()
    await dispatch({ type: 'init' })
    await dispatch({ type: 'step' })
    expect(posted.at(-1)).toEqual({ type: 'ignored', message: expect.stringContaining('the training worker ignored a malformed message') })
    await dispatch({ type: 'start', runId: 'run-1', config })
    await dispatch({ type: 'step', runId: 'run-1' })
    while (!posted.some((message) => message.type === 'paused')) await settle()
    const frames = posted.flatMap((message) => (message.type === 'metrics' ? [message.frame] : []))
    expect(frames.map((frame) => frame.iteration)).toEqual([1])
    expect(posted.at(-1)).toEqual({ type: 'paused', runId: 'run-1', diagnosis: null })
    await dispatch({ type: 'stop', runId: 'run-1' })
    await settle()
  })

  it('sends frames seldom while the page is hidden, and as often as before once it is shown', async () => {
    const { dispatch, posted } = dispatcher()
    await dispatch({ type: 'init' })
    await dispatch({ type: 'pageVisibility', hidden: true })
    await dispatch({ type: 'start', runId: 'run-1', config })
    const frames = () => posted.filter((message) => message.type === 'metrics').length
    await new Promise((resolve) => setTimeout(resolve, 1500))
    // The first frame comes at once; the next only after HIDDEN_FRAME_INTERVAL_MS (2 s).
    expect(frames()).toBe(1)
    await dispatch({ type: 'pageVisibility', hidden: false })
    const shown = frames()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(frames() - shown).toBeGreaterThanOrEqual(3)
    await dispatch({ type: 'stop', runId: 'run-1' })
  })
})

describe('the worker’s dispatcher and the machine share', () => {
  it('makes the share once, at init, with the cores the page said it has, and gives it to every run', async () => {
    const made: (number | undefined)[] = []
    const channel = `dispatcher-share-${Date.now()}`
    const posted: FromWorker[] = []
    const handle = createDispatcher({
      post: (message) => posted.push(message),
      initBackend: async () => ({ backend: 'cpu', reason: 'test' }),
      later: (task) => setTimeout(task, 0),
      makeShare: (cores) => {
        made.push(cores)
        return new TrainerShare(new BroadcastChannel(channel), cores ?? 1, 'worker', () => performance.now())
      },
    })
    handle({ type: 'init', cores: 3 })
    handle({ type: 'init', cores: 5 })
    expect(made).toEqual([3])
    handle({ type: 'init', cores: 0 })
    expect(posted).toContainEqual({ type: 'ignored', message: expect.stringContaining('the training worker ignored a malformed message') })
    // A peer on the channel hears the run train, and stop training when it stops.
    const peer = new TrainerShare(new BroadcastChannel(channel), 3, 'peer', () => performance.now())
    handle({ type: 'start', runId: 'run-1', config })
    await expect.poll(() => peer.current().trainers, { timeout: 5000 }).toBe(1)
    handle({ type: 'stop', runId: 'run-1' })
    await expect.poll(() => peer.current().trainers, { timeout: 5000 }).toBe(0)
    peer.close()
  })
})
