import { allocateStepBuffers, type BatchEnv, type EnvSpec, type StepBuffers } from '../envs/types'
import type { ResolvedEnvironment } from '../envs/registry'
import { Rng } from '../rng'
import { drawPreference, preferenceProbability } from './labeler'
import { MAX_SEGMENT_STEPS } from './limits'
import { stepFeaturesFor, type StepFeatures } from './stepFeatures'

/*
 * Pairs of trajectory segments (Christiano et al. 2017): k consecutive steps of one copy of the
 * environment under the uniform random policy (the start policy this stage offers: seeded, the
 * same for every learner), each segment cut short where its episode ends. The policy's walk goes
 * on from segment to segment; before each, it takes a further 0 … k − 1 steps (one uniform draw),
 * so that segments start anywhere in an episode rather than in step with the last one.
 *
 * A segment's features are Σ_t f(s′_t) over its steps (stepFeatures.ts), and its gold is the sum
 * over its steps of the environment's default reward, Σ_t Σ_c w_c·r_c,t at the spec's default
 * weights: on CartPole that is +1 a step, the balance time the segment adds to its episode (the
 * objective, per step); on a grid it is −1 a step and −100 a hazard (the goal pays 0 at default
 * weights, so a random walk's segments mostly tie, and a labeler at T > 0 flips a coin on them).
 * The labeler prefers a to b with P(a ≻ b) = σ((g_a − g_b)/T) (labeler.ts).
 *
 * Streams of Rng(seed): the environment's, the policy's and the labels', split in that order.
 */

export interface Segment {
  /** The state before the segment's first step, then the state each step reached: steps + 1 states. */
  states: number[][]
  actions: number[]
  /** Σ_t f(s′_t), in the environment's step-feature order. */
  features: Float64Array
  /** Σ_t of the default reward. */
  gold: number
}

export interface LabelledSegmentPair {
  a: Segment
  b: Segment
  /** The labeler's P(a ≻ b). */
  probability: number
  label: 'a' | 'b'
}

export interface SegmentPairsRequest {
  environment: ResolvedEnvironment
  seed: number
  count: number
  /** k, the steps of a segment (fewer where its episode ends). */
  segmentSteps: number
  temperature: number
}

/** k when none is given: 25 steps (half a second) on CartPole, as Christiano et al.'s short clips; 10 on a grid. */
export function defaultSegmentSteps(spec: Pick<EnvSpec, 'grid'>): number {
  return spec.grid === undefined ? 25 : 10
}

/** Why k is no segment length, or null when it is one. */
export function segmentStepsProblem(steps: number): string | null {
  return Number.isInteger(steps) && steps >= 1 && steps <= MAX_SEGMENT_STEPS ? null : `a segment is a whole number of steps from 1 to ${MAX_SEGMENT_STEPS}, got ${steps}`
}

/** One copy under the uniform random policy, walked on from segment to segment. */
export class RandomPolicySegments {
  private readonly env: BatchEnv
  private readonly features: StepFeatures
  private readonly out: StepBuffers
  private readonly action = new Int32Array(1)
  private readonly defaultWeights: number[]
  private readonly envRng: Rng
  private readonly policyRng: Rng
  private readonly stateSize: number

  constructor(
    { definition, params, spec }: ResolvedEnvironment,
    rng: Rng,
  ) {
    const features = stepFeaturesFor(spec)
    if (features === null) throw new Error(`${spec.id} declares no step features for segments`)
    this.features = features
    this.env = definition.create(1, params)
    this.out = allocateStepBuffers(spec, 1)
    this.defaultWeights = spec.components.map((component) => component.defaultWeight)
    this.stateSize = spec.stateVars.length
    this.envRng = rng.split()
    this.policyRng = rng.split()
    this.env.reset(this.envRng, new Float32Array(spec.obsSize))
  }

  /** The names of the features a segment sums. */
  get featureNames(): readonly string[] {
    return this.features.names
  }

  /** The next segment of at most `steps` steps. */
  next(steps: number): Segment {
    const problem = segmentStepsProblem(steps)
    if (problem !== null) throw new Error(problem)
    const skip = this.policyRng.int(steps)
    for (let j = 0; j < skip; j++) this.step()
    const features = new Float64Array(this.features.names.length)
    const perStep = new Float64Array(features.length)
    const states = [Array.from(this.env.state)]
    const actions: number[] = []
    let gold = 0
    for (let t = 0; t < steps; t++) {
      const { reward, ended } = this.step()
      const reached = ended ? this.out.finalState : this.env.state
      this.features.featuresOf(reached, 0, perStep, 0)
      for (let f = 0; f < features.length; f++) features[f] += perStep[f]
      states.push(Array.from(reached.subarray(0, this.stateSize)))
      actions.push(this.action[0])
      gold += reward
      if (ended) break
    }
    return { states, actions, features, gold }
  }

  /** One uniform action; the step's default reward Σ_c w_c·r_c and whether it ended the episode (the copy resets itself). */
  private step(): { reward: number; ended: boolean } {
    this.action[0] = this.policyRng.int(this.env.spec.numActions)
    this.env.step(this.action, this.out, this.envRng, true)
    let reward = 0
    this.defaultWeights.forEach((weight, c) => (reward += weight * this.out.components[c]))
    return { reward, ended: this.out.terminated[0] === 1 || this.out.truncated[0] === 1 }
  }
}

/** `count` labelled pairs of segments, two consecutive segments of the walk a pair. */
export function* segmentPreferencePairs({ environment, seed, count, segmentSteps, temperature }: SegmentPairsRequest): Generator<LabelledSegmentPair> {
  const rng = new Rng(seed)
  const segments = new RandomPolicySegments(environment, rng)
  const labelRng = rng.split()
  for (let i = 0; i < count; i++) {
    const a = segments.next(segmentSteps)
    const b = segments.next(segmentSteps)
    yield { a, b, probability: preferenceProbability(a.gold, b.gold, temperature), label: drawPreference(a.gold, b.gold, temperature, labelRng) }
  }
}
