import type { ResolvedEnvironment } from '../core/envs/registry'
import { drawPreference, preferenceProbability } from '../core/preferences/labeler'
import { defaultSegmentSteps, RandomPolicySegments, type Segment } from '../core/preferences/segmentPairs'
import { Rng } from '../core/rng'
import type { DrawnSegment, DrawnSegmentPair } from './protocol'

/*
 * Pairs of trajectory segments for the Label pairs panel: the current policy's (the run's latest
 * recorded steps), or the uniform random policy's walk of the seed under the parameters
 * (segmentPairs.ts, as `preferences --env ID --seed S` walks it), kept between requests so that
 * every request gets fresh segments, each segment of the environment's default length. The
 * simulated labeler's labels draw from the walk's labels stream.
 */

let kept: { key: string; segments: RandomPolicySegments; labelRng: Rng } | null = null
/** The shuffles and labels of the current policy's segments draw from their own streams of the seed. */
let current: { seed: number; orderRng: Rng; labelRng: Rng } | null = null

function drawnSegment(segment: Segment): DrawnSegment {
  return { states: segment.states, actions: segment.actions, features: Array.from(segment.features), gold: segment.gold }
}

/** The pair of segments a and b of `envId`, labelled at the labeler's temperature (from `labelRng`) when one is asked for. */
function segmentPair(envId: string, featureNames: readonly string[], a: Segment, b: Segment, labeler: { temperature: number } | null, labelRng: Rng): DrawnSegmentPair {
  const pair: DrawnSegmentPair = { env: envId, featureNames: [...featureNames], a: drawnSegment(a), b: drawnSegment(b) }
  if (labeler !== null) pair.label = { probability: preferenceProbability(a.gold, b.gold, labeler.temperature), label: drawPreference(a.gold, b.gold, labeler.temperature, labelRng) }
  return pair
}

/** The next `count` pairs of the walk of `environment` and `seed`, labelled at `temperature` when a labeler is asked for. */
export function drawSegmentPairs(environment: ResolvedEnvironment, seed: number, count: number, labeler: { temperature: number } | null): DrawnSegmentPair[] {
  const key = JSON.stringify([environment.spec.id, environment.params, seed])
  if (kept === null || kept.key !== key) {
    const rng = new Rng(seed)
    const segments = new RandomPolicySegments(environment, rng)
    kept = { key, segments, labelRng: rng.split() }
  }
  const { segments, labelRng } = kept
  const steps = defaultSegmentSteps(environment.spec)
  return Array.from({ length: count }, () => {
    const a = segments.next(steps)
    const b = segments.next(steps)
    return segmentPair(environment.spec.id, segments.featureNames, a, b, labeler, labelRng)
  })
}

/**
 * Pairs of the current policy's segments (the run's latest recorded steps, cut by
 * RecordingEnv.segments): shuffled, then paired two by two, at most `count`; each request shuffles
 * afresh, so it pairs the segments differently even where the record has not moved on.
 */
export function drawCurrentSegmentPairs(
  envId: string,
  featureNames: readonly string[],
  segments: readonly Segment[],
  seed: number,
  count: number,
  labeler: { temperature: number } | null,
): DrawnSegmentPair[] {
  if (current === null || current.seed !== seed) {
    const rng = new Rng(seed)
    current = { seed, orderRng: rng.split(), labelRng: rng.split() }
  }
  const { orderRng, labelRng } = current
  const order = Array.from(segments.keys())
  orderRng.shuffle(order)
  const pairs: DrawnSegmentPair[] = []
  for (let k = 0; k + 1 < order.length && pairs.length < count; k += 2) pairs.push(segmentPair(envId, featureNames, segments[order[k]], segments[order[k + 1]], labeler, labelRng))
  return pairs
}
