import { allocateStepBuffers, type BatchEnv, type EnvSpec, type StepBuffers } from '../envs/types'
import type { Rng } from '../rng'
import { forwardExtensions } from '../envs/forward'
import { createCountBonus, type CountBonus } from './countBonus'
import type { RewardDesign } from './designSchema'
import { compileExpression, describeNonFinite, type CompiledExpression } from './expression'
import { expressionVariables, extraComponents, rewardedSpec } from './extras'
import { assertRewardDesignFits } from './rewardProblems'
import { bindPotential, shapeStep, type PotentialFn } from './shaping'
import { createRndBonus, RND_DEFAULT_SEED, type RndBonus } from './rnd'
import { RewardModelScorer } from './rewardModelComponent'
import { EnsembleSpread } from './ensembleSpread'
import { createTransformChain, type FinalStates, type TransformChain } from './transforms'
import { referenceOf } from './parReference'
import { ownValue } from '../reservedNames'

/** How one added component is computed each step. */
type ExtraRule =
  | { kind: 'term'; expression: CompiledExpression }
  | { kind: 'shaping'; phi: PotentialFn; gamma: number; naive: boolean }
  | { kind: 'bonus'; bonus: CountBonus | RndBonus }
  | { kind: 'rewardModel'; scorer: RewardModelScorer }

/**
 * An environment seen through a reward design: the inner environment's components, then the
 * design's custom terms, shaping terms, bonuses and reward models as further components, every
 * column passed through its transform chain. Learners see an ordinary BatchEnv, so every learner
 * takes every design, and the chart shows every term's contribution.
 */
export class RewardedEnv implements BatchEnv {
  /** The inner spec with the design's added components; it changes when a live change adds or removes one. */
  spec: EnvSpec
  readonly n: number
  private readonly innerBuffers: StepBuffers
  /** The states that ended the inner step's episodes, as the chains read them (par: each ended copy's prompt). */
  private readonly finals: FinalStates
  private readonly stateBefore: Float64Array
  private rules: ExtraRule[] = []
  /** Whether the design adds and transforms nothing, so steps go straight to the inner environment. */
  private passThrough = false
  private chains: (TransformChain | null)[] = []
  private design: RewardDesign
  /** The reward design in force (the latest one setDesign took). */
  get rewardDesign(): RewardDesign {
    return this.design
  }
  /** Columns the learner redistributes over whole episodes (their chains' last transform). */
  redistributed: number[] = []
  private readonly episodeStep: Int32Array
  private readonly variables: Float64Array
  private readonly extraColumn: Float64Array
  private readonly actionIndex: number
  private readonly stepIndex: number
  /** The reward-model ensembles' members' std of what they scored, over every design in force since the last take. */
  private readonly ensembleSpread = new EnsembleSpread()

  constructor(
    readonly inner: BatchEnv,
    design: RewardDesign,
  ) {
    this.n = inner.n
    this.spec = rewardedSpec(inner.spec, design)
    this.innerBuffers = allocateStepBuffers(inner.spec, inner.n)
    this.finals = { state: this.innerBuffers.finalState, size: inner.spec.stateVars.length }
    this.stateBefore = new Float64Array(inner.state.length)
    this.episodeStep = new Int32Array(inner.n)
    const variables = expressionVariables(inner.spec)
    this.variables = new Float64Array(variables.length)
    // action and t come after the state variables, unless the state already has a variable of that name.
    this.actionIndex = variables.indexOf('action', inner.spec.stateVars.length)
    this.stepIndex = variables.indexOf('t', inner.spec.stateVars.length)
    this.extraColumn = new Float64Array(inner.n)
    this.design = design
    this.build(design, null)
    forwardExtensions(this, inner)
  }

  /**
   * Use a changed design from the next step on (live change). Expressions, potentials, γ, β,
   * transforms and weights may change, and components may be added or removed (the spec changes;
   * the learner takes a mix for the new components). Unchanged bonuses keep their visit counts and
   * unchanged transform chains their running statistics.
   */
  setDesign(design: RewardDesign): void {
    const previous = { design: this.design, rules: this.rules, chains: this.chains, spec: this.spec }
    const spec = rewardedSpec(this.inner.spec, design)
    this.spec = spec
    try {
      this.build(design, previous)
    } catch (error) {
      this.spec = previous.spec
      this.rules = previous.rules
      this.chains = previous.chains
      throw error
    }
    this.design = design
  }

  /** Compile the design's rules and transform chains, reusing unchanged stateful parts of `previous`. */
  private build(design: RewardDesign, previous: { design: RewardDesign; rules: ExtraRule[]; chains: (TransformChain | null)[]; spec: EnvSpec } | null): void {
    const inner = this.inner
    assertRewardDesignFits(design, inner.spec)
    const variables = expressionVariables(inner.spec)
    // Bonuses that did not change keep their counts (or their trained predictor).
    const keptBonuses = new Map<string, ExtraRule>()
    if (previous) {
      extraComponents(previous.design, inner.spec).forEach((extra, r) => {
        if (extra.source.kind === 'bonus') keptBonuses.set(JSON.stringify(previous.design.bonuses[extra.source.index]), previous.rules[r])
      })
    }
    const rules = extraComponents(design, inner.spec).map((extra): ExtraRule => {
      const { kind, index } = extra.source
      if (kind === 'term') return { kind, expression: compileExpression(design.terms[index].expression, variables) }
      if (kind === 'shaping') {
        const term = design.shaping[index]
        const phi = term.potential === 'custom' ? potentialFromExpression(compileExpression(term.expression!, variables), inner.spec.stateVars.length) : bindPotential(inner.spec, term.potential)
        return { kind, phi, gamma: term.gamma, naive: term.naive }
      }
      if (kind === 'rewardModel') return { kind, scorer: new RewardModelScorer(design.rewardModels![index], inner.spec, inner.n, this.ensembleSpread) }
      const bonus = design.bonuses[index]
      const kept = keptBonuses.get(JSON.stringify(bonus))
      if (kept) {
        keptBonuses.delete(JSON.stringify(bonus))
        return kept
      }
      const made = bonus.kind === 'rnd' ? createRndBonus(inner.spec, inner.n, { beta: bonus.beta, seed: RND_DEFAULT_SEED + index }) : createCountBonus(inner.spec, inner.n, { kind: bonus.kind, beta: bonus.beta, bins: bonus.bins })
      return { kind, bonus: made }
    })
    // Chains that did not change keep their running statistics.
    const keptChains = new Map<string, TransformChain | null>()
    previous?.spec.components.forEach((component, k) => keptChains.set(component.name, previous.chains[k]))
    const chains = this.spec.components.map((component) => {
      const chain = ownValue(design.transforms, component.name)
      if (!chain || chain.length === 0) return null
      const unchanged = previous && JSON.stringify(ownValue(previous.design.transforms, component.name)) === JSON.stringify(chain)
      // par's reference: the component's score of the environment's reference answer (checked above to exist).
      const create = () => createTransformChain(chain, inner.n, chain.some((t) => t.kind === 'par') ? (referenceOf(inner.spec, component.name) ?? undefined) : undefined)
      return unchanged ? (keptChains.get(component.name) ?? create()) : create()
    })
    this.rules = rules
    this.chains = chains
    this.passThrough = rules.length === 0 && chains.every((chain) => chain === null)
    this.redistributed = this.spec.components.flatMap((component, k) => (ownValue(design.transforms, component.name)?.at(-1)?.kind === 'redistribute' ? [k] : []))
  }

  /**
   * The mean members' std, Σ σ / items, of every item an ensemble of two or more reward models
   * scored since the last call (ensembleSpread.ts), or null where none did; counts afresh.
   */
  takeEnsembleStd(): number | null {
    return this.ensembleSpread.take()
  }

  get state(): Float64Array {
    return this.inner.state
  }

  /** The inner environment's columns that no transform chain changes: its own components, as its step wrote them. */
  get ownComponents(): Uint8Array {
    const innerK = this.inner.spec.components.length
    const innerOwn = this.inner.ownComponents
    return Uint8Array.from(this.spec.components, (_, k) => (k < innerK && (innerOwn?.[k] ?? 1) === 1 && this.chains[k] === null ? 1 : 0))
  }

  reset(rng: Rng, obs: Float32Array): void {
    this.inner.reset(rng, obs)
    this.episodeStep.fill(0)
  }

  setState(i: number, values: ArrayLike<number>): void {
    this.inner.setState(i, values)
    this.episodeStep[i] = 0
  }

  observe(i: number, obs: Float32Array): void {
    this.inner.observe(i, obs)
  }

  step(actions: Int32Array, out: StepBuffers, rng: Rng, autoReset = true): void {
    const inner = this.innerBuffers
    const n = this.n
    const stateSize = this.inner.spec.stateVars.length
    const innerK = this.inner.spec.components.length
    const K = this.spec.components.length
    if (this.passThrough) {
      // Nothing added or transformed (every run is wrapped, most add nothing): the inner step is the step.
      this.inner.step(actions, out, rng, autoReset)
      this.countEpisodeSteps(out)
      return
    }
    this.stateBefore.set(this.inner.state)
    this.inner.step(actions, inner, rng, autoReset)
    out.obs.set(inner.obs)
    out.terminated.set(inner.terminated)
    out.truncated.set(inner.truncated)
    out.finalObs.set(inner.finalObs)
    out.finalState.set(inner.finalState)
    out.objective.set(inner.objective)
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < innerK; k++) out.components[i * K + k] = inner.components[i * innerK + k]
    }
    this.rules.forEach((rule, r) => {
      const column = innerK + r
      if (rule.kind === 'term') this.evaluateTerm(rule.expression, actions, out.components, column, K, stateSize)
      else {
        if (rule.kind === 'shaping') shapeStep(rule.phi, { weight: 1, gamma: rule.gamma, naive: rule.naive }, this.stateBefore, this.inner.state, inner, n, stateSize, this.extraColumn)
        else if (rule.kind === 'rewardModel') rule.scorer.apply(this.stateBefore, stateSize, inner, this.extraColumn, this.inner.state)
        else rule.bonus.apply(this.inner.state, stateSize, inner, this.extraColumn)
        for (let i = 0; i < n; i++) out.components[i * K + column] = this.extraColumn[i]
      }
    })
    for (let k = 0; k < K; k++) this.chains[k]?.apply(out.components, out.terminated, out.truncated, k, K, this.finals)
    this.countEpisodeSteps(out)
  }

  /** t of each copy's episode (the `t` of custom terms): 0 again where an episode ended. */
  private countEpisodeSteps(out: StepBuffers): void {
    for (let i = 0; i < this.n; i++) this.episodeStep[i] = out.terminated[i] || out.truncated[i] ? 0 : this.episodeStep[i] + 1
  }

  /** A custom term over the state the step reached (the final state where an episode ended), the action and t. */
  private evaluateTerm(expression: CompiledExpression, actions: Int32Array, components: Float64Array, column: number, K: number, stateSize: number): void {
    const values = this.variables
    const inner = this.innerBuffers
    for (let i = 0; i < this.n; i++) {
      const ended = inner.terminated[i] || inner.truncated[i]
      const source = ended ? inner.finalState : this.inner.state
      for (let j = 0; j < stateSize; j++) values[j] = source[i * stateSize + j]
      if (this.actionIndex >= 0) values[this.actionIndex] = actions[i]
      // t counts the steps of the episode, this one included: 1 on its first step
      if (this.stepIndex >= 0) values[this.stepIndex] = this.episodeStep[i] + 1
      const value = expression.evaluate(values)
      if (!Number.isFinite(value)) throw new Error(`custom term: ${describeNonFinite(expression, values)}; the run is paused, fix the term and resume`)
      components[i * K + column] = value
    }
  }
}

/** Φ(s) from an expression over the state variables (action and t read as 0: a potential depends on the state only). */
function potentialFromExpression(expression: CompiledExpression, stateSize: number): PotentialFn {
  const values = new Float64Array(expression.variables.length)
  return (state, offset) => {
    for (let j = 0; j < stateSize; j++) values[j] = state[offset + j]
    const value = expression.evaluate(values)
    if (!Number.isFinite(value)) throw new Error(`custom potential: ${describeNonFinite(expression, values)}; the run is paused, fix the potential and resume`)
    return value
  }
}

/** The environment as the design sees it: unchanged when the design adds nothing. */
export function withRewardDesign(env: BatchEnv, design: RewardDesign): BatchEnv {
  const adds = design.terms.length + design.shaping.length + design.bonuses.length + (design.rewardModels?.length ?? 0) + Object.keys(design.transforms).length
  return adds === 0 ? env : new RewardedEnv(env, design)
}
