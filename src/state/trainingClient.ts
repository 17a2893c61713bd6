import type { EnvParams } from '../core/envs/types'
import type { LearnerOptions } from '../core/run/config'
import { MAX_NOTE_LENGTH, type FromWorker, type MetricsFrame, type ToWorker } from '../worker/protocol'
import { usePlayground } from './store'
import { EMPTY_RUN, isRunActive } from '../model/runView'
import { rewardDesignOf, runConfigOf, type RewardExtras } from '../model/design'
import { learnerTakesNewComponents } from '../core/run/learnerFit'
import { clearExtraSeeds, configureFleet, relayToExtraSeeds } from './seedFleet'
import { createDrawQueue } from './drawInterval'

/**
 * The page's side of the worker protocol: one training worker for the app's lifetime; the store
 * is the only thing it writes to.
 */
let worker: Worker | null = null
let runCounter = 0
let changeCounter = 0

export function connectTrainingWorker(requestedBackend: string | null): void {
  if (worker) return
  configureFleet(requestedBackend)
  worker = new Worker(new URL('../worker/trainer.worker.ts', import.meta.url), { type: 'module', name: 'trainer' })
  worker.onmessage = (event: MessageEvent<FromWorker>) => handle(event.data)
  worker.onerror = (event) => {
    usePlayground.getState().runEvent({ status: 'error', diagnosis: `the training worker crashed: ${event.message || 'unknown error'}; reload the page` })
  }
  send({ type: 'init', backend: requestedBackend ?? undefined })
}

function send(message: ToWorker): void {
  worker?.postMessage(message)
  // The extra seeds (several seeds at once) follow every control of the main run.
  relayToExtraSeeds(message)
}

/** The main run's frames, drawn together; frames of a run the user already left are dropped. */
const frameQueue = createDrawQueue<{ runId: string; frame: MetricsFrame }>((pending) => {
  const store = usePlayground.getState()
  const frames = pending.filter((entry) => entry.runId === store.run.runId).map((entry) => entry.frame)
  if (frames.length > 0) store.addFrames(frames)
})

function handle(message: FromWorker): void {
  if (message.type === 'metrics') {
    frameQueue.push({ runId: message.runId, frame: message.frame })
    // The first frame of a run is drawn at once (the run shows it started); later ones wait their turn.
    if (usePlayground.getState().run.latest === null) frameQueue.flush()
    return
  }
  // Anything else (a pause, a design mark, an error) comes after the frames before it.
  frameQueue.flush()
  const store = usePlayground.getState()
  const current = store.run.runId
  switch (message.type) {
    case 'backend':
      store.setBackend({ name: message.backend, reason: message.reason, error: null })
      return
    case 'backendError':
      store.setBackend({ name: null, reason: 'no TensorFlow.js backend could start', error: message.message })
      return
    case 'error':
      if (message.runId === null || message.runId === current) store.runEvent({ status: 'error', diagnosis: message.message })
      return
    case 'ignored':
      store.setNotice(message.message)
      return
  }
  if (message.runId !== current) return // a late message from a run the user already left
  switch (message.type) {
    case 'started':
      // A pause pressed while the run was starting has already reached the worker: keep it.
      store.runEvent({ status: store.run.status === 'paused' ? 'paused' : 'running', learner: message.learner })
      return
    case 'designApplied':
      store.addMark({ envSteps: message.envSteps, at: Date.now(), changes: message.changed, changeId: message.changeId, ...(message.note ? { note: message.note } : {}) })
      return
    case 'refused':
      store.setNotice(`The change was not applied; the run goes on with the previous design: ${message.message}`)
      return
    case 'paused':
      store.runEvent({ status: 'paused', diagnosis: message.diagnosis })
      return
    case 'resumed':
      store.runEvent({ status: 'running', diagnosis: null })
      return
    case 'stopped':
      if (store.run.status !== 'error') store.runEvent({ status: 'stopped' })
      return
  }
}

export function startRun(): void {
  const { design } = usePlayground.getState()
  const runId = `run-${++runCounter}`
  const config = runConfigOf(design)
  usePlayground.getState().runStarting(runId)
  send({ type: 'start', runId, config })
}

export function pauseRun(): void {
  const runId = usePlayground.getState().run.runId
  if (runId) send({ type: 'pause', runId })
}

export function resumeRun(): void {
  const runId = usePlayground.getState().run.runId
  if (runId) send({ type: 'resume', runId })
}

/** Stop the run and clear its curves. */
export function resetRun(): void {
  const store = usePlayground.getState()
  if (store.run.runId) send({ type: 'stop', runId: store.run.runId })
  clearExtraSeeds()
  usePlayground.setState({ run: EMPTY_RUN })
}

/** Change one weight; a running run picks it up from its next rollout. */
export function changeWeight(name: string, weight: number): void {
  const store = usePlayground.getState()
  store.setWeight(name, weight)
  const { runId, status } = store.run
  if (runId && isRunActive(status)) {
    const changeId = ++changeCounter
    send({ type: 'setWeights', runId, changeId, weights: { [name]: weight } })
  }
}

export function changeEnv(envId: string): void {
  resetRun()
  usePlayground.getState().setEnv(envId)
}

/** Change environment parameters (stops the current run); returns why they were refused, or null. */
export function changeParams(params: EnvParams): string | null {
  const store = usePlayground.getState()
  const before = store.design.params
  const refusal = store.setParams(params)
  if (refusal === null && store.run.runId && before !== usePlayground.getState().design.params) {
    const runId = store.run.runId
    send({ type: 'stop', runId })
  }
  return refusal
}

/** Choose the learner (stops the current run: its curves belong to another learner). */
export function changeLearner(learner: LearnerOptions): void {
  resetRun()
  usePlayground.getState().setLearner(learner)
}

/**
 * Change what the reward adds (terms, shaping, bonuses, transforms); returns every problem, or an
 * empty list. A running run takes the change live from its next rollout, marked on the chart, even
 * when a component is added or removed; only a change of redistribution, or a learner that cannot
 * take new components (value iteration, independent learners), starts the run over.
 */
export function changeReward(reward: RewardExtras, note: string): string[] {
  const store = usePlayground.getState()
  const { runId, status } = store.run
  const before = store.spec.components.map((c) => c.name).join('\n')
  const previous = store.design.reward
  const problems = store.setReward(reward)
  if (problems.length > 0 || runId === null) return problems
  const after = usePlayground.getState()
  const active = isRunActive(status)
  // Live unless redistribution changes (the learner sets it up once) or the learner cannot take
  // added or removed components mid-run.
  const sameComponents = after.spec.components.map((c) => c.name).join('\n') === before
  const live = redistributedNames(previous) === redistributedNames(reward) && (sameComponents || learnerTakesNewComponents(after.design.learner.kind))
  if (active && live) {
    const shortNote = note.length > MAX_NOTE_LENGTH ? `${note.slice(0, MAX_NOTE_LENGTH - 1)}…` : note
    send({ type: 'setReward', runId, changeId: ++changeCounter, design: rewardDesignOf(after.design), note: shortNote })
  } else {
    const wasRunning = status === 'running' || status === 'starting'
    resetRun()
    if (wasRunning) startRun()
  }
  return problems
}

function redistributedNames(reward: RewardExtras): string {
  return Object.entries(reward.transforms)
    .filter(([, chain]) => chain.at(-1)?.kind === 'redistribute')
    .map(([name]) => name)
    .sort()
    .join(',')
}
