import { z } from 'zod'

/*
 * Per-component reward transforms. A chain of them is data (TransformSchema, applied in order);
 * createTransformChain turns it into small stateful processors over N environment copies that see
 * one step at a time, so they fit every learner's step loop. `redistribute` is the exception: it
 * needs the whole episode, so it runs over a finished rollout segment (redistributeEpisodes) and
 * only learners that collect a [T × n] segment before they update (PPO, REINFORCE, GRPO) can use
 * it; online learners (Q-learning, SARSA, …) must refuse a chain that holds it. `par` compares an
 * episode's reward with the environment's reference answer to its prompt, so its processor also reads
 * the states that ended the step's episodes (FinalStates), which the chain passes on.
 */

/**
 * z.strictObject whose problems say what is accepted: an unknown key lists the known ones, and a
 * value that is not an object names what was expected. `what` names the object in messages.
 */
export function describedObject<T extends z.ZodRawShape>(shape: T, what: string) {
  const keys = Object.keys(shape).join(', ')
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} in ${what}; accepted: ${keys}`
      }
      if (issue.code === 'invalid_type') return `expected ${what}: an object with ${keys}`
      return undefined
    },
  })
}

/** −0 becomes 0: JSON writes −0 as 0, so keeping it would break the export → import round trip. */
const withoutNegativeZero = (x: number) => x + 0

/** A finite number (zod 4 refuses NaN and ±Infinity), with one message for every failure. */
export function finiteNumber(accepted = 'a finite number') {
  return z.number({ error: `expected ${accepted}` }).transform(withoutNegativeZero)
}

/** A number in [lo, hi] (an integer when asked), with one message naming the range for every failure. */
export function numberIn(lo: number, hi: number, options: { integer?: boolean; above?: boolean } = {}) {
  const accepted = `${options.integer ? 'an integer' : 'a number'} ${options.above ? `above ${lo} and up to ${hi}` : `from ${lo} to ${hi}`}`
  let schema = z.number({ error: `expected ${accepted}` })
  if (options.integer) schema = schema.int({ error: `expected ${accepted}` })
  schema = options.above ? schema.gt(lo, { error: `expected ${accepted}` }) : schema.min(lo, { error: `expected ${accepted}` })
  return schema.max(hi, { error: `expected ${accepted}` }).transform(withoutNegativeZero)
}

export const ScaleTransformSchema = describedObject({ kind: z.literal('scale'), factor: finiteNumber().default(1) }, 'a scale transform')

export const ClipTransformSchema = describedObject({ kind: z.literal('clip'), lo: finiteNumber().default(-1), hi: finiteNumber().default(1) }, 'a clip transform').refine(
  (t) => t.lo <= t.hi,
  { message: 'lo must not exceed hi (accepted: lo ≤ hi)', path: ['lo'] },
)

export const NormalizeTransformSchema = describedObject(
  { kind: z.literal('normalize'), gamma: numberIn(0, 1).default(0.99), epsilon: numberIn(0, 1, { above: true }).default(1e-8) },
  'a normalize transform',
)

export const BoundedTransformSchema = describedObject({ kind: z.literal('bounded'), reference: finiteNumber().default(0) }, 'a bounded transform')

export const ParTransformSchema = describedObject({ kind: z.literal('par') }, 'a par transform')

export const DelayTransformSchema = describedObject({ kind: z.literal('delay') }, 'a delay transform')

export const RedistributeTransformSchema = describedObject({ kind: z.literal('redistribute') }, 'a redistribute transform')

export const TRANSFORM_KINDS = ['scale', 'clip', 'normalize', 'bounded', 'par', 'delay', 'redistribute'] as const

export const TransformSchema = z.discriminatedUnion(
  'kind',
  [ScaleTransformSchema, ClipTransformSchema, NormalizeTransformSchema, BoundedTransformSchema, ParTransformSchema, DelayTransformSchema, RedistributeTransformSchema],
  {
    error: (issue) =>
      issue.code === 'invalid_union' || issue.code === 'invalid_type' ? `expected a transform, an object with a kind; accepted: ${TRANSFORM_KINDS.join(', ')}` : undefined,
  },
)
export type Transform = z.infer<typeof TransformSchema>
export type TransformKind = Transform['kind']

/** The transforms that keep no state across steps: a value's image depends on the value alone. */
const STATELESS_KINDS: readonly TransformKind[] = ['scale', 'clip']

/**
 * Problems of a chain's order: redistribute needs whole episodes, so it can only come last; par
 * passes its reference through the transforms before it, so only stateless ones may precede it.
 */
export function transformChainProblems(chain: readonly Transform[]): string[] {
  const problems: string[] = []
  chain.forEach((transform, index) => {
    if (transform.kind === 'redistribute' && index !== chain.length - 1) {
      problems.push(`redistribute must be the last transform of a chain (it is number ${index + 1} of ${chain.length}): it works on whole finished episodes`)
    }
    if (transform.kind === 'par') {
      // (A redistribute before par has its own problem above.)
      const stateful = chain.slice(0, index).find((before) => !STATELESS_KINDS.includes(before.kind) && before.kind !== 'redistribute')
      if (stateful) {
        problems.push(
          `par (number ${index + 1} of ${chain.length}) must not follow ${stateful.kind}: the reference answer's score passes through the transforms before par, and ${stateful.kind} keeps state across steps; accepted before par: ${STATELESS_KINDS.join(', ')}`,
        )
      }
    }
  })
  return problems
}

/** The transforms that apply to one value standing for a whole episode (applyStatelessTransforms). */
const WHOLE_EPISODE_KINDS: readonly TransformKind[] = [...STATELESS_KINDS, 'bounded']

/**
 * The transforms that need no history applied in order to one value, as their processors apply
 * them to a step's: what par's reference answer's score becomes on its way to par (scale and clip
 * only, transformChainProblems sees to that), and what a completion's score in a rollout file
 * becomes. bounded pays σ(R − r_ref) on the sum R of an episode's steps, so it applies only to a
 * value that is a whole episode's sum, as a completion's score is.
 */
export function applyStatelessTransforms(chain: readonly Transform[], value: number): number {
  let x = value
  for (const transform of chain) {
    // scale: x ← x·k; clip: x ← min(max(x, lo), hi); bounded: x ← σ(x − r_ref) = 1 / (1 + e^{−(x − r_ref)})
    if (transform.kind === 'scale') x *= transform.factor
    else if (transform.kind === 'clip') x = Math.min(Math.max(x, transform.lo), transform.hi)
    else if (transform.kind === 'bounded') x = 1 / (1 + Math.exp(-(x - transform.reference)))
    else throw new Error(`${transform.kind} keeps state across steps: only ${WHOLE_EPISODE_KINDS.join(', ')} apply to a single value`)
  }
  return x
}

/** The internal states that ended each copy's episode (StepBuffers.finalState), `size` values per copy; valid where an episode ended. */
export interface FinalStates {
  readonly state: ArrayLike<number>
  readonly size: number
}

/** A component's reference value for the copy state at `offset` of `state` (par's r_ref before its chain's earlier transforms). */
export type ReferenceOf = (state: ArrayLike<number>, offset: number) => number

/**
 * One online transform over n copies. `apply` rewrites values[offset + i·stride] for every copy i
 * in place (so it can work straight on a row-major n × K component buffer); `terminated` and
 * `truncated` are the step's episode ends, n each; `finals` the states that ended them (only par
 * reads them).
 */
export interface TransformProcessor {
  readonly kind: TransformKind
  apply(values: Float64Array, terminated: ArrayLike<number>, truncated: ArrayLike<number>, offset?: number, stride?: number, finals?: FinalStates): void
  /** Forget all state (a new run). */
  reset(): void
}

class ScaleProcessor implements TransformProcessor {
  readonly kind = 'scale'
  constructor(
    private readonly n: number,
    private readonly factor: number,
  ) {}
  apply(values: Float64Array, _terminated: ArrayLike<number>, _truncated: ArrayLike<number>, offset = 0, stride = 1): void {
    // c ← c·k
    for (let i = 0; i < this.n; i++) values[offset + i * stride] *= this.factor
  }
  reset(): void {}
}

class ClipProcessor implements TransformProcessor {
  readonly kind = 'clip'
  constructor(
    private readonly n: number,
    private readonly lo: number,
    private readonly hi: number,
  ) {}
  apply(values: Float64Array, _terminated: ArrayLike<number>, _truncated: ArrayLike<number>, offset = 0, stride = 1): void {
    // c ← min(max(c, lo), hi)
    for (let i = 0; i < this.n; i++) {
      const j = offset + i * stride
      values[j] = Math.min(Math.max(values[j], this.lo), this.hi)
    }
  }
  reset(): void {}
}

/**
 * Gymnasium's NormalizeReward (the vector wrapper, identical to the single-env one at n = 1):
 * per copy a discounted return G ← γ·(1 − terminated)·G + r; its running mean and variance over all
 * copies and steps (RunningMeanStd: starts at mean 0, var 1, count 1e-4, and takes the n returns of
 * each step as one batch by the parallel update of Chan et al.); the reward is divided by
 * √(var + ε), not centred. Note what Gymnasium really does at an episode end: the return is zeroed
 * on the terminating step itself, before that step's reward is added (so the terminal reward opens
 * the next accumulation), and a time-limit cut (truncated) does not zero it at all. We keep both.
 */
export class NormalizeProcessor implements TransformProcessor {
  readonly kind = 'normalize'
  /** The discounted return G of each copy. */
  readonly returns: Float64Array
  mean = 0
  variance = 1
  count = 1e-4

  constructor(
    private readonly n: number,
    private readonly gamma: number,
    private readonly epsilon: number,
  ) {
    this.returns = new Float64Array(n)
  }

  apply(values: Float64Array, terminated: ArrayLike<number>, _truncated: ArrayLike<number>, offset = 0, stride = 1): void {
    const { n, gamma, returns } = this
    // G_i ← γ·(1 − terminated_i)·G_i + r_i
    for (let i = 0; i < n; i++) returns[i] = returns[i] * gamma * (1 - terminated[i]) + values[offset + i * stride]
    this.update()
    // r ← r / √(var + ε)
    const scale = 1 / Math.sqrt(this.variance + this.epsilon)
    for (let i = 0; i < n; i++) values[offset + i * stride] *= scale
  }

  /** Fold this step's n returns into the running moments as one batch (parallel algorithm). */
  private update(): void {
    const { n, returns } = this
    let sum = 0
    for (let i = 0; i < n; i++) sum += returns[i]
    const batchMean = sum / n
    let squares = 0
    for (let i = 0; i < n; i++) squares += (returns[i] - batchMean) ** 2
    const batchVariance = squares / n
    // δ = x̄_b − μ; N = n_a + n_b; μ ← μ + δ·n_b/N; σ² ← (σ²·n_a + σ_b²·n_b + δ²·n_a·n_b/N)/N
    const delta = batchMean - this.mean
    const total = this.count + n
    this.mean = this.mean + (delta * n) / total
    const m2 = this.variance * this.count + batchVariance * n + (delta * delta * this.count * n) / total
    this.variance = m2 / total
    this.count = total
  }

  reset(): void {
    this.returns.fill(0)
    this.mean = 0
    this.variance = 1
    this.count = 1e-4
  }
}

/**
 * A reward bounded at a reference, paid once at the episode's end: σ(R − r_ref), R the component's
 * episode sum. Step by step the sum is held until the episode ends (terminated or cut) and paid
 * there bounded; the steps before pay 0. (Bounding every step would pay σ(0 − r_ref) for each step
 * of a reward paid only at the end: a reward for length.) Two kinds share it:
 *   bounded, constant reference: one r_ref for every prompt and episode, the shape of Fu et al.
 *     2025's "preference as reward" without its per-prompt reference;
 *   par (PAR, Fu et al. 2025): r_ref = R_ref, the same component's score of the environment's
 *     reference answer to that episode's prompt, read from the state that ended it and passed
 *     through the chain's transforms before par (built by createTransformChain). The paper averages
 *     σ(R − R_ref,m) over references sampled from the SFT policy; ours is one fixed answer per
 *     prompt (docs/references.md).
 */
class SigmoidAtEndProcessor implements TransformProcessor {
  /** Reward held so far in each copy's running episode. */
  private readonly held: Float64Array
  constructor(
    readonly kind: 'bounded' | 'par',
    private readonly n: number,
    /** r_ref of copy i's ended episode: a constant, or read from the state that ended it. */
    private readonly reference: number | ReferenceOf,
  ) {
    this.held = new Float64Array(n)
  }
  apply(values: Float64Array, terminated: ArrayLike<number>, truncated: ArrayLike<number>, offset = 0, stride = 1, finals?: FinalStates): void {
    for (let i = 0; i < this.n; i++) {
      const j = offset + i * stride
      this.held[i] += values[j]
      if (terminated[i] || truncated[i]) {
        // c_T ← σ(Σ_{t ≤ T} c_t − r_ref) = 1 / (1 + e^{−(Σ c_t − r_ref)}); c_t ← 0 for t < T
        values[j] = 1 / (1 + Math.exp(-(this.held[i] - this.referenceOf(i, finals))))
        this.held[i] = 0
      } else {
        values[j] = 0
      }
    }
  }
  reset(): void {
    this.held.fill(0)
  }
  private referenceOf(i: number, finals: FinalStates | undefined): number {
    if (typeof this.reference === 'number') return this.reference
    if (!finals) throw new Error('par needs the state that ended each episode (its prompt), and none was passed')
    return this.reference(finals.state, i * finals.size)
  }
}

/** Holds each copy's reward until its episode ends (terminated or cut) and pays the sum on that step. */
export class DelayProcessor implements TransformProcessor {
  readonly kind = 'delay'
  /** Reward held so far in each copy's running episode. */
  readonly held: Float64Array
  constructor(private readonly n: number) {
    this.held = new Float64Array(n)
  }
  apply(values: Float64Array, terminated: ArrayLike<number>, truncated: ArrayLike<number>, offset = 0, stride = 1): void {
    // c_t ← 0 before the end; c_T ← Σ_{t ≤ T} c_t on the final step
    for (let i = 0; i < this.n; i++) {
      const j = offset + i * stride
      this.held[i] += values[j]
      if (terminated[i] || truncated[i]) {
        values[j] = this.held[i]
        this.held[i] = 0
      } else {
        values[j] = 0
      }
    }
  }
  reset(): void {
    this.held.fill(0)
  }
}

/**
 * An online processor for one transform; redistribute has none (see redistributeEpisodes). par needs
 * `reference`, its component's reference value as it reaches par.
 */
export function createTransformProcessor(transform: Transform, n: number, reference?: ReferenceOf): TransformProcessor {
  switch (transform.kind) {
    case 'scale':
      return new ScaleProcessor(n, transform.factor)
    case 'clip':
      return new ClipProcessor(n, transform.lo, transform.hi)
    case 'normalize':
      return new NormalizeProcessor(n, transform.gamma, transform.epsilon)
    case 'bounded':
      return new SigmoidAtEndProcessor('bounded', n, transform.reference)
    case 'par':
      if (!reference) throw new Error('par needs its component’s score of the environment’s reference answer, and this component has none')
      return new SigmoidAtEndProcessor('par', n, reference)
    case 'delay':
      return new DelayProcessor(n)
    case 'redistribute':
      throw new Error('redistribute has no online processor: it needs whole episodes, use redistributeEpisodes over a finished rollout segment')
  }
}

/** A chain of transforms for one component over n copies: the online ones, then maybe redistribute. */
export interface TransformChain {
  readonly transforms: readonly Transform[]
  readonly processors: readonly TransformProcessor[]
  /** Whether the chain ends with redistribute: the learner must call redistributeEpisodes on its segment. */
  readonly redistribute: boolean
  /** Apply the online processors in order, in place (see TransformProcessor.apply). */
  apply(values: Float64Array, terminated: ArrayLike<number>, truncated: ArrayLike<number>, offset?: number, stride?: number, finals?: FinalStates): void
  reset(): void
}

/**
 * The chain of `transforms` over n copies. `reference` is the component's raw score of the
 * environment's reference answer, which a par in the chain needs: par compares with it after the
 * chain's transforms before par (scale, clip) have applied to it as they apply to the reward.
 */
export function createTransformChain(transforms: readonly Transform[], n: number, reference?: ReferenceOf): TransformChain {
  const problems = transformChainProblems(transforms)
  if (problems.length > 0) throw new Error(problems.join('; '))
  const redistribute = transforms.length > 0 && transforms[transforms.length - 1].kind === 'redistribute'
  const online = redistribute ? transforms.slice(0, -1) : transforms
  const processors = online.map((transform, index) => {
    if (transform.kind !== 'par' || !reference) return createTransformProcessor(transform, n)
    const before = online.slice(0, index)
    return createTransformProcessor(transform, n, (state, offset) => applyStatelessTransforms(before, reference(state, offset)))
  })
  return {
    transforms,
    processors,
    redistribute,
    apply(values, terminated, truncated, offset = 0, stride = 1, finals) {
      for (const processor of processors) processor.apply(values, terminated, truncated, offset, stride, finals)
    },
    reset() {
      for (const processor of processors) processor.reset()
    },
  }
}

export interface RedistributeOptions {
  /**
   * What to do with each copy's last, unfinished episode in the segment (no done yet):
   * 'spread' (default) spreads its in-segment sum over its in-segment steps; 'keep' leaves it as is.
   */
  unfinished?: 'spread' | 'keep'
}

/**
 * Uniform return redistribution over a finished rollout segment, in place: for every episode of
 * every copy, each of its L steps gets G/L, G = Σ_t r_t (so the episode return is kept and credit
 * becomes dense). `rewards` and `dones` are [T × n], row-major (index t·n + i); dones[t·n + i] is 1
 * when copy i's episode ended on step t (terminated or truncated). An episode that began before the
 * segment is spread over the steps the segment holds. Only learners that hold a whole segment before
 * they update can use this; an online learner (one update per step) cannot, since it would need the
 * rewards of steps not yet taken.
 */
export function redistributeEpisodes<T extends Float32Array | Float64Array>(rewards: T, dones: ArrayLike<number>, n: number, options: RedistributeOptions = {}): T {
  if (n <= 0 || rewards.length % n !== 0) throw new Error(`redistributeEpisodes: ${rewards.length} rewards are not a whole number of steps of ${n} copies`)
  if (dones.length !== rewards.length) throw new Error(`redistributeEpisodes: ${dones.length} done flags for ${rewards.length} rewards; expected one per reward`)
  const steps = rewards.length / n
  const spreadUnfinished = (options.unfinished ?? 'spread') === 'spread'
  for (let i = 0; i < n; i++) {
    let start = 0
    let sum = 0
    for (let t = 0; t < steps; t++) {
      sum += rewards[t * n + i]
      const last = t === steps - 1
      if (dones[t * n + i] || (last && spreadUnfinished)) {
        // r_t ← G / L for every step of the episode, G = Σ r_t, L = its steps in the segment
        const share = sum / (t - start + 1)
        for (let u = start; u <= t; u++) rewards[u * n + i] = share
        start = t + 1
        sum = 0
      }
    }
  }
  return rewards
}
