import { create } from 'zustand'
import type { MetricsFrame } from '../../core/run/frame'
import { MAX_SEED, truncate } from '../../model/design'
import { appendPoint, curvePointOf, type CurvePoint } from '../../model/series'
import { MAX_PINS, usePlayground } from './store'
import type { RunStatus } from '../../model/runView'
import { addPin, livePinKey, pinSourceOf } from '../../model/compare'
import { initialUrlExtra, setUrlExtra } from '../link/urlExtras'
import { noteLinkProblems } from '../link/linkNotice'
import type { RunEvent } from './workerRun'
import { LINK } from '../../model/linkKeys'

/**
 * Several seeds at once: the run's design trained with seeds s+1 … s+K−1 in workers of their own,
 * beside the main run (seed s), so the user sees the mean and spread over K seeds, not one lucky
 * run. This is the page's picture of the extra seeds; the training client (trainingClient.ts)
 * runs them beside the main one, every control reaching all of them, their frames carrying the
 * curve's figures only.
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
    return { problem: `seeds at once "${truncate(text)}" (accepted: a whole number from 1 to ${available}, this machine's cores)` }
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

export interface FleetState {
  /** Seeds trained at once, the main run included. */
  count: number
  extras: ExtraSeedRun[]
}

export const useSeedFleet = create<FleetState>()(() => ({ count: 1, extras: [] }))

/** Train `count` seeds at once from the next run on (the running one keeps its extra seeds until it stops). */
export function setSeedCount(count: number): void {
  const clamped = Math.max(1, Math.min(seedsAvailable(), Math.floor(count)))
  useSeedFleet.setState({ count: clamped })
  setUrlExtra(LINK.seeds, clamped > 1 ? String(clamped) : null)
}

/** The extra seeds of a run that starts now: seeds s + 1 … s + count − 1, each starting. */
export function extrasStarting(seed: number, count: number): void {
  const extras: ExtraSeedRun[] = []
  for (let k = 1; k < count; k++) extras.push({ seed: extraSeed(seed, k), status: 'starting', series: [], envSteps: 0, stepsPerSecond: 0, recentReturn: null, recentObjective: null, meanLength: NaN, diagnosis: null })
  useSeedFleet.setState({ extras })
}

export function updateExtra(index: number, update: Partial<ExtraSeedRun>): void {
  useSeedFleet.setState((state) => ({ extras: state.extras.map((run, k) => (k === index ? { ...run, ...update } : run)) }))
}

/** Frames of the extra seeds since the last drawing, in one update: `frames[k]` are the k-th extra seed's. */
export function addExtraFrames(frames: ReadonlyMap<number, readonly MetricsFrame[]>): void {
  useSeedFleet.setState((state) => ({ extras: state.extras.map((run, index) => (frames.get(index) ?? []).reduce(withFrame, run)) }))
}

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

/** What a message of an extra seed's run changes in its picture (a stopped run that failed stays failed). */
export function extraEvent(index: number, message: RunEvent): void {
  switch (message.type) {
    case 'backendError':
      updateExtra(index, { status: 'error', diagnosis: message.message })
      return
    case 'started':
      updateExtra(index, { status: 'running' })
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

/** Every extra seed's run was stopped with the main run (their curves stay, for pinning). */
export function extrasStopped(): void {
  useSeedFleet.setState((state) => ({ extras: state.extras.map((run) => (run.status === 'error' ? run : { ...run, status: 'stopped' })) }))
}

/** Forget the extra seeds' curves (the main run was reset). */
export function clearExtras(): void {
  useSeedFleet.setState({ extras: [] })
}

/**
 * Pin every extra seed's curve beside the main run's (the Compare view bands them by design), each
 * under the key `keyOf` gives its seed (its saved run's, once saved), else as a live seed.
 */
export function pinExtraSeeds(keyOf: (seed: number) => string | null = () => null): void {
  const { pins, design, spec, run } = usePlayground.getState()
  let next = pins
  for (const extra of useSeedFleet.getState().extras) {
    if (extra.series.length === 0) continue
    const key = keyOf(extra.seed) ?? livePinKey(run.runId, extra.seed)
    next = addPin(next, pinSourceOf({ ...design, seed: extra.seed }, spec, key, extra.series, extra.meanLength), MAX_PINS)
  }
  if (next !== pins) usePlayground.setState({ pins: next })
}

/** Read the seeds-at-once count from the link the page opened with; a bad one is named in the notice. */
export function restoreSeedCount(): void {
  const text = initialUrlExtra(LINK.seeds)
  if (text === null) return
  const parsed = parseSeedCount(text)
  if ('count' in parsed) {
    setSeedCount(parsed.count)
  } else noteLinkProblems([parsed.problem])
}
