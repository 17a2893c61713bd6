import type { SavedRun, SavedRunStatus } from '../../storage/savedRun'
import { finalFigures } from '../../model/compare'
import type { Design } from '../../model/design'
import { usePlayground, type PlaygroundState } from '../run/store'
import { useSeedFleet, type ExtraSeedRun, type FleetState } from '../run/seedFleet'
import { type RunStatus, type RunView } from '../../model/runView'

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
export function defaultRunName({ design, envLabel }: { design: Design; envLabel: string }): string {
  return `${envLabel} · ${design.learner.kind} · seed ${design.seed}`
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

/** What a checkpoint record holds besides its identity: the run's own part, as one run or one seed has it. */
interface RunPart {
  status: RunStatus
  design: Design
  envLabel: string
  learner: string
  series: SavedRun['series']
  marks: SavedRun['marks']
  meanLength: number
  envSteps: number
  wallSeconds: number
  diagnosis: string | null
  seedGroup?: string
}

/** A checkpoint record of `part` under `identity`, saved at `now` (`left`: the page moved on from it). */
function checkpointRecord(identity: RecordIdentity, part: RunPart, left: boolean, now: number): SavedRun {
  const { status, design, meanLength, seedGroup, ...rest } = part
  return {
    version: 1,
    id: identity.id,
    name: identity.name,
    createdAt: identity.createdAt,
    updatedAt: now,
    status: savedStatusOf(status, left, design, part.envSteps),
    design,
    ...rest,
    final: finalFigures(part.series, meanLength),
    ...(seedGroup === undefined ? {} : { seedGroup }),
  }
}

/**
 * The record for a run's checkpoint: the live run's own series, marks and design, and its final
 * figures; `seedGroup`, where it trains with extra seeds, is its own saved id (theirs too).
 */
export function savedRunFrom(snapshot: RunSnapshot, identity: RecordIdentity, left: boolean, now: number, seedGroup?: string): SavedRun {
  const { run, design } = snapshot
  const last = run.series[run.series.length - 1]
  return checkpointRecord(
    identity,
    {
      status: run.status,
      design,
      envLabel: snapshot.envLabel,
      learner: run.learner ?? design.learner.kind,
      series: run.series,
      marks: run.marks,
      meanLength: run.latest?.meanLength ?? NaN,
      envSteps: Math.max(run.latest?.envSteps ?? 0, last?.envSteps ?? 0),
      wallSeconds: Math.max(run.latest?.wallSeconds ?? 0, last?.wallSeconds ?? 0),
      diagnosis: run.diagnosis,
      seedGroup,
    },
    left,
    now,
  )
}

/**
 * The record of an extra seed trained beside the main run (seeds at once): its own curve, figures
 * and status, the main run's design under its own seed and the main run's marks (every change
 * reached every seed), in the main run's seed group.
 */
export function savedExtraSeedFrom(main: RunSnapshot, extra: ExtraSeedRun, identity: RecordIdentity, seedGroup: string, left: boolean, now: number): SavedRun {
  const design = { ...main.design, seed: extra.seed }
  const last = extra.series[extra.series.length - 1]
  return checkpointRecord(
    identity,
    {
      status: extra.status,
      design,
      envLabel: main.envLabel,
      learner: main.run.learner ?? design.learner.kind,
      series: extra.series,
      marks: main.run.marks,
      meanLength: extra.meanLength,
      envSteps: Math.max(extra.envSteps, last?.envSteps ?? 0),
      wallSeconds: last?.wallSeconds ?? 0,
      diagnosis: extra.diagnosis,
      seedGroup,
    },
    left,
    now,
  )
}

/** One run the autosave keeps: the main run, or one of its extra seeds. */
interface Tracked {
  identity: RecordIdentity | null
  /** Its record as of now, once it has a curve point. */
  record: ((identity: RecordIdentity, left: boolean, now: number) => SavedRun) | null
  created: boolean
  left: boolean
  lastWriteAt: number
  timer: ReturnType<typeof setTimeout> | null
}

/** The main run the autosave follows and its extra seeds (by seed). */
interface TrackedRun extends Tracked {
  runId: string
  extras: Map<number, Tracked>
}

function tracking(): Tracked {
  return { identity: null, record: null, created: false, left: false, lastWriteAt: -Infinity, timer: null }
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
  let current: TrackedRun | null = null

  const drain = async () => {
    if (writing) return
    writing = true
    try {
      for (let next = first(waiting); next; next = first(waiting)) {
        waiting.delete(next)
        if (!next.record || !next.identity) continue
        const outcome = await options.save(next.record(next.identity, next.left, now()), !next.created)
        if (outcome !== 'failed') next.created = true
      }
    } finally {
      writing = false
    }
  }
  const writeNow = (tracked: Tracked) => {
    if (tracked.timer !== null) clearTimeout(tracked.timer)
    tracked.timer = null
    if (!tracked.record) return
    tracked.lastWriteAt = now()
    waiting.add(tracked)
    void drain()
  }
  const writeSoon = (tracked: Tracked) => {
    const wait = tracked.lastWriteAt + intervalMs - now()
    if (wait <= 0) writeNow(tracked)
    else tracked.timer ??= setTimeout(() => writeNow(tracked), wait)
  }
  /** Write now where the run just settled (paused, stopped, failed) or was never written, else in its turn. */
  const checkpoint = (tracked: Tracked, settled: boolean) => {
    if (settled || tracked.lastWriteAt === -Infinity) writeNow(tracked)
    else writeSoon(tracked)
  }
  const leave = (tracked: TrackedRun) => {
    for (const each of [tracked, ...tracked.extras.values()]) {
      each.left = true
      writeNow(each)
    }
  }
  /** The main run's identity, made when it or one of its seeds is first saved (the seeds' group is its id). */
  const mainIdentity = (tracked: TrackedRun, state: PlaygroundState): RecordIdentity => {
    if (!tracked.identity) {
      tracked.identity = { id: newId(), name: defaultRunName({ design: state.design, envLabel: state.spec.label }), createdAt: now() }
      options.onLive?.(tracked.identity.id)
    }
    return tracked.identity
  }

  const onChange = (state: PlaygroundState, previous: PlaygroundState) => {
    if (state.run === previous.run) return
    const { run } = state
    if (current && current.runId !== run.runId) {
      leave(current)
      current = null
      options.onLive?.(null)
    }
    if (run.runId === null) return
    current ??= { ...tracking(), runId: run.runId, extras: new Map() }
    if (run.series.length === 0) return
    const tracked = current
    const snapshot: RunSnapshot = { run, design: state.design, envLabel: state.spec.label }
    const identity = mainIdentity(tracked, state)
    const group = useSeedFleet.getState().extras.length > 0 || tracked.extras.size > 0 ? identity.id : undefined
    tracked.record = (identity, left, at) => savedRunFrom(snapshot, identity, left, at, group)
    checkpoint(tracked, run.status !== previous.run.status && isSettled(run.status))
  }
  const onFleetChange = (fleet: FleetState, previous: FleetState) => {
    const tracked = current
    if (fleet.extras === previous.extras || !tracked) return
    const state = usePlayground.getState()
    if (state.run.runId !== tracked.runId) return
    const main: RunSnapshot = { run: state.run, design: state.design, envLabel: state.spec.label }
    fleet.extras.forEach((extra, k) => {
      if (extra.series.length === 0 || extra === previous.extras[k]) return
      const group = mainIdentity(tracked, state).id
      let seed = tracked.extras.get(extra.seed)
      if (!seed) {
        seed = tracking()
        seed.identity = { id: newId(), name: defaultRunName({ design: { ...state.design, seed: extra.seed }, envLabel: state.spec.label }), createdAt: now() }
        tracked.extras.set(extra.seed, seed)
      }
      seed.record = (identity, left, at) => savedExtraSeedFrom(main, extra, identity, group, left, at)
      checkpoint(seed, extra.status !== previous.extras[k]?.status && isSettled(extra.status))
    })
  }
  const unsubscribe = usePlayground.subscribe(onChange)
  const unsubscribeFleet = useSeedFleet.subscribe(onFleetChange)
  const everyTracked = (): Tracked[] => (current ? [current, ...current.extras.values()] : [])

  // A hidden page may never run again (a phone closes it): write what is pending now.
  const onVisibility = () => {
    if (pageEvents?.document.visibilityState !== 'hidden') return
    for (const tracked of everyTracked()) if (tracked.timer !== null) writeNow(tracked)
  }
  // A closed tab or a reload: the browser undoes what the closing page asks of IndexedDB, so each
  // run as the page has it now goes to the writer that finishes at once (the next page carries it in).
  const onPageHide = () => {
    for (const tracked of everyTracked()) {
      if (tracked.identity && tracked.record && tracked.created) options.saveAtExit?.(tracked.record(tracked.identity, tracked.left, now()))
    }
  }
  const pageEvents = options.pageEvents === undefined ? (typeof window === 'undefined' ? null : { window, document }) : options.pageEvents
  pageEvents?.window.addEventListener('pagehide', onPageHide)
  pageEvents?.document.addEventListener('visibilitychange', onVisibility)

  return () => {
    unsubscribe()
    unsubscribeFleet()
    pageEvents?.window.removeEventListener('pagehide', onPageHide)
    pageEvents?.document.removeEventListener('visibilitychange', onVisibility)
    for (const tracked of everyTracked()) writeNow(tracked)
  }
}

/** A status a run settles in: its checkpoint is written at once. */
function isSettled(status: RunStatus): boolean {
  return status === 'paused' || status === 'stopped' || status === 'error'
}

function first<T>(set: Set<T>): T | undefined {
  for (const item of set) return item
  return undefined
}
