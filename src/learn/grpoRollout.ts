import { CONTEXT_INDEX } from '../core/envs/bandit'
import { completionCut, isTokenSeqEnv, MAX_LENGTH_INDEX } from '../core/envs/tokenseq'
import { learnerFits } from '../core/run/learnerFit'
import type { BatchEnv, StepBuffers } from '../core/envs/types'
import { mixOne, type CompiledMix } from '../core/rewards/mix'
import type { Rng } from '../core/rng'
import type { DemoRecorder } from '../core/run/demo'
import { Growable } from '../core/growable'
import { diagnoseReward } from './rewardGuard'
import { greedyActions, sampleActions } from './sampleActions'

/** A completion that has not ended after this many tokens stops the run: GRPO needs completions that end. */
export const COMPLETION_CAP = 4096

/** One batch of completions, group after group; the tokens of completion i are starts[i] … starts[i] + lengths[i] − 1. */
export interface Completions {
  count: number
  lengths: Int32Array
  starts: Int32Array
  /** Tokens over all completions. */
  tokens: number
  /** Observation each token was chosen in, tokens × obsSize. */
  obs: Float32Array
  actions: Int32Array
  /** log π_old of each token: the learner's policy when the batch was sampled (the sampler's own, unless samplerLogProbs says otherwise). */
  logProbs: Float32Array
  /** log π_s of each token under the sampler, where the sampler is not the learner (as an inference engine returns them); absent, logProbs are the sampler's. */
  samplerLogProbs?: Float32Array
  /** Raw components summed over each completion, count × K. */
  components: Float64Array
  /** Raw components paid at each token, tokens × K (process supervision reads them); empty unless the sampler keeps them (keepTokenComponents). */
  tokenComponents: Float64Array
  /** The environment's verdict on each completion. */
  objective: Float64Array
  /** 1 where the completion was cut at the task's limit instead of ending (cutAtLimit). */
  truncated: Uint8Array
}

/** The environments a group learner can sample: those that offer completions (tokenseq builds groups in; the bandit's group is G pulls in one context). */
export function checkGroupEnv(env: BatchEnv, groupSize: number): void {
  const misfit = learnerFits('grpo', env.spec)
  if (misfit !== null) throw new Error(misfit)
  if (isTokenSeqEnv(env) && env.groupSize !== groupSize) {
    throw new Error(`tokenseq gives groups of ${env.groupSize} copies a prompt, but the learner expects groups of ${groupSize}`)
  }
  if (env.n % groupSize !== 0) throw new Error(`${env.n} copies do not split into groups of ${groupSize}`)
}

/** The longest completion the task allows: tokenseq's max_length, one pull for the bandit. */
export function completionLimit(env: BatchEnv): number {
  return isTokenSeqEnv(env) ? env.state[MAX_LENGTH_INDEX] : 1
}

/**
 * Whether copy i's completion, which ended on the step just taken, was cut at the limit: truncated
 * by the environment, or for tokenseq (whose ends are all terminations) max_length tokens without
 * end, read from the final state.
 */
export function cutAtLimit(env: BatchEnv, buffers: StepBuffers, i: number): boolean {
  if (buffers.truncated[i] === 1) return true
  return isTokenSeqEnv(env) && completionCut(buffers.finalState, i * env.spec.stateVars.length)
}

/**
 * Start a fresh completion in every copy, the G copies of a group sharing one prompt: tokenseq's
 * reset already deals one prompt per group; for the bandit each group's first copy draws the
 * context and the others take it (the rest of a copy's state stays its own).
 */
export function startGroups(env: BatchEnv, groupSize: number, rng: Rng, obs: Float32Array): void {
  env.reset(rng, obs)
  if (isTokenSeqEnv(env)) return
  const stride = env.spec.stateVars.length
  const row = new Float64Array(stride)
  for (let leader = 0; leader < env.n; leader += groupSize) {
    const context = env.state[leader * stride + CONTEXT_INDEX]
    for (let i = leader + 1; i < leader + groupSize; i++) {
      row.set(env.state.subarray(i * stride, (i + 1) * stride))
      row[CONTEXT_INDEX] = context
      env.setState(i, row)
      env.observe(i, obs)
    }
  }
}

/** Buffers reused from one batch to the next; the packed tokens are fresh arrays each time. */
export class CompletionSampler {
  private readonly obsByStep = new Growable(Float32Array)
  private readonly actionsByStep = new Growable(Int32Array)
  private readonly logProbsByStep = new Growable(Float32Array)
  private readonly validByStep = new Growable(Uint8Array)
  private readonly componentsByStep = new Growable(Float64Array)
  private readonly actions: Int32Array
  private readonly logProbs: Float32Array
  private readonly scratch: Float64Array
  /** The copies still writing, and their observations, actions and log-probabilities packed in that order. */
  private readonly active: Int32Array
  private readonly activeObs: Float32Array
  private readonly activeActions: Int32Array
  private readonly activeLogProbs: Float32Array
  /** Keep the components paid at each token (only a process baseline reads them): set before each batch, as the estimator may change live. */
  keepTokenComponents = false
  /** How a sampled (not greedy) token is drawn from the logits: absent, sampleActions, the learner's own distribution; else the sampler's (sampleActionsWith). */
  drawActions: ((logits: Float32Array, numActions: number, rng: Rng, actions: Int32Array, logProbs: Float32Array) => void) | null = null

  constructor(
    private readonly env: BatchEnv,
    private readonly stepBuffers: StepBuffers,
  ) {
    this.actions = new Int32Array(env.n)
    this.logProbs = new Float32Array(env.n)
    this.scratch = new Float64Array(env.spec.numActions)
    this.active = new Int32Array(env.n)
    this.activeObs = new Float32Array(env.n * env.spec.obsSize)
    this.activeActions = new Int32Array(env.n)
    this.activeLogProbs = new Float32Array(env.n)
  }

  /**
   * Step every copy (autoReset off) until each completion has ended, from the observations already
   * in stepBuffers.obs; `logitsOf` gives the policy's logits for n observations. A copy that has
   * ended stays ended; its further steps are not part of its completion, and the policy is asked
   * only for the copies still writing (`logitsOf` gets their observations packed, `rows` of them).
   * The demo gets the states before each token and after the last, up to `demoFrames` of them.
   * With `greedyCopies`, only the copies it marks 1 write a completion, each token the policy's
   * most likely (greedy decoding); the others count as ended from the start and get no tokens (length 0).
   */
  async sample(
    logitsOf: (obs: Float32Array, rows: number) => Promise<Float32Array>,
    mix: CompiledMix,
    actionRng: Rng,
    envRng: Rng,
    demo: DemoRecorder,
    demoFrames: number,
    greedyCopies: Uint8Array | null = null,
  ): Promise<Completions> {
    const { env, stepBuffers, actions, logProbs } = this
    const { n } = env
    const { obsSize } = env.spec
    const K = env.spec.components.length
    const lengths = new Int32Array(n)
    const components = new Float64Array(n * K)
    const objective = new Float64Array(n)
    const truncated = new Uint8Array(n)
    const done = greedyCopies === null ? new Uint8Array(n) : greedyCopies.map((writes) => 1 - writes)
    for (const buffer of [this.obsByStep, this.actionsByStep, this.logProbsByStep, this.validByStep, this.componentsByStep]) buffer.clear()

    let remaining = n - done.reduce((ended, value) => ended + value, 0)
    let t = 0
    while (remaining > 0) {
      if (t === COMPLETION_CAP) throw new Error(`${remaining} of ${n} completions had not ended after ${COMPLETION_CAP} tokens; the GRPO family needs completions that end`)
      if (t < demoFrames) demo.record(t, env.state)
      await this.sampleActive(logitsOf, done, remaining, actionRng, greedyCopies !== null)
      this.obsByStep.pushFrom(stepBuffers.obs, 0, n * obsSize)
      this.actionsByStep.pushFrom(actions, 0, n)
      this.logProbsByStep.pushFrom(logProbs, 0, n)
      this.validByStep.pushFrom(done.map((ended) => 1 - ended), 0, n)
      env.step(actions, stepBuffers, envRng, false)
      if (this.keepTokenComponents) this.componentsByStep.pushFrom(stepBuffers.components, 0, n * K)
      for (let i = 0; i < n; i++) {
        if (done[i]) continue
        // r_t = Σ_k w_k·c_k,t, checked here to name the step; the completion's reward is Σ_t r_t
        const reward = mixOne(mix.weights, stepBuffers.components, i * K)
        if (!Number.isFinite(reward)) throw new Error(`${diagnoseReward(reward, i, t, mix.names, mix.weights, stepBuffers.components)}; not training on it`)
        for (let k = 0; k < K; k++) components[i * K + k] += stepBuffers.components[i * K + k]
        lengths[i]++
        if (stepBuffers.terminated[i] || stepBuffers.truncated[i]) {
          done[i] = 1
          objective[i] = stepBuffers.objective[i]
          truncated[i] = cutAtLimit(env, stepBuffers, i) ? 1 : 0
          remaining--
        }
      }
      t++
    }
    if (t < demoFrames) demo.record(t, env.state)
    const groupEnds = this.groupEndComponents(components)
    const packed = this.pack(t, lengths, components, objective, truncated)
    if (groupEnds !== null && packed.tokenComponents.length > 0) {
      // Paid on each completion's last token, where its own components are paid.
      for (let i = 0; i < n; i++) {
        if (lengths[i] === 0) continue
        const last = packed.starts[i] + lengths[i] - 1
        for (let k = 0; k < K; k++) packed.tokenComponents[last * K + k] += groupEnds[i * K + k]
      }
    }
    return packed
  }

  /**
   * The components paid only when a whole group has ended (tokenseq's majority, which needs every
   * answer of the group), added to each completion's `components`; null where the environment pays none.
   */
  private groupEndComponents(components: Float64Array): Float64Array | null {
    const { env } = this
    if (!isTokenSeqEnv(env)) return null
    const groupEnds = new Float64Array(components.length)
    env.payGroupEnds(groupEnds, env.spec.components.length)
    for (let j = 0; j < components.length; j++) components[j] += groupEnds[j]
    return groupEnds
  }

  /**
   * The next token of every copy still writing (`remaining` of them, not `done`), drawn in copy
   * order, or the most likely one when `greedy`; an ended copy gets action 0 and log-probability 0,
   * which no completion keeps.
   */
  private async sampleActive(logitsOf: (obs: Float32Array, rows: number) => Promise<Float32Array>, done: Uint8Array, remaining: number, actionRng: Rng, greedy: boolean): Promise<void> {
    const { env, stepBuffers, actions, logProbs, active, activeObs, activeActions, activeLogProbs } = this
    const { n } = env
    const { obsSize, numActions } = env.spec
    if (remaining === n && !greedy) {
      const logits = await logitsOf(stepBuffers.obs, n)
      if (this.drawActions === null) sampleActions(logits, numActions, actionRng, actions, logProbs, this.scratch)
      else this.drawActions(logits, numActions, actionRng, actions, logProbs)
      return
    }
    let rows = 0
    for (let i = 0; i < n; i++) {
      if (done[i]) continue
      active[rows] = i
      activeObs.set(stepBuffers.obs.subarray(i * obsSize, (i + 1) * obsSize), rows * obsSize)
      rows++
    }
    const logits = await logitsOf(activeObs, rows)
    if (greedy) greedyActions(logits, numActions, activeActions.subarray(0, rows), activeLogProbs.subarray(0, rows))
    else if (this.drawActions === null) sampleActions(logits, numActions, actionRng, activeActions.subarray(0, rows), activeLogProbs.subarray(0, rows), this.scratch)
    else this.drawActions(logits, numActions, actionRng, activeActions.subarray(0, rows), activeLogProbs.subarray(0, rows))
    actions.fill(0)
    logProbs.fill(0)
    for (let j = 0; j < rows; j++) {
      actions[active[j]] = activeActions[j]
      logProbs[active[j]] = activeLogProbs[j]
    }
  }

  /** Time-major steps → the valid tokens, completion after completion. */
  private pack(steps: number, lengths: Int32Array, components: Float64Array, objective: Float64Array, truncated: Uint8Array): Completions {
    const { n } = this.env
    const { obsSize } = this.env.spec
    const K = this.env.spec.components.length
    const starts = new Int32Array(n)
    let tokens = 0
    for (let i = 0; i < n; i++) {
      starts[i] = tokens
      tokens += lengths[i]
    }
    const obs = new Float32Array(tokens * obsSize)
    const actions = new Int32Array(tokens)
    const logProbs = new Float32Array(tokens)
    const keep = this.keepTokenComponents
    const tokenComponents = new Float64Array(keep ? tokens * K : 0)
    const componentsByStep = this.componentsByStep.view()
    const obsByStep = this.obsByStep.view()
    const actionsByStep = this.actionsByStep.view()
    const logProbsByStep = this.logProbsByStep.view()
    const validByStep = this.validByStep.view()
    const filled = new Int32Array(n)
    for (let t = 0; t < steps; t++) {
      for (let i = 0; i < n; i++) {
        const row = t * n + i
        if (!validByStep[row]) continue
        const token = starts[i] + filled[i]++
        obs.set(obsByStep.subarray(row * obsSize, (row + 1) * obsSize), token * obsSize)
        actions[token] = actionsByStep[row]
        logProbs[token] = logProbsByStep[row]
        if (keep) tokenComponents.set(componentsByStep.subarray(row * K, (row + 1) * K), token * K)
      }
    }
    return { count: n, lengths, starts, tokens, obs, actions, logProbs, components, tokenComponents, objective, truncated }
  }
}

/** Each group's greedy completion: its raw components (groups × K) and the tokens it took. */
export interface GreedyCompletions {
  components: Float64Array
  tokens: number
}

/**
 * ReMax's baselines (Li et al. 2023): put every copy back in the state `prompts` holds (the
 * states startGroups dealt, env.state copied before sampling), and let the first copy of each
 * group write its prompt's greedy completion under the current policy. The other copies take no
 * token; then every copy is put back as the sampling left it. What it costs: one more rollout,
 * as long as the batch's longest greedy completion, each step `logitsOf` (the learner passes one
 * that runs the policy over the n/G writing copies only) and a step of all n copies (a batched
 * step cannot leave copies out; the ended ones only report their end again). The tokens of the
 * groups' greedy completions, one completion per group, are really written, so the update counts
 * them as environment steps.
 */
export async function greedyGroupCompletions(
  env: BatchEnv,
  sampler: CompletionSampler,
  obs: Float32Array,
  prompts: Float64Array,
  groupSize: number,
  logitsOf: (obs: Float32Array, rows: number) => Promise<Float32Array>,
  mix: CompiledMix,
  rng: Rng,
  demo: DemoRecorder,
): Promise<GreedyCompletions> {
  const stride = env.spec.stateVars.length
  const sampledStates = env.state.slice()
  const leaders = new Uint8Array(env.n)
  for (let i = 0; i < env.n; i++) {
    env.setState(i, prompts.subarray(i * stride, (i + 1) * stride))
    env.observe(i, obs)
    leaders[i] = i % groupSize === 0 ? 1 : 0
  }
  const written = await sampler.sample(logitsOf, mix, rng, rng, demo, 0, leaders)
  // Back to the sampled completions, so that what the copies keep as their last completion (the token view's) is the sampled one.
  for (let i = 0; i < env.n; i++) env.setState(i, sampledStates.subarray(i * stride, (i + 1) * stride))
  const K = env.spec.components.length
  const groups = env.n / groupSize
  const components = new Float64Array(groups * K)
  for (let g = 0; g < groups; g++) components.set(written.components.subarray(g * groupSize * K, g * groupSize * K + K), g * K)
  return { components, tokens: written.tokens }
}
