import type { SavedRun, SavedRunStatus } from '../storage/savedRun'
import { finalFigures } from '../model/compare'
import type { Design } from '../model/design'
import { usePlayground } from './store'
import { type RunStatus, type RunView } from '../model/runView'

/** Checkpoints of a run in training are written at most this often. */
export const CHECKPOINT_INTERVAL_MS = 3000

/** What a checkpoint write did: saved, skipped because the user deleted the run, or failed (already reported). */
export type CheckpointOutcome = 'saved' | 'gone' | 'failed'

/** The run as the page had it at one moment: what a checkpoint is made of. */
export interface RunSnapshot {
  run: RunView
  design: Design
  envLabel: string
}

/** The library-side identity of a run: kept from its first checkpoint on. */
export interface RecordIdentity {
  id: string
  name: string
  createdAt: number
}

export interface AutosaveOptions {
  /** Write one checkpoint; `first` creates the record. Never rejects: failures are reported by the writer. */
  save(run: SavedRun, first: boolean): Promise<CheckpointOutcome>
  /** Told which saved run is the live one (null when none). */
  onLive?(id: string | null): void
  /** Write the run's checkpoint as the page closes, synchronously (pagehide); only for a run whose record exists. */
  saveAtExit?(run: SavedRun): void
  intervalMs?: number
  now?: () => number
  newId?: () => string
  /** Where pagehide and visibilitychange arrive (the window and document in the page). */
  pageEvents?: { window: EventTarget; document: EventTarget & { visibilityState: string } } | null
}

/** A run's name when it is first saved: "CartPole · ppo · seed 1". */
export function defaultRunName(snapshot: RunSnapshot): string {
  return `${snapshot.envLabel} · ${snapshot.design.learner.kind} · seed ${snapshot.design.seed}`
}

/**
 * The saved status of a run: as the page shows it while it is the live run; once left (a new run, a
 * reset, another environment) it is stopped, or finished where its learner's step budget
 * (totalSteps) was spent, and an error stays an error.
 */
export function savedStatusOf(status: RunStatus, left: boolean, design: Design, envSteps: number): SavedRunStatus {
  if (status === 'error') return 'error'
  const budget = 'totalSteps' in design.learner ? design.learner.totalSteps : null
  if (left || status === 'stopped' || status === 'idle') return budget !== null && envSteps >= budget ? 'finished' : 'stopped'
  return status === 'paused' ? 'paused' : 'running'
}

/** The record for a run's checkpoint: the live run's own series, marks and design, and its final figures. */
export function savedRunFrom(snapshot: RunSnapshot, identity: RecordIdentity, left: boolean, now: number): SavedRun {
  const { run, design } = snapshot
  const last = run.series[run.series.length - 1]
  const envSteps = Math.max(run.latest?.envSteps ?? 0, last?.envSteps ?? 0)
  return {
    version: 1,
    id: identity.id,
    name: identity.name,
    createdAt: identity.createdAt,
    updatedAt: now,
    status: savedStatusOf(run.status, left, design, envSteps),
    design,
    envLabel: snapshot.envLabel,
    learner: run.learner ?? design.learner.kind,
    series: run.series,
    marks: run.marks,
    final: finalFigures(run.series, run.latest?.meanLength ?? NaN),
    envSteps,
    wallSeconds: Math.max(run.latest?.wallSeconds ?? 0, last?.wallSeconds ?? 0),
    diagnosis: run.diagnosis,
  }
}

interface Tracked {
  runId: string
  identity: RecordIdentity | null
  snapshot: RunSnapshot | null
  created: boolean
  left: boolean
  lastWriteAt: number
  timer: ReturnType<typeof setTimeout> | null
}

/**
 * Keep every run in the library: its record is created with its first curve point, checkpointed
 * at most every `intervalMs` while it trains, and at once when it pauses, stops or fails, when it is
 * left (a new run, a reset, another environment, a loaded design) and when the page is hidden;
 * as it closes, the run as the page has it goes to `saveAtExit`. Writes run one at a time; a write asked for while another runs takes the latest state.
 * Returns a function that stops watching (after one last checkpoint).
 */
export function startRunAutosave(options: AutosaveOptions): () => void {
  const intervalMs = options.intervalMs ?? CHECKPOINT_INTERVAL_MS
  const now = options.now ?? Date.now
  const newId = options.newId ?? (() => crypto.randomUUID())
  const waiting = new Set<Tracked>()
  let writing = false
  let current: Tracked | null = null

  const drain = async () => {
    if (writing) return
    writing = true
    try {
      for (let next = first(waiting); next; next = first(waiting)) {
        waiting.delete(next)
        if (!next.snapshot || !next.identity) continue
        const outcome = await options.save(savedRunFrom(next.snapshot, next.identity, next.left, now()), !next.created)
        if (outcome !== 'failed') next.created = true
      }
    } finally {
      writing = false
    }
  }
  const writeNow = (tracked: Tracked) => {
    if (tracked.timer !== null) clearTimeout(tracked.timer)
    tracked.timer = null
    if (!tracked.snapshot) return
    tracked.lastWriteAt = now()
    waiting.add(tracked)
    void drain()
  }
  const writeSoon = (tracked: Tracked) => {
    const wait = tracked.lastWriteAt + intervalMs - now()
    if (wait <= 0) writeNow(tracked)
    else tracked.timer ??= setTimeout(() => writeNow(tracked), wait)
  }
  const leave = (tracked: Tracked) => {
    tracked.left = true
    writeNow(tracked)
  }

  const onChange = (state: ReturnType<typeof usePlayground.getState>, previous: ReturnType<typeof usePlayground.getState>) => {
    if (state.run === previous.run) return
    const { run } = state
    if (current && current.runId !== run.runId) {
      leave(current)
      current = null
      options.onLive?.(null)
    }
    if (run.runId === null) return
    current ??= { runId: run.runId, identity: null, snapshot: null, created: false, left: false, lastWriteAt: -Infinity, timer: null }
    if (run.series.length === 0) return
    const tracked = current
    tracked.snapshot = { run, design: state.design, envLabel: state.spec.label }
    if (!tracked.identity) {
      tracked.identity = { id: newId(), name: defaultRunName(tracked.snapshot), createdAt: now() }
      options.onLive?.(tracked.identity.id)
    }
    const settled = run.status !== previous.run.status && (run.status === 'paused' || run.status === 'stopped' || run.status === 'error')
    if (settled || tracked.lastWriteAt === -Infinity) writeNow(tracked)
    else writeSoon(tracked)
  }
  const unsubscribe = usePlayground.subscribe(onChange)

  // A hidden page may never run again (a phone closes it): write what is pending now.
  const onVisibility = () => {
    if (pageEvents?.document.visibilityState === 'hidden' && current && current.timer !== null) writeNow(current)
  }
  // A closed tab or a reload: the browser undoes what the closing page asks of IndexedDB, so the
  // run as the page has it now goes to the writer that finishes at once (the next page carries it in).
  const onPageHide = () => {
    if (current?.identity && current.snapshot && current.created) options.saveAtExit?.(savedRunFrom(current.snapshot, current.identity, current.left, now()))
  }
  const pageEvents = options.pageEvents === undefined ? (typeof window === 'undefined' ? null : { window, document }) : options.pageEvents
  pageEvents?.window.addEventListener('pagehide', onPageHide)
  pageEvents?.document.addEventListener('visibilitychange', onVisibility)

  return () => {
    unsubscribe()
    pageEvents?.window.removeEventListener('pagehide', onPageHide)
    pageEvents?.document.removeEventListener('visibilitychange', onVisibility)
    if (current) writeNow(current)
  }
}

function first<T>(set: Set<T>): T | undefined {
  for (const item of set) return item
  return undefined
}
