import { resolveEnvironment } from '../core/envs/registry'
import { errorMessage } from '../core/errorMessage'
import { labelTokenPair } from '../core/preferences/biasedLabeler'
import { FEATURED_ENVIRONMENTS } from '../core/preferences/completionFeatures'
import { Rng } from '../core/rng'
import { StartPolicyPairs } from '../learn/startPolicyPairs'
import { STEP_FEATURED_ENVIRONMENTS, stepFeaturesFor } from '../core/preferences/stepFeatures'
import { defaultSegmentSteps } from '../core/preferences/segmentPairs'
import type { DrawnPair, DrawPairsRequest, FromWorker } from './protocol'
import { drawCurrentSegmentPairs, drawSegmentPairs } from './segmentDraws'
import type { LabelSource } from './runLabelSource'

/*
 * The worker's answer to drawPairs. `current`: the latest batch of the run the worker trains,
 * where that run has one (a GRPO run on the token task after its first update; its completions of
 * one prompt are paired as the preferences command pairs them), the first `count` of its pairs.
 * Otherwise, and for `start`, the start policy of the seed under the parameters, kept between
 * requests so that every request gets fresh pairs (StartPolicyPairs). Requests are answered one at
 * a time, in order. On CartPole and the grid worlds the pairs are of trajectory segments
 * (segmentDraws.ts): `current`, of the run's latest recorded steps where the worker trains a run of
 * that environment with at least two segments recorded; otherwise of the start (uniform random)
 * policy's walk.
 */

/** The source kept for the start policy, and which parameters and seed it is of. */
let kept: { key: string; pairs: Promise<StartPolicyPairs> } | null = null
let queue: Promise<void> = Promise.resolve()
/** Labels of the current policy's pairs draw from their own stream, one uniform a pair. */
let currentLabels: { seed: number; rng: Rng } | null = null

export function answerDrawPairs(request: DrawPairsRequest, run: LabelSource | null, backendReady: Promise<void>, post: (message: FromWorker) => void): void {
  queue = queue.then(async () => {
    try {
      post({ type: 'pairs', requestId: request.requestId, ...(await draw(request, run, backendReady)) })
    } catch (error) {
      post({ type: 'requestFailed', requestId: request.requestId, message: errorMessage(error) })
    }
  })
}

async function draw(request: DrawPairsRequest, run: LabelSource | null, backendReady: Promise<void>): Promise<{ source: 'current' | 'start'; pairs: DrawnPair[] }> {
  if (request.env !== undefined && !FEATURED_ENVIRONMENTS.includes(request.env)) {
    if (!STEP_FEATURED_ENVIRONMENTS.includes(request.env)) throw new Error(`${request.env} has no pairs to label; accepted: ${FEATURED_ENVIRONMENTS.join(', ')} (completions), ${STEP_FEATURED_ENVIRONMENTS.join(', ')} (trajectory segments)`)
    if ((request.labeler?.biases.length ?? 0) > 0) throw new Error(`the labeler's biases (length, format, a token) are the token task's; a labeler of ${request.env}'s segments judges by their gold alone, so set every bias to 0`)
    const environment = resolveEnvironment(request.env, request.params)
    const labeler = request.labeler ? { temperature: request.labeler.temperature } : null
    const steps = defaultSegmentSteps(environment.spec)
    const recorded = request.source === 'current' ? (run?.latestSegments(request.env, steps) ?? null) : null
    if (recorded !== null && recorded.length >= 2) {
      return { source: 'current', pairs: drawCurrentSegmentPairs(request.env, stepFeaturesFor(environment.spec)!.names, recorded, request.seed, request.count, labeler) }
    }
    return { source: 'start', pairs: drawSegmentPairs(environment, request.seed, request.count, labeler) }
  }
  const { params } = resolveEnvironment('tokenseq', request.params)
  const latest = request.source === 'current' ? (run?.latestPairs() ?? null) : null
  if (latest !== null && latest.length > 0) {
    if (currentLabels === null || currentLabels.seed !== request.seed) currentLabels = { seed: request.seed, rng: new Rng(request.seed).split() }
    const rng = currentLabels.rng
    const labeler = request.labeler
    const pairs = latest.slice(0, request.count).map(([a, b]) => (labeler ? { a, b, label: labelTokenPair(a, b, labeler.temperature, labeler.biases, rng) } : { a, b }))
    return { source: 'current', pairs }
  }
  await backendReady
  const key = JSON.stringify([params, request.seed])
  if (kept === null || kept.key !== key) {
    const previous = kept
    kept = { key, pairs: StartPolicyPairs.create(params, request.seed) }
    void previous?.pairs.then((source) => source.dispose(), () => undefined)
  }
  const source = await kept.pairs.catch((error: unknown) => {
    kept = null
    throw error
  })
  return { source: 'start', pairs: await source.draw(request.count, request.labeler ?? null) }
}
