import { errorMessage } from '../core/errorMessage'
import { ToWorkerSchema, type FromWorker } from './protocol'
import { TrainingSession } from './session'
import { SweepJob } from './sweepJob'
import { answerDrawPairs } from './pairDraws'
import { answerFitRewardModel } from './rewardModelFitting'
import type { TrainerShare } from './trainerShare'

type Post = (message: FromWorker, transfer?: Transferable[]) => void

export interface DispatcherDeps {
  post: Post
  /** Start TensorFlow.js on the backend asked for (or the best one), saying which and why. */
  initBackend(requested: string | undefined): Promise<{ backend: string; reason: string }>
  /** Run `task` after the messages already queued (a macrotask), so a burst of them settles first. */
  later(task: () => void): void
  /** The share of the browser's cores among its training workers, made at init with the page's core count; absent: runs compute all the time. */
  makeShare?: (cores: number | undefined) => TrainerShare | null
}

/**
 * The worker's message handling: validates every message from the page, owns at most one training
 * session, and reports the TensorFlow.js backend it chose. A start waits for the backend and then
 * for the messages queued behind it, so a burst of Start / Reset clicks builds only the run that is
 * current when the burst is over, not one trainer per click.
 */
export function createDispatcher({ post, initBackend, later, makeShare }: DispatcherDeps): (data: unknown) => void {
  let session: TrainingSession | null = null
  let backendReady: Promise<void> = Promise.resolve()
  let pageHidden = false
  let share: TrainerShare | null = null
  return (data) => {
    const parsed = ToWorkerSchema.safeParse(data)
    if (!parsed.success) {
      post({ type: 'ignored', message: `the training worker ignored a malformed message: ${parsed.error.issues[0]?.message ?? 'invalid'}` })
      return
    }
    const message = parsed.data
    switch (message.type) {
      case 'init':
        share ??= makeShare?.(message.cores) ?? null
        backendReady = initBackend(message.backend)
          .then(({ backend, reason }) => post({ type: 'backend', backend, reason }))
          .catch((error: unknown) => post({ type: 'backendError', message: errorMessage(error) }))
        return
      case 'pageVisibility':
        pageHidden = message.hidden
        if (session) session.pageHidden = pageHidden
        return
      case 'start': {
        session?.stop()
        const sweepJob = message.budget === undefined ? null : new SweepJob(message.budget)
        const starting = new TrainingSession({ runId: message.runId, config: message.config, post, lean: message.lean === true, sweepJob, share, pauseAt: message.pauseAt ?? null })
        starting.pageHidden = pageHidden
        session = starting
        void backendReady.then(() =>
          later(() => {
            if (session === starting) void starting.start()
          }),
        )
        return
      }
      case 'drawPairs':
        answerDrawPairs(message, session, backendReady, post)
        return
      case 'fitRewardModel':
        void answerFitRewardModel(message, backendReady, post)
        return
      default:
        if (session && session.runId === message.runId) session.handle(message)
    }
  }
}
