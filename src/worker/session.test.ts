import { describe, expect, it } from 'vitest'
import { RunConfigSchema } from '../core/run/config'
import { whatIfRecentEpisodes } from '../core/credit/episodesWhatIf'
import { resolveEnvironment } from '../core/envs/registry'
import { designWeights } from '../core/rewards/extras'
import type { FromWorker } from './protocol'
import { TrainingSession } from './session'
import { createTrainer } from '../learn/trainers'
import { MetricsAccumulator, RECENT_EPISODES } from '../core/run/metrics'
import { finishedRunFigures } from '../core/run/runFigures'
import { BEAT_MS, TrainerShare } from './trainerShare'
import { SweepJob } from './sweepJob'

/** Drive a real session (real environment, real learner) and collect what it posts. */
function startSession(weights: Record<string, number> = {}, extras: Record<string, unknown> = {}, lean = false, budget: number | null = null, share: TrainerShare | null = null, pauseAt: number | null = null) {
  const messages: FromWorker[] = []
  const waiters: { match: (m: FromWorker) => boolean; resolve: (m: FromWorker) => void }[] = []
  const post = (message: FromWorker) => {
    messages.push(message)
    for (const waiter of waiters.splice(0)) {
      if (waiter.match(message)) waiter.resolve(message)
      else waiters.push(waiter)
    }
  }
  const config = RunConfigSchema.parse({ env: { id: 'gridworld', params: {} }, mix: { weights, ...extras }, learner: { kind: 'qlearning' }, seed: 3 })
  const session = new TrainingSession({ runId: 'run-1', config, post, lean, sweepJob: budget === null ? null : new SweepJob(budget), share, pauseAt })
  const next = <T extends FromWorker['type']>(type: T) =>
    new Promise<Extract<FromWorker, { type: T }>>((resolve) => {
      const earlier = messages.find((m) => m.type === type)
      if (earlier) return resolve(earlier as Extract<FromWorker, { type: T }>)
      waiters.push({ match: (m) => m.type === type, resolve: resolve as (m: FromWorker) => void })
    })
  const done = session.start()
  return { session, messages, next, done }
}

describe('TrainingSession', () => {
  it('streams metrics, applies a weight change before the next rollout, pauses and stops', async () => {
    const { session, messages, next, done } = startSession()
    expect((await next('started')).learner).toBe('qlearning')
    const first = await next('metrics')
    expect(first.frame.envSteps).toBeGreaterThan(0)
    expect(first.frame.demo.steps).toBeGreaterThan(0)

    session.handle({ type: 'setWeights', runId: 'run-1', changeId: 7, weights: { goal: 10 } })
    session.handle({ type: 'setWeights', runId: 'run-1', changeId: 8, weights: { progress: 0.5 } })
    const applied = await next('designApplied')
    // Both changes that arrived during one iteration are applied together, none lost.
    expect(applied.changeId).toBe(8)
    expect(applied.changed).toEqual({ goal: 10, progress: 0.5 })
    expect(applied.weights).toEqual({ goal: 10, progress: 0.5 })
    expect(applied.envSteps).toBeGreaterThanOrEqual(first.frame.envSteps)

    session.handle({ type: 'pause', runId: 'run-1' })
    expect((await next('paused')).diagnosis).toBeNull()
    // The iteration in flight when the pause arrived may still report; after that, nothing.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const frames = messages.filter((m) => m.type === 'metrics').length
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(messages.filter((m) => m.type === 'metrics').length).toBe(frames)

    session.handle({ type: 'stop', runId: 'run-1' })
    await done
    expect(messages[messages.length - 1]).toEqual({ type: 'stopped', runId: 'run-1' })
  })

  it('sends the recent episodes with every frame, so the page re-scores the same ones as the recent return; a lean run sends none', async () => {
    const { session, messages, next, done } = startSession({ progress: 0.5 })
    await next('metrics')
    while (!messages.some((m) => m.type === 'metrics' && m.frame.recentEpisodes !== null)) await new Promise((resolve) => setTimeout(resolve, 10))
    session.stop()
    await done
    const frames = messages.flatMap((m) => (m.type === 'metrics' && m.frame.recentEpisodes !== null ? [m.frame] : []))
    // the weights the run used: progress 0.5, every other component at its default
    const weights = designWeights(RunConfigSchema.parse({ env: { id: 'gridworld', params: {} }, mix: { weights: { progress: 0.5 } }, learner: { kind: 'qlearning' } }).mix, resolveEnvironment('gridworld', {}).spec)
    expect(frames.length).toBeGreaterThan(0)
    for (const frame of frames) {
      expect(frame.recentEpisodes!.count).toBe(Math.min(frame.episodesTotal, 20))
      expect(whatIfRecentEpisodes(frame.recentEpisodes!, frame.componentNames, weights).meanReturn).toBe(frame.recentReturn)
    }
    const lean = startSession({}, {}, true)
    await lean.next('metrics')
    lean.session.stop()
    await lean.done
    for (const m of lean.messages) if (m.type === 'metrics') expect(m.frame.recentEpisodes).toBeNull()
  })

  it('pauses with a diagnosis instead of training on an infinite reward', async () => {
    // −1·1e308 (step) − 1·1e308 (progress, moving away) overflows to −Infinity.
    const { session, next, done } = startSession({ step: 1e308, progress: 1e308 })
    const paused = await next('paused')
    expect(paused.diagnosis).toMatch(/not finite|Infinity/)
    expect(paused.diagnosis).toContain('progress')
    session.stop()
    await done
  })

  it('ends a run with a budget by itself after the iteration that reaches it, with the figures train --steps reports, and no frames', async () => {
    const { messages, done } = startSession({}, {}, true, 1000)
    await done
    expect(messages.map((m) => m.type)).toEqual(['started', 'finished', 'stopped'])
    const finished = messages[1]
    if (finished.type !== 'finished') throw new Error('no figures')
    // The same run trained as the command line's sweep trains it (cli/sweepTrain.ts): whole iterations until the budget.
    const config = RunConfigSchema.parse({ env: { id: 'gridworld', params: {} }, mix: { weights: {} }, learner: { kind: 'qlearning' }, seed: 3 })
    const trainer = await createTrainer(config)
    const metrics = new MetricsAccumulator(trainer.spec.components.length, RECENT_EPISODES)
    while (metrics.totalEnvSteps < 1000) metrics.add(await trainer.iterate())
    const expected = finishedRunFigures(metrics.flush(), trainer.spec.components.map((component) => component.name), 0)
    expect({ ...finished.figures, seconds: 0 }).toEqual(expected)
    expect(finished.figures.steps).toBeGreaterThanOrEqual(1000)
    expect(finished.figures.objective).not.toBeNull()
    expect(finished.figures.seconds).toBeGreaterThanOrEqual(0)
  })

  it('ends a run with a budget that stops itself with its diagnosis and no figures, instead of pausing', async () => {
    const { messages, done } = startSession({ step: 1e308, progress: 1e308 }, {}, true, 100_000)
    await done
    expect(messages.map((m) => m.type)).toEqual(['started', 'finished', 'stopped'])
    const finished = messages[1]
    if (finished.type !== 'finished') throw new Error('no figures')
    expect(finished.figures).toMatchObject({ objective: null, shapedReturn: null, contributions: null, zeroAdvantageFraction: null })
    expect(finished.figures.paused).toMatch(/^run paused at iteration \d+ \(after \d+ env steps\): .*progress/)
  })

  it('pauses itself at the first iteration boundary at or past its step budget, its figures there sent first, and trains on once resumed', async () => {
    // The iteration boundaries of the same run (seed 3), trained alone: the first at or past 1,000 steps.
    const config = RunConfigSchema.parse({ env: { id: 'gridworld', params: {} }, mix: { weights: {} }, learner: { kind: 'qlearning' }, seed: 3 })
    const trainer = await createTrainer(config)
    let boundary = 0
    while (boundary < 1000) boundary += (await trainer.iterate()).envSteps
    trainer.dispose()

    const { session, messages, next, done } = startSession({}, {}, false, null, null, 1000)
    const paused = await next('paused')
    expect(paused).toEqual({ type: 'paused', runId: 'run-1', diagnosis: null, budget: 1000 })
    const frames = messages.flatMap((m) => (m.type === 'metrics' ? [m.frame] : []))
    // The last message before the pause is the frame at the boundary: no iteration started at or past the budget.
    expect(messages[messages.indexOf(paused) - 1].type).toBe('metrics')
    expect(frames.at(-1)!.envSteps).toBe(boundary)
    expect(frames.every((frame) => frame.envSteps <= boundary)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(messages.filter((m) => m.type === 'metrics').length).toBe(frames.length)

    // Resumed (Keep training), the budget is lifted: it trains past it and is not paused again.
    session.handle({ type: 'resume', runId: 'run-1' })
    while (!messages.some((m) => m.type === 'metrics' && m.frame.envSteps > boundary + 2000)) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(messages.filter((m) => m.type === 'paused')).toHaveLength(1)
    session.stop()
    await done
  })

  it('takes a new budget live, or none: the page lifts it once the run is no longer the lesson’s variant', async () => {
    const lifted = startSession({}, {}, false, null, null, 1000)
    lifted.session.handle({ type: 'setPauseAt', runId: 'run-1', steps: null })
    while (!lifted.messages.some((m) => m.type === 'metrics' && m.frame.envSteps > 3000)) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(lifted.messages.some((m) => m.type === 'paused')).toBe(false)
    // A budget set during the run: it pauses at the first boundary at or past it.
    lifted.session.handle({ type: 'setPauseAt', runId: 'run-1', steps: 6000 })
    const paused = await lifted.next('paused')
    expect(paused.budget).toBe(6000)
    const last = lifted.messages.flatMap((m) => (m.type === 'metrics' ? [m.frame] : [])).at(-1)!
    expect(last.envSteps).toBeGreaterThanOrEqual(6000)
    lifted.session.stop()
    await lifted.done
  })

  it('a user’s pause and resume before the budget keep it', async () => {
    const { session, messages, next, done } = startSession({}, {}, false, null, null, 50_000)
    await next('metrics')
    session.handle({ type: 'pause', runId: 'run-1' })
    await next('paused')
    session.handle({ type: 'resume', runId: 'run-1' })
    while (messages.filter((m) => m.type === 'paused').length < 2) await new Promise((resolve) => setTimeout(resolve, 10))
    const pauses = messages.filter((m): m is Extract<FromWorker, { type: 'paused' }> => m.type === 'paused')
    expect(pauses[0].budget).toBeUndefined()
    expect(pauses[1].budget).toBe(50_000)
    session.stop()
    await done
  })

  it('steps: one iteration from a fresh run, its frame with the step record, then paused; again from there; ignored while training', async () => {
    // The same run (seed 3) trained alone: its env steps after one and after two iterations.
    const config = RunConfigSchema.parse({ env: { id: 'gridworld', params: {} }, mix: { weights: {} }, learner: { kind: 'qlearning' }, seed: 3 })
    const trainer = await createTrainer(config)
    const afterOne = (await trainer.iterate()).envSteps
    const afterTwo = afterOne + (await trainer.iterate()).envSteps
    trainer.dispose()
    const pauses = (messages: FromWorker[]) => messages.filter((m) => m.type === 'paused').length
    const frames = (messages: FromWorker[]) => messages.flatMap((m) => (m.type === 'metrics' ? [m.frame] : []))
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

    // Before it trains: one iteration, then the pause.
    const { session, messages, next, done } = startSession()
    session.handle({ type: 'step', runId: 'run-1' })
    await next('paused')
    await settle()
    expect(messages.map((m) => m.type)).toEqual(['started', 'metrics', 'paused'])
    expect(frames(messages)[0]).toMatchObject({ iteration: 1, envSteps: afterOne })
    expect(frames(messages)[0].record).not.toBeNull()

    // From the pause, twice at once: the second arrives while the first trains and is ignored.
    session.handle({ type: 'step', runId: 'run-1' })
    session.handle({ type: 'step', runId: 'run-1' })
    while (pauses(messages) < 2) await new Promise((resolve) => setTimeout(resolve, 10))
    await settle()
    expect(messages.slice(3).map((m) => m.type)).toEqual(['resumed', 'metrics', 'paused'])
    expect(frames(messages)[1]).toMatchObject({ iteration: 2, envSteps: afterTwo })
    expect(frames(messages)[1].record).not.toBeNull()
    expect(messages.at(-1)).toEqual({ type: 'paused', runId: 'run-1', diagnosis: null })
    session.stop()
    await done

    // While it trains, a step changes nothing: it never pauses.
    const training = startSession()
    await training.next('metrics')
    training.session.handle({ type: 'step', runId: 'run-1' })
    await settle()
    expect(pauses(training.messages)).toBe(0)
    expect(frames(training.messages).at(-1)!.iteration).toBeGreaterThan(2)
    training.session.stop()
    await training.done
  })

  it('a step at the budget trains one iteration past it and pauses there with the budget kept', async () => {
    const { session, messages, next, done } = startSession({}, {}, false, null, null, 1000)
    await next('paused')
    const atBudget = messages.flatMap((m) => (m.type === 'metrics' ? [m.frame] : [])).at(-1)!
    session.handle({ type: 'step', runId: 'run-1' })
    while (messages.filter((m) => m.type === 'paused').length < 2) await new Promise((resolve) => setTimeout(resolve, 10))
    const stepped = messages.flatMap((m) => (m.type === 'metrics' ? [m.frame] : [])).at(-1)!
    expect(stepped.iteration).toBe(atBudget.iteration + 1)
    expect(messages.at(-1)).toEqual({ type: 'paused', runId: 'run-1', diagnosis: null, budget: 1000 })
    session.stop()
    await done
  })

  it('reports a design that does not fit the environment as an error', async () => {
    const { next, done } = startSession({ alive: 1 })
    const error = await next('error')
    expect(error.message).toBe('the reward design does not fit gridworld: weights.alive: gridworld has no component "alive"; accepted: step, hazard, goal, progress, coin')
    await done
  })

  it('takes live reward changes, even ones that add a component, and refuses a broken one while the run goes on', async () => {
    const { session, next, messages, done } = startSession({}, { terms: [{ name: 'near', expression: '-row' }] })
    await next('metrics')
    const design = RunConfigSchema.shape.mix.parse({ terms: [{ name: 'near', expression: '-row - col' }] })
    session.handle({ type: 'setReward', runId: 'run-1', changeId: 4, design, note: 'near := -row - col' })
    const applied = await next('designApplied')
    expect(applied).toMatchObject({ changeId: 4, changed: {}, note: 'near := -row - col' })
    // A new component, live: later frames report it.
    const grown = RunConfigSchema.shape.mix.parse({ terms: [{ name: 'near', expression: '-row - col' }, { name: 'far', expression: 'row' }] })
    session.handle({ type: 'setReward', runId: 'run-1', changeId: 5, design: grown, note: 'added far' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const latest = [...messages].reverse().find((m) => m.type === 'metrics')
    expect(latest?.type === 'metrics' && latest.frame.componentNames).toEqual(['step', 'hazard', 'goal', 'progress', 'coin', 'near', 'far'])
    const broken = RunConfigSchema.shape.mix.parse({ terms: [{ name: 'far', expression: 'rowz' }] })
    session.handle({ type: 'setReward', runId: 'run-1', changeId: 6, design: broken, note: 'broken' })
    const refused = await next('refused')
    expect(refused.message).toContain('unknown variable "rowz"')
    // The run goes on.
    const frames = messages.filter((m) => m.type === 'metrics').length
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(messages.filter((m) => m.type === 'metrics').length).toBeGreaterThan(frames)
    session.stop()
    await done
  })
})

describe('TrainingSession with weight schedules', () => {
  const metricsAfter = async (messages: FromWorker[], count: number) => {
    while (messages.filter((m) => m.type === 'metrics').length < count) await new Promise((resolve) => setTimeout(resolve, 10))
    return messages.filter((m): m is Extract<FromWorker, { type: 'metrics' }> => m.type === 'metrics')
  }

  it('frames of a run without schedules carry no scheduled weights', async () => {
    const { session, messages, done } = startSession()
    const [frame] = await metricsAfter(messages, 1)
    expect('scheduledWeights' in frame.frame).toBe(false)
    session.stop()
    await done
  })

  it('reports the scheduled weight in force, takes new schedules live with a mark, and refuses an unknown component', async () => {
    // A step to 0 at env step 1: the first iteration pays 1, every later one 0.
    const { session, messages, next, done } = startSession({}, { schedules: { step: { kind: 'step', from: 1, to: 0, steps: 1 } } })
    const frames = await metricsAfter(messages, 2)
    expect(frames.at(-1)!.frame.scheduledWeights).toEqual({ step: 0 })

    session.handle({ type: 'setSchedules', runId: 'run-1', changeId: 9, schedules: { goal: { kind: 'linear', from: 4, to: 4, steps: 10 } }, note: 'schedule of goal = linear 4 → 4 over 10 steps' })
    const applied = await next('designApplied')
    expect(applied).toMatchObject({ changeId: 9, changed: {}, note: 'schedule of goal = linear 4 → 4 over 10 steps' })
    const seen = messages.length
    while (!messages.slice(seen).some((m) => m.type === 'metrics')) await new Promise((resolve) => setTimeout(resolve, 10))
    const later = messages.slice(seen).find((m) => m.type === 'metrics')
    expect(later?.type === 'metrics' && later.frame.scheduledWeights).toEqual({ goal: 4 })

    session.handle({ type: 'setSchedules', runId: 'run-1', changeId: 10, schedules: { alive: { kind: 'linear', from: 1, to: 0, steps: 10 } }, note: 'x' })
    const refused = await next('refused')
    expect(refused.message).toBe('schedules.alive: there is no component "alive" to schedule; accepted: step, hazard, goal, progress, coin')
    session.stop()
    await done
  })
})

describe('TrainingSession with a cost constraint', () => {
  it('reports each cost\'s λ in its frames, moved after every iteration with finished episodes; a run without one reports none', async () => {
    // goal a cost with budget −1, η 1, λ₀ 0: Ĉ ≥ 0 > −1 always, so every iteration in which an episode finishes raises λ by Ĉ + 1 ≥ 1.
    const { session, messages, done } = startSession({}, { constraints: { goal: { budget: -1, stepSize: 1 } } })
    while (messages.filter((m) => m.type === 'metrics').length < 3) await new Promise((resolve) => setTimeout(resolve, 10))
    session.stop()
    await done
    const lambdas = messages.flatMap((m) => (m.type === 'metrics' ? [m.frame.multipliers?.goal] : []))
    expect(lambdas.every((lambda) => typeof lambda === 'number' && lambda >= 0)).toBe(true)
    // Never falls (Ĉ − c > 0), and rose by at least 1 once episodes finished.
    expect(lambdas.every((lambda, i) => i === 0 || lambda! >= lambdas[i - 1]!)).toBe(true)
    expect(lambdas.at(-1)).toBeGreaterThanOrEqual(1)

    const plain = startSession()
    while (!plain.messages.some((m) => m.type === 'metrics')) await new Promise((resolve) => setTimeout(resolve, 10))
    plain.session.stop()
    await plain.done
    expect(plain.messages.some((m) => m.type === 'metrics' && 'multipliers' in m.frame)).toBe(false)
  })
})

describe('TrainingSession sharing the machine', () => {
  /** A share of one core with `others` more workers training on the same real channel (duty 0.5 / (others + 1)). */
  function sharedCore(name: string, others: number) {
    const now = () => performance.now()
    const share = new TrainerShare(new BroadcastChannel(name), 1, 'session', now)
    const peers = Array.from({ length: others }, (_, k) => new TrainerShare(new BroadcastChannel(name), 1, `peer-${k}`, now))
    for (const peer of peers) peer.setTraining(true)
    // The peers beat on, as a real worker's timer makes it (a peer counts from its second beat).
    const beating = setInterval(() => peers.forEach((peer) => peer.beat()), BEAT_MS)
    return {
      share,
      peers,
      /** Resolves once every share has heard each peer's second beat. */
      ready: (async () => {
        while (share.current().trainers < others) await new Promise((resolve) => setTimeout(resolve, 20))
      })(),
      close: () => {
        clearInterval(beating)
        ;[share, ...peers].forEach((s) => s.close())
      },
    }
  }

  it('says in its frames how the machine is shared, and leaves the share while paused', async () => {
    const { share, peers, close, ready } = sharedCore('session-share-frames', 4)
    try {
      await ready
      const { session, messages, next, done } = startSession({}, {}, false, null, share)
      await next('started')
      while (!messages.some((m) => m.type === 'metrics' && m.frame.machineShare?.trainers === 5)) await new Promise((resolve) => setTimeout(resolve, 10))
      const frames = messages.flatMap((m) => (m.type === 'metrics' ? [m.frame] : []))
      expect(frames[frames.length - 1].machineShare).toEqual({ trainers: 5, cores: 1, duty: 0.1, mode: 'rests' })
      session.handle({ type: 'pause', runId: 'run-1' })
      await next('paused')
      await new Promise((resolve) => setTimeout(resolve, 30))
      // The peers no longer count it: four share the core.
      expect(peers[0].current().trainers).toBe(4)
      const stoppedAt = performance.now()
      session.stop()
      await done
      expect(performance.now() - stoppedAt).toBeLessThan(500)
    } finally {
      close()
    }
  })

  it('rests between iterations so that it computes about its duty of the time, and a stop ends a rest at once', async () => {
    const budget = 6000
    const alone = startSession({}, {}, true, budget)
    const aloneFigures = (await alone.next('finished')).figures
    await alone.done
    const { share, close, ready } = sharedCore('session-share-rest', 4)
    try {
      await ready
      // Duty 0.1: the same iterations take about ten times the wall time; at least three times, on a loaded machine too.
      const shared = startSession({}, {}, true, budget, share)
      const sharedFigures = (await shared.next('finished')).figures
      await shared.done
      expect(sharedFigures.steps).toBe(aloneFigures.steps)
      expect(sharedFigures.seconds).toBeGreaterThan(3 * aloneFigures.seconds)
      // A hidden page's run takes a quarter of that duty (0.025): the same steps take about four times as long again; at least twice.
      const hidden = startSession({}, {}, true, budget, share)
      hidden.session.pageHidden = true
      const hiddenFigures = (await hidden.next('finished')).figures
      await hidden.done
      expect(hiddenFigures.seconds).toBeGreaterThan(2 * sharedFigures.seconds)

      const endless = startSession({}, {}, true, null, share)
      await endless.next('started')
      await new Promise((resolve) => setTimeout(resolve, 100))
      const stoppedAt = performance.now()
      endless.session.stop()
      await endless.done
      // A rest lasts up to MAX_REST_MS (1 s); the stop ends it well before.
      expect(performance.now() - stoppedAt).toBeLessThan(600)
    } finally {
      close()
    }
  })
})

describe('TrainingSession.latestSegments', () => {
  it('cuts the run’s latest recorded steps into segments of its environment, and none for another environment', async () => {
    const messages: FromWorker[] = []
    const config = RunConfigSchema.parse({ env: { id: 'gridworld', params: {} }, mix: {}, learner: { kind: 'qlearning' }, seed: 2 })
    const session = new TrainingSession({ runId: 'run-2', config, post: (message) => messages.push(message) })
    expect(session.latestSegments('gridworld', 10)).toBeNull()
    const done = session.start()
    while (messages.filter((m) => m.type === 'metrics').length < 2) await new Promise((resolve) => setTimeout(resolve, 10))
    const segments = session.latestSegments('gridworld', 10)!
    expect(segments.length).toBeGreaterThan(2)
    for (const segment of segments) {
      expect(segment.actions.length).toBeGreaterThanOrEqual(1)
      expect(segment.actions.length).toBeLessThanOrEqual(10)
      expect(segment.states).toHaveLength(segment.actions.length + 1)
      // The gold is the grid's default reward: −1 a step (and −100 on a hazard).
      expect(segment.gold).toBeLessThanOrEqual(-segment.actions.length)
      expect(segment.features[0]).toBe(segment.actions.length)
    }
    expect(session.latestSegments('cartpole', 10)).toBeNull()
    session.stop()
    await done
  })
})
