import type { MachineShare } from '../core/run/frame'

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
  private readonly peers = new Map<string, number>()
  private training = false
  private lastBeatAt = -Infinity

  constructor(
    private readonly channel: BroadcastChannel,
    private readonly cores: number,
    private readonly id: string,
    private readonly now: () => number,
  ) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const beat = event.data
      if (!isBeat(beat) || beat.id === this.id) return
      if (beat.kind === 'leave') this.peers.delete(beat.id)
      else this.peers.set(beat.id, this.now())
    }
  }

  /** Whether this worker trains now; a change is said on the channel at once. */
  setTraining(training: boolean): void {
    if (training === this.training) return
    this.training = training
    if (training) this.beat(true)
    else this.channel.postMessage({ id: this.id, kind: 'leave' } satisfies Beat)
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
    const trainers = this.peers.size + (this.training ? 1 : 0)
    return { trainers, cores: this.cores, duty: trainerDuty(trainers, this.cores) }
  }

  close(): void {
    this.setTraining(false)
    this.channel.onmessage = null
    this.channel.close()
  }
}

/**
 * The share of a real worker: a BroadcastChannel of the app's origin and the cores the page said it
 * has (else the worker's own navigator's, else 1); null where the browser has no BroadcastChannel
 * (the run then computes all the time).
 */
export function browserTrainerShare(pageCores: number | undefined): TrainerShare | null {
  if (typeof BroadcastChannel === 'undefined') return null
  const own = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency
  const cores = pageCores ?? (Number.isInteger(own) && own! >= 1 ? own! : 1)
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
  const share = new TrainerShare(new BroadcastChannel(TRAINERS_CHANNEL), cores, id, () => performance.now())
  setInterval(() => share.beat(), BEAT_MS)
  return share
}
