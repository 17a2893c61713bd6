import type { EnvParams } from '../../core/envs/types'
import type { LearnerOptions } from '../../core/run/config'
import type { MetricsFrame } from '../../core/run/frame'
import { whyRewardChangeNeedsNewRun } from '../../core/run/liveChange'
import { learnerChangeNote, learnerFieldChanges, whyLearnerChangeNeedsNewRun } from '../../core/run/liveLearner'
import { learnerFieldLabel } from '../../model/learnerFields'
import { describeSchedule, type WeightSchedule } from '../../core/rewards/weightSchedule'
import { rewardDesignOf, runConfigOf, withReward, type Design, type RewardExtras } from '../../model/design'
import { EMPTY_RUN, isRunActive } from '../../model/runView'
import { MAX_NOTE_LENGTH, type DrawPairsRequest } from '../../worker/protocol'
import { answerRequest, openRequest, pairsOf } from './workerRequests'
import { createDrawQueue } from './drawInterval'
import { addExtraFrames, clearExtras, extraEvent, extraSeed, extrasStarting, extrasStopped, updateExtra, useSeedFleet } from './seedFleet'
import { usePlayground } from './store'
import { WorkerRun, type QueuedFrame, type RunControl, type RunEvent } from './workerRun'

/**
 * The page's side of the worker protocol: one WorkerRun per seed trained at once, created when
 * first needed and kept for the app's lifetime. runs[0] trains the main run (the design's seed),
 * whose frames and messages go to the page's store; runs[k] train seeds s + k beside it, whose
 * picture is the seed fleet's store. Every control reaches every run under its own run id.
 */
const runs: WorkerRun[] = []
let backendRequest: string | null = null
let runCounter = 0
let changeCounter = 0

/** The main run's frames, drawn together. */
const mainFrames = createDrawQueue<QueuedFrame>((queued) => {
  const frames = queued.filter((entry) => entry.run.runId === entry.runId).map((entry) => entry.frame)
  if (frames.length > 0) usePlayground.getState().addFrames(frames)
})

/** The extra seeds' frames, drawn together in one update of the fleet's store. */
const extraFrames = createDrawQueue<QueuedFrame>((queued) => {
  const byIndex = new Map<number, MetricsFrame[]>()
  for (const { run, runId, frame } of queued) {
    const index = runs.indexOf(run) - 1
    if (run.runId !== runId || index < 0) continue
    byIndex.set(index, [...(byIndex.get(index) ?? []), frame])
  }
  if (byIndex.size > 0) addExtraFrames(byIndex)
})

/** Frames held for the next drawing reach the store now: the page is hiding or closing, and its last checkpoint must have them. */
function drawHeldFrames(): void {
  mainFrames.flush()
  extraFrames.flush()
}

export function connectTrainingWorker(requestedBackend: string | null): void {
  if (runs.length > 0) return
  backendRequest = requestedBackend
  runs.push(
    new WorkerRun('trainer', requestedBackend, mainFrames, {
      event: mainRunEvent,
      crashed: (message) => usePlayground.getState().runEvent({ status: 'error', diagnosis: `the training worker crashed: ${message}; reload the page` }),
      // The first frame of a run is drawn at once (the run shows it started); later ones wait their turn.
      frameQueued: () => {
        if (usePlayground.getState().run.latest === null) mainFrames.flush()
      },
    }),
  )
  // Idle workers beyond the seeds the user now trains at once go: each holds a TensorFlow.js backend.
  useSeedFleet.subscribe((state) => releaseIdleWorkers(state.count))
  // A hidden page is watched by nobody: its workers send frames seldom (several tabs training at once stay responsive).
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) drawHeldFrames()
    for (const run of runs) run.pageVisibility(document.hidden)
  })
  window.addEventListener('pagehide', drawHeldFrames)
  if (document.hidden) runs[0].pageVisibility(true)
}

/** The TensorFlow.js backend the link asked for (null: the best one): the sweep's workers start it too. */
export function requestedBackend(): string | null {
  return backendRequest
}

/** The worker run of the k-th seed trained at once (k ≥ 1: an extra seed), created when first needed. */
function extraRun(k: number): WorkerRun {
  while (runs.length <= k) {
    const index = runs.length - 1
    runs.push(
      new WorkerRun(`trainer-seed-${runs.length + 1}`, backendRequest, extraFrames, {
        event: (message) => extraEvent(index, message),
        crashed: (message) => updateExtra(index, { status: 'error', diagnosis: `this seed's worker crashed: ${message}` }),
      }),
    )
    if (document.hidden) runs[runs.length - 1].pageVisibility(true)
  }
  return runs[k]
}

function releaseIdleWorkers(count: number): void {
  while (runs.length > Math.max(count, 1) && runs[runs.length - 1].runId === null) runs.pop()!.terminate()
}

/** Send a control to every run under way, each under its own run id. */
function control(message: RunControl): void {
  for (const run of runs) run.control(message)
}

/** A message of the main run (or of its worker) as the page's store takes it. */
function mainRunEvent(message: RunEvent): void {
  const store = usePlayground.getState()
  switch (message.type) {
    case 'backend':
      store.setBackend({ name: message.backend, reason: message.reason, error: null })
      return
    case 'backendError':
      store.setBackend({ name: null, reason: 'no TensorFlow.js backend could start', error: message.message })
      return
    case 'ignored':
      store.setNotice(message.message)
      return
    case 'error':
      store.runEvent({ status: 'error', diagnosis: message.message })
      return
    case 'started':
      // A pause pressed while the run was starting has already reached the worker: keep it.
      store.runEvent({ status: store.run.status === 'paused' ? 'paused' : 'running', learner: message.learner })
      return
    case 'designApplied':
      store.addMark({ envSteps: message.envSteps, at: Date.now(), changes: message.changed, changeId: message.changeId, ...(message.note ? { note: message.note } : {}) })
      return
    case 'refused':
      // A refused learner change: the panel and the link show the options the run still trains with.
      if (message.learner) store.setLearnerLive(message.learner)
      store.setNotice(`The change was not applied; the run goes on with the previous design: ${message.message}`)
      return
    case 'paused':
      store.runEvent({ status: 'paused', diagnosis: message.diagnosis, budgetPause: message.budget ?? null })
      return
    case 'resumed':
      store.runEvent({ status: 'running', diagnosis: null, budgetPause: null })
      return
    case 'stopped':
      if (store.run.status !== 'error') store.runEvent({ status: 'stopped' })
      return
    case 'pairs':
    case 'rewardModelFitted':
    case 'requestFailed':
      answerRequest(message)
      return
  }
}

/** Pairs to label from the main run's worker: its run's latest batch where it has one (`current`), else the start policy. */
export async function drawPairsFromWorker(request: Omit<DrawPairsRequest, 'type' | 'requestId'>): Promise<ReturnType<typeof pairsOf>> {
  const worker = runs[0]
  if (!worker) throw new Error('the training worker has not started yet; try again in a moment')
  const { requestId, answer } = openRequest()
  worker.request({ type: 'drawPairs', requestId, ...request })
  return pairsOf(await answer)
}

/**
 * Where a run of a design pauses by itself (a lesson's budget, where its evidence was measured): the
 * rule the lesson session sets (state/lessons/lessonSession.ts); none without one.
 */
let budgetOfDesign: (design: Design) => number | null = () => null

export function setRunBudgetRule(rule: (design: Design) => number | null): void {
  budgetOfDesign = rule
}

/** The budget the page's runs were last told to pause at, with the main run it was told for. */
let budgetTold: { runId: string; steps: number | null } | null = null

/**
 * Tell the page's runs (the main one and the extra seeds) where to pause from now on, or that they
 * pause nowhere (null); nothing is sent where the main run was already told the same.
 */
export function setRunBudget(steps: number | null): void {
  const runId = usePlayground.getState().run.runId
  if (runId === null || (budgetTold?.runId === runId && budgetTold.steps === steps)) return
  budgetTold = { runId, steps }
  control({ type: 'setPauseAt', steps })
}

/** Start the design: the main run with its seed, and as many extra seeds as the user trains at once; each pauses at the design's budget where it has one. */
export function startRun(): void {
  const { design } = usePlayground.getState()
  const runId = `run-${++runCounter}`
  const config = runConfigOf(design)
  const budget = budgetOfDesign(design)
  const pauseAt = budget ?? undefined
  leaveExtraRuns()
  budgetTold = { runId, steps: budget }
  usePlayground.getState().runStarting(runId)
  runs[0]?.start(runId, config, { pauseAt })
  const { count } = useSeedFleet.getState()
  extrasStarting(config.seed, count)
  for (let k = 1; k < count; k++) {
    const seed = extraSeed(config.seed, k)
    extraRun(k).start(`${runId}:seed-${seed}`, { ...config, seed }, { lean: true, pauseAt })
  }
}

export function pauseRun(): void {
  control({ type: 'pause' })
}

export function resumeRun(): void {
  control({ type: 'resume' })
}

/**
 * One update, then a pause (every seed trained at once steps once): a paused run trains one more
 * iteration from where it is; where no run is under way, a fresh one starts and pauses after its
 * first. A run training or starting is left alone (its worker would ignore the step too).
 */
export function stepRun(): void {
  const { status } = usePlayground.getState().run
  if (status === 'running' || status === 'starting') return
  if (status !== 'paused') startRun()
  control({ type: 'step' })
}

/** Stop every run; the extra seeds' curves stay (they can still be pinned). */
function stopRuns(): void {
  for (const run of runs) run.leave()
  extrasStopped()
}

function leaveExtraRuns(): void {
  for (const run of runs.slice(1)) run.leave()
}

/** Stop the run and clear its curves. */
export function resetRun(): void {
  for (const run of runs) run.leave()
  clearExtras()
  usePlayground.setState({ run: EMPTY_RUN })
}

/** Change one weight; a running run picks it up from its next rollout. */
export function changeWeight(name: string, weight: number): void {
  const store = usePlayground.getState()
  store.setWeight(name, weight)
  if (store.run.runId && isRunActive(store.run.status)) control({ type: 'setWeights', changeId: ++changeCounter, weights: { [name]: weight } })
}

/**
 * Make one weight follow a schedule (already validated), or constant again (null); a running run
 * samples it from its next iteration on, marked on the chart like a weight change.
 */
export function changeSchedule(name: string, schedule: WeightSchedule | null): void {
  const store = usePlayground.getState()
  store.setSchedule(name, schedule)
  if (!store.run.runId || !isRunActive(store.run.status)) return
  const note = `schedule of ${name} = ${schedule === null ? 'none (constant)' : describeSchedule(schedule)}`
  control({ type: 'setSchedules', changeId: ++changeCounter, schedules: usePlayground.getState().design.schedules ?? {}, note: note.slice(0, MAX_NOTE_LENGTH) })
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
  if (refusal === null && store.run.runId && before !== usePlayground.getState().design.params) stopRuns()
  return refusal
}

/**
 * Whether changing the learner to `learner` reaches the running run live (liveLearner.ts: the GRPO
 * family's estimator, loss, clip, KL, sampling and step options) instead of starting it over.
 */
export function learnerChangeIsLive(learner: LearnerOptions): boolean {
  const { run, design } = usePlayground.getState()
  return run.runId !== null && isRunActive(run.status) && whyLearnerChangeNeedsNewRun(design.learner, learner) === null
}

/** Why changing the learner to `learner` starts the running run over, in words; undefined where there is no running run. */
export function whyLearnerChangeRestarts(learner: LearnerOptions): string | undefined {
  const { run, design } = usePlayground.getState()
  if (run.runId === null || !isRunActive(run.status)) return undefined
  return whyLearnerChangeNeedsNewRun(design.learner, learner) ?? undefined
}

/**
 * Choose the learner. A running run takes a live-switchable change from its next update on, marked
 * on the chart with the options it changed; any other change stops the run (its curves belong to
 * another learner).
 */
export function changeLearner(learner: LearnerOptions): void {
  const store = usePlayground.getState()
  if (!learnerChangeIsLive(learner)) {
    resetRun()
    store.setLearner(learner)
    return
  }
  const changes = learnerFieldChanges(store.design.learner, learner)
  store.setLearnerLive(learner)
  // An absent field set to what its absence means changes nothing the run does.
  if (changes.length === 0) return
  // Named as the Learner panel names each option, so the mark reads as the panel does.
  control({ type: 'updateLearner', changeId: ++changeCounter, learner, note: shortened(learnerChangeNote(changes, (path) => learnerFieldLabel(learner.kind, path))) })
}

/** A mark's note within what the worker accepts. */
function shortened(note: string): string {
  return note.length > MAX_NOTE_LENGTH ? `${note.slice(0, MAX_NOTE_LENGTH - 1)}…` : note
}

/**
 * Why changing the reward to `reward` would start the run there is over (changeReward does then):
 * a stopped run, or the live-change rule (core/run/liveChange.ts); null where the change reaches
 * the run live, there is no run, or the change has problems (changeReward's to name).
 */
function whyRewardChangeRestarts(reward: RewardExtras): string | null {
  const { run, design, spec } = usePlayground.getState()
  if (run.runId === null) return null
  const after = withReward(design, reward)
  if (!after.ok) return null
  if (!isRunActive(run.status)) return 'the run has stopped, so a changed reward is a new run'
  return whyRewardChangeNeedsNewRun(design.learner.kind, { spec, design: design.reward }, { spec: after.spec, design: after.reward })
}

/** Why changing the reward to `reward` would clear the curve on screen (see whyRewardChangeRestarts), or null where no curve is lost. */
export function rewardChangeRestarts(reward: RewardExtras): string | null {
  return usePlayground.getState().run.series.length === 0 ? null : whyRewardChangeRestarts(reward)
}

/**
 * Change what the reward adds (terms, shaping, bonuses, transforms); returns every problem, or an
 * empty list. A running run takes the change live from its next rollout, marked on the chart, even
 * when a component is added or removed; where whyRewardChangeRestarts names a reason, the run
 * starts over.
 */
export function changeReward(reward: RewardExtras, note: string): string[] {
  const store = usePlayground.getState()
  const { runId, status } = store.run
  const restarts = whyRewardChangeRestarts(reward) !== null
  const problems = store.setReward(reward)
  if (problems.length > 0 || runId === null) return problems
  if (!restarts) {
    control({ type: 'setReward', changeId: ++changeCounter, design: rewardDesignOf(usePlayground.getState().design), note: shortened(note) })
  } else {
    const wasRunning = status === 'running' || status === 'starting'
    resetRun()
    if (wasRunning) startRun()
  }
  return problems
}
