import { create } from 'zustand'
import type { FromWorker, MetricsFrame, ToWorker } from '../worker/protocol'
import { MAX_SEED } from '../model/design'
import { appendPoint, curvePointOf, type CurvePoint } from '../model/series'
import { MAX_PINS, usePlayground } from './store'
import { type RunStatus } from '../model/runView'
import { addPin, finalFigures } from '../model/compare'
import { initialUrlExtra, setUrlExtra } from './urlExtras'
import { createDrawQueue } from './drawInterval'

/**
 * Several seeds at once: the run's design trained with seeds s+1 … s+K−1 in workers of their own,
 * beside the main run (seed s), so the user sees the mean and spread over K seeds, not one lucky
 * run. The extra seeds follow every control of the main run (pause, resume, stop, live design
 * changes); their frames carry the curve's figures only.
 */

/** The most seeds trained at once, whatever the machine reports. */
export const MAX_SEEDS_AT_ONCE = 8

/** How many seeds this machine can train at once: one per core, 1 to MAX_SEEDS_AT_ONCE. */
export function seedsAvailable(cores: number | undefined = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency): number {
  return Math.max(1, Math.min(MAX_SEEDS_AT_ONCE, Math.floor(cores || 1)))
}

/** The seed of the k-th extra run (k ≥ 1) beside a main run of seed `seed`, within 0 … MAX_SEED. */
export function extraSeed(seed: number, k: number): number {
  return (seed + k) % (MAX_SEED + 1)
}

/** Parse a seeds-at-once count from text (a link); returns the count or why it is refused. */
export function parseSeedCount(text: string, available = seedsAvailable()): { count: number } | { problem: string } {
  const count = Number(text)
  if (text.trim() === '' || !Number.isInteger(count) || count < 1 || count > available) {
    return { problem: `seeds at once "${text.slice(0, 40)}" (accepted: a whole number from 1 to ${available}, this machine's cores)` }
  }
  return { count }
}

export interface ExtraSeedRun {
  seed: number
  status: RunStatus
  series: CurvePoint[]
  envSteps: number
  stepsPerSecond: number
  recentReturn: number | null
  recentObjective: number | null
  /** The mean episode length of the latest frame that finished episodes (NaN before one). */
  meanLength: number
  /** Why it stopped or paused itself (a NaN, a crash). */
  diagnosis: string | null
}

interface FleetState {
  /** Seeds trained at once, the main run included. */
  count: number
  extras: ExtraSeedRun[]
}

export const useSeedFleet = create<FleetState>()(() => ({ count: 1, extras: [] }))

/** A worker of an extra seed, kept between runs (starting TensorFlow.js costs a moment). */
interface Slot {
  worker: Worker
  runId: string | null
}

const slots: Slot[] = []
let backendRequest: string | null = null

/** Remember the backend the page asked for; extra workers start on the same one. */
export function configureFleet(requestedBackend: string | null): void {
  backendRequest = requestedBackend
}

/** Train `count` seeds at once from the next run on (the running one keeps its extra seeds until it stops). */
export function setSeedCount(count: number): void {
  const clamped = Math.max(1, Math.min(seedsAvailable(), Math.floor(count)))
  useSeedFleet.setState({ count: clamped })
  setUrlExtra('seeds', clamped > 1 ? String(clamped) : null)
  // Idle workers beyond the new count go: each holds a TensorFlow.js backend.
  while (slots.length > clamped - 1 && slots[slots.length - 1].runId === null) slots.pop()!.worker.terminate()
}

function slotWorker(k: number): Slot {
  while (slots.length < k) {
    const index = slots.length
    const worker = new Worker(new URL('../worker/trainer.worker.ts', import.meta.url), { type: 'module', name: `trainer-seed-${index + 2}` })
    const slot: Slot = { worker, runId: null }
    worker.onmessage = (event: MessageEvent<FromWorker>) => handle(index, slot, event.data)
    worker.onerror = (event) => updateExtra(index, { status: 'error', diagnosis: `this seed's worker crashed: ${event.message || 'unknown error'}` })
    worker.postMessage({ type: 'init', backend: backendRequest ?? undefined } satisfies ToWorker)
    slots.push(slot)
  }
  return slots[k - 1]
}

function updateExtra(index: number, update: Partial<ExtraSeedRun>): void {
  useSeedFleet.setState((state) => ({ extras: state.extras.map((run, k) => (k === index ? { ...run, ...update } : run)) }))
}

/** Frames of the extra seeds, drawn together like the main run's (trainingClient.ts). */
const frameQueue = createDrawQueue<{ index: number; runId: string; frame: MetricsFrame }>((frames) =>
  useSeedFleet.setState((state) => ({
    extras: state.extras.map((run, index) =>
      frames.filter((entry) => entry.index === index && slots[index]?.runId === entry.runId).reduce((next, { frame }) => withFrame(next, frame), run),
    ),
  })),
)

/** An extra seed's run after one more frame: its curve point and latest figures. */
function withFrame(run: ExtraSeedRun, frame: MetricsFrame): ExtraSeedRun {
  const point = curvePointOf(frame)
  return {
    ...run,
    status: run.status === 'starting' ? 'running' : run.status,
    series: point ? appendPoint(run.series, point) : run.series,
    envSteps: frame.envSteps,
    stepsPerSecond: frame.stepsPerSecond,
    recentReturn: frame.recentReturn,
    recentObjective: frame.recentObjective,
    meanLength: frame.meanLength ?? run.meanLength,
  }
}

function handle(index: number, slot: Slot, message: FromWorker): void {
  if (message.type === 'backend' || message.type === 'backendError' || message.type === 'ignored') {
    if (message.type === 'backendError') updateExtra(index, { status: 'error', diagnosis: message.message })
    return
  }
  if (message.runId !== slot.runId) return // a late message from a run already left
  // A pause, a stop or an error comes after the frames before it.
  if (message.type !== 'metrics') frameQueue.flush()
  switch (message.type) {
    case 'started':
      updateExtra(index, { status: 'running' })
      return
    case 'metrics':
      frameQueue.push({ index, runId: message.runId, frame: message.frame })
      return
    case 'paused':
      updateExtra(index, { status: 'paused', diagnosis: message.diagnosis })
      return
    case 'resumed':
      updateExtra(index, { status: 'running', diagnosis: null })
      return
    case 'stopped':
      updateExtra(index, { status: 'stopped' })
      return
    case 'error':
      updateExtra(index, { status: 'error', diagnosis: message.message })
      return
  }
}

/**
 * Follow a message the page sent the main run's worker: a start starts the extra seeds (each with
 * its own seed), every other control reaches them under their own run ids.
 */
export function relayToExtraSeeds(message: ToWorker): void {
  if (message.type === 'init') return
  if (message.type === 'start') {
    stopExtras()
    const { count } = useSeedFleet.getState()
    const extras: ExtraSeedRun[] = []
    for (let k = 1; k < count; k++) {
      const seed = extraSeed(message.config.seed, k)
      const slot = slotWorker(k)
      slot.runId = `${message.runId}:seed-${seed}`
      slot.worker.postMessage({ type: 'start', runId: slot.runId, config: { ...message.config, seed }, lean: true } satisfies ToWorker)
      extras.push({ seed, status: 'starting', series: [], envSteps: 0, stepsPerSecond: 0, recentReturn: null, recentObjective: null, meanLength: NaN, diagnosis: null })
    }
    useSeedFleet.setState({ extras })
    return
  }
  for (const slot of slots) {
    if (slot.runId !== null) slot.worker.postMessage({ ...message, runId: slot.runId } satisfies ToWorker)
  }
  if (message.type === 'stop') {
    for (const slot of slots) slot.runId = null
    useSeedFleet.setState((state) => ({ extras: state.extras.map((run) => (run.status === 'error' ? run : { ...run, status: 'stopped' })) }))
  }
}

/** Stop every extra seed and forget their curves (the main run was reset). */
export function clearExtraSeeds(): void {
  stopExtras()
  useSeedFleet.setState({ extras: [] })
}

function stopExtras(): void {
  for (const slot of slots) {
    if (slot.runId !== null) slot.worker.postMessage({ type: 'stop', runId: slot.runId } satisfies ToWorker)
    slot.runId = null
  }
}

/** Pin every extra seed's curve beside the main run's (the Compare view bands them by design). */
export function pinExtraSeeds(): void {
  const { pins, design, spec } = usePlayground.getState()
  let next = pins
  for (const extra of useSeedFleet.getState().extras) {
    if (extra.series.length === 0) continue
    const final = finalFigures(extra.series, extra.meanLength)
    next = addPin(next, { label: `${spec.label}, ${design.learner.kind}, seed ${extra.seed}`, design: { ...design, seed: extra.seed }, series: extra.series, final }, MAX_PINS)
  }
  if (next !== pins) usePlayground.setState({ pins: next })
}

/** Read the seeds-at-once count from the link the page opened with; a bad one is named in the notice. */
export function restoreSeedCount(): void {
  const text = initialUrlExtra('seeds')
  if (text === null) return
  const parsed = parseSeedCount(text)
  if ('count' in parsed) {
    setSeedCount(parsed.count)
  } else {
    const { notice, setNotice } = usePlayground.getState()
    setNotice(`${notice ? `${notice} ` : ''}The link's ${parsed.problem} was ignored.`)
  }
}
