import { afterEach, describe, expect, it } from 'vitest'
import { BEAT_MS, HIDDEN_SHARE, MAX_PEERS, MAX_REST_MS, PEER_EXPIRY_MS, restAfter, restingDuty, STARVED_GRACE_MS, TrainerShare, trainerDuty } from './trainerShare'

describe('trainerDuty', () => {
  it('gives each worker a core of its own while there are enough', () => {
    expect(trainerDuty(1, 2)).toBe(1)
    expect(trainerDuty(2, 2)).toBe(1)
    expect(trainerDuty(8, 8)).toBe(1)
  })

  it('leaves one core to the pages once more workers train than there are cores', () => {
    // max(c − 1, c/2) / n: 5 workers on 2 cores share 1 core, 3 on 2 share 1, 9 on 8 share 7.
    expect(trainerDuty(5, 2)).toBe(0.2)
    expect(trainerDuty(3, 2)).toBeCloseTo(1 / 3, 15)
    expect(trainerDuty(9, 8)).toBeCloseTo(7 / 9, 15)
  })

  it('on a lone core, the workers share half of it', () => {
    expect(trainerDuty(2, 1)).toBe(0.25)
    expect(trainerDuty(4, 1)).toBe(0.125)
  })

  it('reads counts below one, fractions and nonsense as the nearest sensible machine', () => {
    expect(trainerDuty(0, 2)).toBe(1)
    expect(trainerDuty(5.9, 2.5)).toBe(0.2)
    expect(trainerDuty(3, 0)).toBeCloseTo(0.5 / 3, 15)
  })
})

describe('restAfter', () => {
  it('rests so that busy / (busy + rest) is the duty', () => {
    // d = 0.2: 40 ms busy → 160 ms rest; d = 0.5: as long as it worked.
    expect(restAfter(40, 0.2)).toBeCloseTo(160, 12)
    expect(restAfter(30, 0.5)).toBe(30)
    const busy = 12
    const rest = restAfter(busy, 0.3)
    expect(busy / (busy + rest)).toBeCloseTo(0.3, 12)
  })

  it('never rests a worker with the machine to itself, after no work, or for longer than MAX_REST_MS', () => {
    expect(restAfter(100, 1)).toBe(0)
    expect(restAfter(0, 0.2)).toBe(0)
    expect(restAfter(-5, 0.2)).toBe(0)
    expect(restAfter(100, 0)).toBe(0)
    expect(restAfter(Number.NaN, 0.2)).toBe(0)
    expect(restAfter(900, 0.2)).toBe(MAX_REST_MS)
  })
})

describe('restingDuty', () => {
  it('a watched run rests to its duty, or not at all while taking turns keeps it; nobody rests with a core each', () => {
    expect(restingDuty({ trainers: 5, cores: 2, duty: 0.2, mode: 'rests' }, false)).toBe(0.2)
    expect(restingDuty({ trainers: 5, cores: 2, duty: 0.2, mode: 'turns' }, false)).toBe(1)
    expect(restingDuty({ trainers: 2, cores: 2, duty: 1, mode: 'turns' }, true)).toBe(1)
    expect(restingDuty({ trainers: 2, cores: 2, duty: 1, mode: 'rests' }, true)).toBe(1)
  })

  it('a hidden page’s run takes a quarter of that: after a turn of b ms it rests 3b', () => {
    expect(HIDDEN_SHARE).toBe(0.25)
    expect(restingDuty({ trainers: 5, cores: 2, duty: 0.2, mode: 'rests' }, true)).toBeCloseTo(0.05, 15)
    const duty = restingDuty({ trainers: 5, cores: 2, duty: 0.2, mode: 'turns' }, true)
    expect(duty).toBe(0.25)
    expect(restAfter(40, duty)).toBe(120)
  })
})

describe('TrainerShare', () => {
  const opened: TrainerShare[] = []
  afterEach(() => {
    for (const share of opened.splice(0)) share.close()
  })
  let channelNumber = 0

  /** Shares on one real BroadcastChannel name of their own, with a clock the test moves. */
  function machine(count: number, cores: number) {
    const name = `trainers-test-${++channelNumber}`
    const clock = { now: 0 }
    const shares = Array.from({ length: count }, (_, k) => new TrainerShare(new BroadcastChannel(name), cores, `worker-${k}`, () => clock.now))
    opened.push(...shares)
    // A foreign sender on the channel: what it says must be ignored unless it is a beat.
    const outsider = new BroadcastChannel(name)
    return { shares, clock, outsider }
  }

  /** Let the channel deliver what was posted (it delivers asynchronously). */
  const delivered = () => new Promise((resolve) => setTimeout(resolve, 20))

  /** Start each share training and let it beat once more a beat interval later: a peer counts from its second beat. */
  async function trainAll(shares: TrainerShare[], clock: { now: number }) {
    for (const share of shares) share.setTraining(true)
    await delivered()
    clock.now += BEAT_MS
    for (const share of shares) share.beat()
    await delivered()
  }

  it('counts the workers that train, each one included, and shares the cores among them', async () => {
    const { shares, outsider, clock } = machine(5, 2)
    expect(shares[0].current()).toEqual({ trainers: 0, cores: 2, duty: 1, mode: 'rests' })
    outsider.postMessage({ id: 'x', kind: 'crash' })
    outsider.postMessage('beat')
    outsider.postMessage({ id: 7, kind: 'beat' })
    await trainAll(shares, clock)
    outsider.close()
    for (const share of shares) expect(share.current()).toEqual({ trainers: 5, cores: 2, duty: 0.2, mode: 'rests' })
  })

  it('a paused worker says it leaves, and the others take its share at once', async () => {
    const { shares, clock } = machine(3, 2)
    await trainAll(shares, clock)
    expect(shares[0].current().trainers).toBe(3)
    shares[2].setTraining(false)
    await delivered()
    expect(shares[0].current()).toEqual({ trainers: 2, cores: 2, duty: 1, mode: 'rests' })
    expect(shares[2].current()).toEqual({ trainers: 2, cores: 2, duty: 1, mode: 'rests' })
  })

  it('forgets a worker not heard from within PEER_EXPIRY_MS, and keeps one that beats', async () => {
    const { shares, clock } = machine(3, 2)
    await trainAll(shares, clock)
    // Worker 1 keeps beating; worker 2's tab froze and says nothing more.
    for (let t = 2 * BEAT_MS; t <= PEER_EXPIRY_MS + 2 * BEAT_MS; t += BEAT_MS) {
      clock.now = t
      shares[0].beat()
      shares[1].beat()
      await delivered()
    }
    expect(shares[0].current().trainers).toBe(2)
    expect(shares[1].current().trainers).toBe(2)
  })

  it('beats no more often than every BEAT_MS', async () => {
    const { shares, clock } = machine(2, 1)
    await trainAll([shares[0]], clock)
    expect(shares[1].current().trainers).toBe(1)
    // Worker 1 last heard it at BEAT_MS; beats asked for before 2·BEAT_MS send nothing, so at just past the expiry it is forgotten.
    clock.now = 2 * BEAT_MS - 1
    shares[0].beat()
    await delivered()
    clock.now = BEAT_MS + PEER_EXPIRY_MS + 1
    expect(shares[1].current().trainers).toBe(0)
  })

  it('counts an id only once it keeps beating, and at most MAX_PEERS of them: a flood of made-up ids changes nothing', async () => {
    const { shares, clock, outsider } = machine(2, 2)
    await trainAll(shares, clock)
    // 5,000 ids that each say "beat" once, as a page posting fresh ids would.
    for (let k = 0; k < 5000; k++) outsider.postMessage({ id: `forged-${k}`, kind: 'beat' })
    await delivered()
    clock.now += BEAT_MS
    for (let k = 0; k < 5000; k++) outsider.postMessage({ id: `forged-${k + 5000}`, kind: 'beat' })
    await delivered()
    expect(shares[0].current()).toEqual({ trainers: 2, cores: 2, duty: 1, mode: 'rests' })
    // Ids that do keep beating count, but never more than MAX_PEERS of them.
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < 100; k++) outsider.postMessage({ id: `steady-${k}`, kind: 'beat' })
      await delivered()
      clock.now += BEAT_MS
    }
    expect(shares[0].current().trainers).toBe(MAX_PEERS + 1)
    outsider.close()
  })
})

/**
 * Web Locks as the standard defines the part a share uses (Node has none; the browser's own is
 * checked end to end in e2e/machine-share.spec.ts): exclusive locks by name, granted in the order
 * requested, `ifAvailable` answering null at once when held, a `signal` that withdraws a waiting
 * request, and the lock held until the callback's promise settles.
 */
class InMemoryLocks {
  private readonly held = new Set<string>()
  private readonly queues = new Map<string, (() => void)[]>()
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: { name: string } | null) => Promise<unknown>): Promise<unknown> {
    const run = async () => {
      this.held.add(name)
      try {
        return await callback({ name })
      } finally {
        this.held.delete(name)
        this.queues.get(name)?.shift()?.()
      }
    }
    if (!this.held.has(name) && (this.queues.get(name)?.length ?? 0) === 0) return run()
    if (options.ifAvailable) return callback(null)
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(name) ?? []
      this.queues.set(name, queue)
      const grant = () => {
        options.signal?.removeEventListener('abort', withdraw)
        run().then(resolve, reject)
      }
      const withdraw = () => {
        queue.splice(queue.indexOf(grant), 1)
        reject(options.signal!.reason)
      }
      options.signal?.addEventListener('abort', withdraw)
      queue.push(grant)
    })
  }
}

describe('TrainerShare taking turns', () => {
  const opened: TrainerShare[] = []
  afterEach(() => {
    for (const share of opened.splice(0)) share.close()
  })
  let channelNumber = 0

  /** `count` training workers on `cores` cores, with one lock manager among them, all heard by each other. */
  async function trainingMachine(count: number, cores: number, maxTurnWaitMs = 2000) {
    const name = `turns-test-${++channelNumber}`
    const locks = new InMemoryLocks() as unknown as LockManager
    const shares = Array.from({ length: count }, (_, k) => new TrainerShare(new BroadcastChannel(name), cores, `worker-${k}`, () => performance.now(), locks, maxTurnWaitMs))
    opened.push(...shares)
    for (const share of shares) share.setTraining(true)
    await new Promise((resolve) => setTimeout(resolve, BEAT_MS / 2 + 20))
    for (const share of shares) share.beat(true)
    await new Promise((resolve) => setTimeout(resolve, 20))
    return { shares, locks }
  }

  /** Work that takes `ms` and records how many works ran at once and in what order they began. */
  function meter() {
    let running = 0
    const seen = { most: 0, order: [] as number[] }
    const work = (k: number, ms: number) => async () => {
      seen.order.push(k)
      running++
      seen.most = Math.max(seen.most, running)
      await new Promise((resolve) => setTimeout(resolve, ms))
      running--
      return k
    }
    return { seen, work }
  }

  it('five workers on two cores compute one at a time, and the turns go round in order', async () => {
    const { shares } = await trainingMachine(5, 2)
    expect(shares[0].current()).toEqual({ trainers: 5, cores: 2, duty: 0.2, mode: 'turns' })
    const { seen, work } = meter()
    // Each worker asks for three turns, one after another, as its loop does.
    const loops = shares.map(async (share, k) => {
      const results = []
      for (let turn = 0; turn < 3; turn++) results.push(await share.turn(work(k, 5)))
      return results
    })
    expect(await Promise.all(loops)).toEqual(shares.map((_, k) => [k, k, k]))
    expect(seen.most).toBe(1)
    // Nobody takes a second turn before every other worker has had its first.
    expect(seen.order.slice(0, 5).sort()).toEqual([0, 1, 2, 3, 4])
    expect(seen.order.slice(5, 10).sort()).toEqual([0, 1, 2, 3, 4])
  })

  it('on four cores, at most three compute at once', async () => {
    const { shares } = await trainingMachine(6, 4)
    const { seen, work } = meter()
    await Promise.all(shares.map((share, k) => share.turn(work(k, 20))))
    expect(seen.most).toBe(3)
  })

  it('with a core each, nobody waits for a lock', async () => {
    const { shares } = await trainingMachine(2, 2)
    const { seen, work } = meter()
    await Promise.all(shares.map((share, k) => share.turn(work(k, 20))))
    expect(seen.most).toBe(2)
  })

  it('a turn waited for too long (its holder frozen) is given up and the work runs anyway', async () => {
    const { shares, locks } = await trainingMachine(3, 2, 50)
    let release = () => {}
    const frozen = locks.request('reward-playground.compute.0', {}, () => new Promise<void>((resolve) => (release = resolve)))
    const startedAt = performance.now()
    expect(await shares[0].turn(async () => 'ran')).toBe('ran')
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(45)
    release()
    await frozen
  })

  it('after a wait that ran out, it computes without waiting for STARVED_GRACE_MS: a held lock stalls one turn, not every turn', async () => {
    const { shares, locks } = await trainingMachine(3, 2, 50)
    let release = () => {}
    const held = locks.request('reward-playground.compute.0', {}, () => new Promise<void>((resolve) => (release = resolve)))
    const first = performance.now()
    await shares[0].turn(async () => 'ran')
    expect(performance.now() - first).toBeGreaterThanOrEqual(45)
    const next = performance.now()
    for (let turn = 0; turn < 5; turn++) expect(await shares[0].turn(async () => 'ran at once')).toBe('ran at once')
    expect(performance.now() - next).toBeLessThan(45)
    expect(STARVED_GRACE_MS).toBeGreaterThan(4 * 2000)
    release()
    await held
  })

  it('a pause ends a wait for a turn at once', async () => {
    const { shares, locks } = await trainingMachine(3, 2, 60_000)
    let release = () => {}
    const held = locks.request('reward-playground.compute.0', {}, () => new Promise<void>((resolve) => (release = resolve)))
    const startedAt = performance.now()
    const waiting = shares[0].turn(async () => 'ran')
    setTimeout(() => shares[0].setTraining(false), 30)
    expect(await waiting).toBe('ran')
    expect(performance.now() - startedAt).toBeLessThan(1000)
    release()
    await held
  })

  it('an error of the work goes on up, and the lock is free again after it', async () => {
    const { shares } = await trainingMachine(3, 2)
    await expect(shares[0].turn(async () => Promise.reject(new Error('reward came out as NaN')))).rejects.toThrow('reward came out as NaN')
    expect(await shares[1].turn(async () => 'next')).toBe('next')
  })
})
