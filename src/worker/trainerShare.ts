import type { MachineShare } from '../core/run/frame'
import { reportedCores } from './protocol'

/*
 * Training workers of one browser share its cores. Each training worker says on a broadcast
 * channel that it trains (a beat every BEAT_MS) and counts the others it has heard from lately;
 * when more train than the machine has cores, each computes only part of the time, so that
 * together they leave a core to the pages that draw them (five tabs on two cores stay responsive).
 */

/** The channel every training worker of the app's origin beats on. */
export const TRAINERS_CHANNEL = 'reward-playground.trainers'
/** A training worker says it trains this often. */
export const BEAT_MS = 500
/** A worker not heard from for this long has stopped training (it paused, closed, or its tab froze). */
export const PEER_EXPIRY_MS = 3000
/** The longest rest after one iteration: a slow iteration never sleeps for seconds. */
export const MAX_REST_MS = 1000
/** On a shared machine a hidden page's run computes this share of what a watched one does (it rests after each turn, or rests longer). */
export const HIDDEN_SHARE = 0.25
/** The Web Locks a worker holds while it computes its turn (one name per core the workers share). */
export const COMPUTE_LOCK = 'reward-playground.compute'
/** A turn waited for longer than this is given up and the work runs anyway (a holder frozen with its tab never stalls the others). */
export const MAX_TURN_WAIT_MS = 2000
/**
 * After a wait that ran out, a worker computes without waiting for this long (it still takes a free
 * lock at once): a holder that never lets go (a frozen tab, or a page that holds the locks on
 * purpose) stalls a run for at most MAX_TURN_WAIT_MS in every STARVED_GRACE_MS + MAX_TURN_WAIT_MS,
 * not for MAX_TURN_WAIT_MS every iteration.
 */
export const STARVED_GRACE_MS = 10_000
/** At most this many other training workers are counted: more than one browser runs with any use (a flood of made-up ids counts as this). */
export const MAX_PEERS = 32
/** At most this many ids heard once are kept while they wait for a second beat; the oldest go first. */
export const MAX_UNCONFIRMED = 256

/**
 * The duty of each of n workers training on c cores:
 *   d(n, c) = 1                        when n ≤ c (each has a core of its own)
 *   d(n, c) = max(c − 1, c / 2) / n    otherwise (together they use all but one core; half of a lone core)
 */
export function trainerDuty(trainers: number, cores: number): number {
  const n = Math.max(1, Math.floor(trainers))
  const c = Math.max(1, Math.floor(cores))
  if (n <= c) return 1
  return Math.max(c - 1, c / 2) / n
}

/**
 * The rest after a busy stretch that keeps busy / (busy + rest) at the duty d:
 *   rest = busy · (1 − d) / d, at most MAX_REST_MS.
 */
export function restAfter(busyMs: number, duty: number): number {
  if (!(duty > 0) || duty >= 1 || !(busyMs > 0)) return 0
  return Math.min(MAX_REST_MS, (busyMs * (1 - duty)) / duty)
}

/**
 * The share of its time a run keeps to by resting: its duty when it rests, 1 when taking turns
 * keeps the duty by itself; a hidden page's run on a shared machine HIDDEN_SHARE of that (after
 * each turn it rests three times as long as the turn took), so the run being watched gets the
 * turns the hidden ones leave.
 */
export function restingDuty(share: MachineShare, pageHidden: boolean): number {
  if (share.duty >= 1) return 1
  const duty = share.mode === 'turns' ? 1 : share.duty
  return pageHidden ? duty * HIDDEN_SHARE : duty
}

interface Beat {
  id: string
  kind: 'beat' | 'leave'
}

function isBeat(data: unknown): data is Beat {
  if (typeof data !== 'object' || data === null) return false
  const { id, kind } = data as Record<string, unknown>
  return typeof id === 'string' && id.length <= 64 && (kind === 'beat' || kind === 'leave')
}

/**
 * One worker's view of the share: `setTraining(true)` while its run trains (it beats), false when
 * paused or stopped (it says it leaves). `now()` is this worker's own clock: a peer's last beat is
 * kept as the time it was heard here, so no two clocks are compared.
 */
export class TrainerShare {
  /** Peers that keep beating: heard twice, BEAT_MS / 2 or more apart; id → when last heard. */
  private readonly peers = new Map<string, number>()
  /** Ids heard once: id → when first heard. A real worker beats again within BEAT_MS; a made-up id never does. */
  private readonly unconfirmed = new Map<string, number>()
  private training = false
  private lastBeatAt = -Infinity
  private turnsTaken = 0
  /** Until when this worker computes without waiting for a lock (it waited out MAX_TURN_WAIT_MS). */
  private starvedUntil = -Infinity
  /** Aborts the turns waiting now (abortWaits). */
  private waits = new AbortController()

  constructor(
    private readonly channel: BroadcastChannel,
    private readonly cores: number,
    private readonly id: string,
    private readonly now: () => number,
    /** The browser's Web Locks (workers then take turns); null: they rest instead. */
    private readonly locks: LockManager | null = null,
    private readonly maxTurnWaitMs = MAX_TURN_WAIT_MS,
  ) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const beat = event.data
      if (!isBeat(beat) || beat.id === this.id) return
      if (beat.kind === 'leave') {
        this.peers.delete(beat.id)
        this.unconfirmed.delete(beat.id)
      } else this.heard(beat.id)
    }
  }

  /** A beat from another worker: a known peer is heard again; a new id counts once it beats again, a beat interval later. */
  private heard(id: string): void {
    const at = this.now()
    if (this.peers.has(id)) {
      this.peers.set(id, at)
      return
    }
    const firstHeard = this.unconfirmed.get(id)
    if (firstHeard === undefined) {
      if (this.unconfirmed.size >= MAX_UNCONFIRMED) this.unconfirmed.delete(this.unconfirmed.keys().next().value!)
      this.unconfirmed.set(id, at)
    } else if (at - firstHeard >= BEAT_MS / 2) {
      this.unconfirmed.delete(id)
      if (this.peers.size < MAX_PEERS) this.peers.set(id, at)
    }
  }

  /** Whether this worker trains now; a change is said on the channel at once. */
  setTraining(training: boolean): void {
    if (training === this.training) return
    this.training = training
    if (training) this.beat(true)
    else {
      this.abortWaits()
      this.channel.postMessage({ id: this.id, kind: 'leave' } satisfies Beat)
    }
  }

  /** Stop waiting for a turn now (a pause, a stop): the work waiting runs at once, so the run sees the pause after it. */
  abortWaits(): void {
    this.waits.abort()
    this.waits = new AbortController()
  }

  /** Say it trains, if a beat is due (or `force`); called between iterations and from a timer. */
  beat(force = false): void {
    if (!this.training) return
    const at = this.now()
    if (!force && at - this.lastBeatAt < BEAT_MS) return
    this.lastBeatAt = at
    this.channel.postMessage({ id: this.id, kind: 'beat' } satisfies Beat)
  }

  /** The share now: the peers heard within PEER_EXPIRY_MS and this worker, on the machine's cores. */
  current(): MachineShare {
    const at = this.now()
    for (const [id, heardAt] of this.peers) if (at - heardAt > PEER_EXPIRY_MS) this.peers.delete(id)
    for (const [id, heardAt] of this.unconfirmed) if (at - heardAt > PEER_EXPIRY_MS) this.unconfirmed.delete(id)
    const trainers = this.peers.size + (this.training ? 1 : 0)
    return { trainers, cores: this.cores, duty: trainerDuty(trainers, this.cores), mode: this.locks ? 'turns' : 'rests' }
  }

  /**
   * Run one iteration's work in its turn. While more workers train than there are cores and the
   * browser has Web Locks, at most S = max(1, c − 1) of them compute at once: each holds one of S
   * named locks for one iteration, and requests are granted in the order made, so the turns go
   * round. A free lock is taken at once; else the worker waits on one (the next in its rotation)
   * for at most MAX_TURN_WAIT_MS and then computes anyway, and for STARVED_GRACE_MS after that
   * it takes only a free lock and never waits. abortWaits ends a wait at once.
   */
  async turn<T>(work: () => Promise<T>): Promise<T> {
    const { duty, cores } = this.current()
    const locks = this.locks
    if (!locks || duty >= 1) return work()
    const slots = Math.max(1, cores - 1)
    let started = false
    const run = () => {
      started = true
      return work()
    }
    for (let k = 0; k < slots; k++) {
      const held = await locks.request(`${COMPUTE_LOCK}.${k}`, { ifAvailable: true }, async (lock) => (lock ? { result: await run() } : null))
      if (held) return held.result
    }
    if (this.now() < this.starvedUntil) return work()
    const slot = this.turnsTaken++ % slots
    const timeout = AbortSignal.timeout(this.maxTurnWaitMs)
    try {
      return await locks.request(`${COMPUTE_LOCK}.${slot}`, { signal: AbortSignal.any([timeout, this.waits.signal]) }, run)
    } catch (error) {
      // The wait ran out or was ended (the work never began): compute without the lock. An error of the work itself goes on up.
      if (started) throw error
      if (timeout.aborted) this.starvedUntil = this.now() + STARVED_GRACE_MS
      return work()
    }
  }

  close(): void {
    this.setTraining(false)
    this.channel.onmessage = null
    this.channel.close()
  }
}

/**
 * The share of a real worker: a BroadcastChannel of the app's origin, the cores the page said it
 * has (else the worker's own navigator's, else 1) and the browser's Web Locks where it has them (a
 * secure context: localhost or https); null where the browser has no BroadcastChannel (the run
 * then computes all the time).
 */
export function browserTrainerShare(pageCores: number | undefined): TrainerShare | null {
  if (typeof BroadcastChannel === 'undefined') return null
  const cores = pageCores ?? reportedCores(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency) ?? 1
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
  const locks = typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null
  const share = new TrainerShare(new BroadcastChannel(TRAINERS_CHANNEL), cores, id, () => performance.now(), locks)
  setInterval(() => share.beat(), BEAT_MS)
  return share
}
