import type { EnvSpec } from '../envs/types'
import { Rng } from '../rng'
import { reachedState, type StepEnds } from './shaping'

/*
 * Random network distillation (Burda, Edwards, Storkey & Klimov 2018, "Exploration by Random
 * Network Distillation"): a fixed, randomly initialised target network f maps a state to features;
 * a predictor network f̂ is trained online to reproduce them on the states the agent reaches. Its
 * error is small where it has trained often and stays large on states it has never seen, so
 *
 *     b(s′) = β · ‖f̂(x′) − f(x′)‖² / (F · e₀)
 *
 * is an exploration bonus that fades as states repeat, without any discretisation (a count bonus
 * needs cells; this works on any state vector). Plain TypeScript over Float32Array, no TensorFlow.js:
 * the nets are tiny and the bonus must run in core/ (Node, a worker, a page) one step at a time.
 *
 * Choices (the paper's where it has one):
 *   input      x′ = clip((s′ − μ)/√(σ² + 10⁻⁸), −5, 5) per state variable, with μ and σ² the running
 *              mean and variance (Welford) of every state reached so far, this step's included. A
 *              variable that never moved normalises to 0, and any change of it to ±5: new.
 *   networks   both in → 64 (ReLU) → 16, weights He-normal N(0, 2/fan_in) for the hidden layer and
 *              N(0, 1/64) for the output, hidden biases N(0, 1), output biases 0, from the Rng given.
 *              The random hidden biases matter: with zero biases a ReLU net is positively homogeneous
 *              (f(αx) = αf(x)), so a predictor fitted at x would also fit every point on its ray.
 *   scale      F = 16 features (the error is their mean) and e₀ = the untrained predictor's mean error
 *              over 256 inputs drawn uniformly from the whole clipped box [−5, 5]^d, fixed at
 *              construction. So β is the average bonus of a state before any learning: a state far
 *              outside those seen so far (its inputs near ±5) pays around β to a few β, one within
 *              their spread a fraction of β, and β keeps that meaning whatever the state size. The
 *              paper instead divides by a running std of the intrinsic return; we do not, so that the
 *              bonus visibly falls as states repeat (a running std would inflate it again as
 *              everything becomes familiar), and nothing but the predictor and the input statistics
 *              change what a state pays.
 *   learning   after the bonuses of a step are paid, one Adam step (lr 10⁻³, β₁ 0.9, β₂ 0.999, ε 10⁻⁸)
 *              on L = (1/n)·Σᵢ (1/F)·‖f̂(x′ᵢ) − f(x′ᵢ)‖² over the n states the copies just reached,
 *              with hand-written backprop. A state's bonus is paid before the predictor learns from it.
 *   randomness everything random is drawn once, at construction, from the Rng given. createRndBonus
 *              seeds it from a fixed number (RND_DEFAULT_SEED + the bonus's index in the design), so a
 *              design gives the same networks in every run and the bonus is part of the design, like
 *              its weights, rather than of the run's random stream.
 * No allocation per step: every buffer is sized for n copies at construction.
 */

/** Hidden units of the target and the predictor. */
export const RND_HIDDEN = 64
/** Output features of the target and the predictor (F). */
export const RND_FEATURES = 16
/** Adam's step size for the predictor. */
export const RND_LEARNING_RATE = 1e-3
/** Normalised inputs are clipped to ±this (the paper's value). */
export const RND_INPUT_CLIP = 5
/** The seed createRndBonus uses (plus the bonus's index in the design): "RND" in ASCII. */
export const RND_DEFAULT_SEED = 0x524e44
/** How many inputs, uniform over the clipped box, fix the error scale e₀. */
const CALIBRATION_SAMPLES = 256
const VARIANCE_FLOOR = 1e-8

/**
 * A two-layer perceptron in → hidden (ReLU) → out over a batch of rows, every parameter in one
 * Float32Array: W1 (hidden × in, row-major), b1 (hidden), W2 (out × hidden), b2 (out). forward keeps
 * the hidden activations of its rows so that backward, called next on the same inputs, can use them.
 */
export class TwoLayerPerceptron {
  readonly params: Float32Array
  /** ∂L/∂params of the last backward, same layout as params. */
  readonly gradients: Float32Array
  private readonly hidden: Float32Array
  private readonly b1Offset: number
  private readonly w2Offset: number
  private readonly b2Offset: number

  constructor(
    readonly inputSize: number,
    readonly hiddenSize: number,
    readonly outputSize: number,
    /** The most rows one forward may take. */
    readonly maxRows: number,
  ) {
    for (const [what, value] of [['inputSize', inputSize], ['hiddenSize', hiddenSize], ['outputSize', outputSize], ['maxRows', maxRows]] as const) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`${what} must be a positive integer, got ${value}`)
    }
    this.b1Offset = hiddenSize * inputSize
    this.w2Offset = this.b1Offset + hiddenSize
    this.b2Offset = this.w2Offset + outputSize * hiddenSize
    this.params = new Float32Array(this.b2Offset + outputSize)
    this.gradients = new Float32Array(this.params.length)
    this.hidden = new Float32Array(maxRows * hiddenSize)
  }

  /** He-normal hidden weights, N(0, 1) hidden biases, N(0, 1/hidden) output weights, zero output biases. */
  initialise(rng: Rng): void {
    const { inputSize, hiddenSize, outputSize, params } = this
    const hiddenScale = Math.sqrt(2 / inputSize)
    const outputScale = Math.sqrt(1 / hiddenSize)
    for (let p = 0; p < this.b1Offset; p++) params[p] = hiddenScale * rng.normal()
    for (let j = 0; j < hiddenSize; j++) params[this.b1Offset + j] = rng.normal()
    for (let p = 0; p < outputSize * hiddenSize; p++) params[this.w2Offset + p] = outputScale * rng.normal()
    params.fill(0, this.b2Offset)
  }

  /** outputs[r] = W2·relu(W1·inputs[r] + b1) + b2 for rows r < count (inputs count × in, outputs count × out). */
  forward(inputs: Float32Array, count: number, outputs: Float32Array): void {
    if (count > this.maxRows) throw new Error(`${count} rows exceed this network's ${this.maxRows}`)
    const { inputSize, hiddenSize, outputSize, params, hidden, b1Offset, w2Offset, b2Offset } = this
    for (let r = 0; r < count; r++) {
      const x = r * inputSize
      const h = r * hiddenSize
      for (let j = 0; j < hiddenSize; j++) {
        // h_j = max(0, Σ_m W1[j,m]·x_m + b1_j)
        let z = params[b1Offset + j]
        const w = j * inputSize
        for (let m = 0; m < inputSize; m++) z += params[w + m] * inputs[x + m]
        hidden[h + j] = z > 0 ? z : 0
      }
      for (let k = 0; k < outputSize; k++) {
        // y_k = Σ_j W2[k,j]·h_j + b2_k
        let y = params[b2Offset + k]
        const w = w2Offset + k * hiddenSize
        for (let j = 0; j < hiddenSize; j++) y += params[w + j] * hidden[h + j]
        outputs[r * outputSize + k] = y
      }
    }
  }

  /**
   * gradients = ∂L/∂params summed over rows r < count, given dOutputs = ∂L/∂outputs (count × out);
   * must follow forward on the same inputs (it reads the hidden activations forward kept).
   */
  backward(inputs: Float32Array, count: number, dOutputs: Float32Array): void {
    const { inputSize, hiddenSize, outputSize, params, gradients, hidden, b1Offset, w2Offset, b2Offset } = this
    gradients.fill(0)
    for (let r = 0; r < count; r++) {
      const x = r * inputSize
      const h = r * hiddenSize
      for (let k = 0; k < outputSize; k++) {
        const d = dOutputs[r * outputSize + k]
        // ∂L/∂b2_k = δ_k; ∂L/∂W2[k,j] = δ_k·h_j
        gradients[b2Offset + k] += d
        const w = w2Offset + k * hiddenSize
        for (let j = 0; j < hiddenSize; j++) gradients[w + j] += d * hidden[h + j]
      }
      for (let j = 0; j < hiddenSize; j++) {
        if (hidden[h + j] <= 0) continue
        // ∂L/∂z_j = Σ_k W2[k,j]·δ_k where the unit is active (relu′ = 1), else 0
        let dz = 0
        for (let k = 0; k < outputSize; k++) dz += params[w2Offset + k * hiddenSize + j] * dOutputs[r * outputSize + k]
        // ∂L/∂b1_j = ∂L/∂z_j; ∂L/∂W1[j,m] = ∂L/∂z_j·x_m
        gradients[b1Offset + j] += dz
        const w = j * inputSize
        for (let m = 0; m < inputSize; m++) gradients[w + m] += dz * inputs[x + m]
      }
    }
  }
}

/** Adam (Kingma & Ba 2015) over one Float32Array of parameters, with bias correction. */
export class Adam {
  private readonly firstMoment: Float32Array
  private readonly secondMoment: Float32Array
  private steps = 0

  constructor(
    readonly size: number,
    readonly learningRate: number,
    readonly beta1 = 0.9,
    readonly beta2 = 0.999,
    readonly epsilon = 1e-8,
  ) {
    this.firstMoment = new Float32Array(size)
    this.secondMoment = new Float32Array(size)
  }

  /** params ← params − lr·m̂/(√v̂ + ε), m = β₁m + (1−β₁)g, v = β₂v + (1−β₂)g², m̂ = m/(1−β₁ᵗ), v̂ = v/(1−β₂ᵗ). */
  step(params: Float32Array, gradients: Float32Array): void {
    const { beta1, beta2, epsilon, firstMoment: m, secondMoment: v } = this
    this.steps++
    const correction1 = 1 - beta1 ** this.steps
    const correction2 = 1 - beta2 ** this.steps
    for (let p = 0; p < this.size; p++) {
      const g = gradients[p]
      m[p] = beta1 * m[p] + (1 - beta1) * g
      v[p] = beta2 * v[p] + (1 - beta2) * g * g
      params[p] -= (this.learningRate * (m[p] / correction1)) / (Math.sqrt(v[p] / correction2) + epsilon)
    }
  }

  reset(): void {
    this.firstMoment.fill(0)
    this.secondMoment.fill(0)
    this.steps = 0
  }
}

export interface RndOptions {
  /** Names of the state variables, for error messages (default x0, x1, …). */
  stateVars?: readonly string[]
  hidden?: number
  features?: number
  learningRate?: number
}

/**
 * The RND bonus over n copies. Per step it needs each copy's state after the step (env.state, and
 * for a copy whose episode ended the step buffers' finalState), like CountBonus.
 */
export class RndBonus {
  readonly target: TwoLayerPerceptron
  readonly predictor: TwoLayerPerceptron
  /** e₀: the untrained predictor's mean error (1/F)·‖f̂ − f‖² over inputs uniform in [−5, 5]^d. */
  readonly errorScale: number
  /** Predictor updates so far (one per apply). */
  updates = 0
  private readonly initialPredictor: Float32Array
  private readonly optimizer: Adam
  private readonly stateNames: readonly string[]
  // Welford's running mean and sum of squared deviations of every state variable.
  private visits = 0
  private readonly mean: Float64Array
  private readonly squaredDeviations: Float64Array
  // Per-step buffers, n rows each.
  private readonly inputs: Float32Array
  private readonly targetFeatures: Float32Array
  private readonly predictedFeatures: Float32Array
  private readonly dFeatures: Float32Array
  // One-row buffers for bonusOf.
  private readonly probeInput: Float32Array
  private readonly probeTarget: Float32Array
  private readonly probePredicted: Float32Array

  constructor(
    readonly beta: number,
    readonly stateSize: number,
    readonly n: number,
    rng: Rng,
    options: RndOptions = {},
  ) {
    if (!Number.isFinite(beta)) throw new Error(`the bonus scale β must be a finite number, got ${beta}`)
    if (!Number.isInteger(stateSize) || stateSize < 1) throw new Error(`an rnd bonus needs a state vector of at least one variable, got ${stateSize}`)
    if (!Number.isInteger(n) || n < 1) throw new Error(`an rnd bonus needs at least one copy, got ${n}`)
    const hidden = options.hidden ?? RND_HIDDEN
    const features = options.features ?? RND_FEATURES
    this.stateNames = options.stateVars ?? Array.from({ length: stateSize }, (_, j) => `x${j}`)
    const rows = Math.max(n, CALIBRATION_SAMPLES)
    this.target = new TwoLayerPerceptron(stateSize, hidden, features, rows)
    this.predictor = new TwoLayerPerceptron(stateSize, hidden, features, rows)
    this.target.initialise(rng)
    this.predictor.initialise(rng)
    this.initialPredictor = this.predictor.params.slice()
    this.optimizer = new Adam(this.predictor.params.length, options.learningRate ?? RND_LEARNING_RATE)
    this.mean = new Float64Array(stateSize)
    this.squaredDeviations = new Float64Array(stateSize)
    this.inputs = new Float32Array(n * stateSize)
    this.targetFeatures = new Float32Array(n * features)
    this.predictedFeatures = new Float32Array(n * features)
    this.dFeatures = new Float32Array(n * features)
    this.probeInput = new Float32Array(stateSize)
    this.probeTarget = new Float32Array(features)
    this.probePredicted = new Float32Array(features)
    this.errorScale = this.calibrate(rng)
  }

  /** e₀ = mean over 256 inputs x ~ U[−5, 5]^d (the box normalised inputs live in) of (1/F)·‖f̂(x) − f(x)‖². */
  private calibrate(rng: Rng): number {
    const inputs = new Float32Array(CALIBRATION_SAMPLES * this.stateSize)
    for (let p = 0; p < inputs.length; p++) inputs[p] = rng.range(-RND_INPUT_CLIP, RND_INPUT_CLIP)
    const features = this.target.outputSize
    const target = new Float32Array(CALIBRATION_SAMPLES * features)
    const predicted = new Float32Array(CALIBRATION_SAMPLES * features)
    this.target.forward(inputs, CALIBRATION_SAMPLES, target)
    this.predictor.forward(inputs, CALIBRATION_SAMPLES, predicted)
    let total = 0
    for (let p = 0; p < target.length; p++) total += (predicted[p] - target[p]) ** 2
    return Math.max(total / target.length, 1e-12)
  }

  /**
   * Pay each copy's bonus for the state it reached into `out` (n), then train the predictor one
   * step on those states. `stateNow` is env.state after the step (n × stateSize); where an episode
   * ended the reached state is read from `step.finalState` instead.
   */
  apply(stateNow: ArrayLike<number>, stateSize: number, step: StepEnds, out: Float64Array): void {
    if (stateSize !== this.stateSize) throw new Error(`this rnd bonus was built for ${this.stateSize} state variables, got ${stateSize}`)
    const { n, mean, squaredDeviations } = this
    for (let i = 0; i < n; i++) {
      const state = reachedState(stateNow, step, i)
      const offset = i * stateSize
      this.visits++
      for (let j = 0; j < stateSize; j++) {
        const value = state[offset + j]
        if (!Number.isFinite(value)) throw new Error(`rnd bonus: copy ${i} reached a state with ${this.stateNames[j]} = ${value}; the run is paused, the environment produced a non-finite state`)
        // Welford: μ ← μ + (x − μ)/N, M₂ ← M₂ + (x − μ_old)·(x − μ_new)
        const delta = value - mean[j]
        mean[j] += delta / this.visits
        squaredDeviations[j] += delta * (value - mean[j])
      }
    }
    for (let i = 0; i < n; i++) this.normalise(reachedState(stateNow, step, i), i * stateSize, this.inputs, i * stateSize)
    const { target, predictor, targetFeatures, predictedFeatures, dFeatures } = this
    const features = target.outputSize
    target.forward(this.inputs, n, targetFeatures)
    predictor.forward(this.inputs, n, predictedFeatures)
    const scale = this.beta / (features * this.errorScale)
    // ∂L/∂f̂ with L = (1/n)·Σᵢ (1/F)·‖f̂ᵢ − fᵢ‖²: 2·(f̂ − f)/(n·F)
    const gradientScale = 2 / (n * features)
    for (let i = 0; i < n; i++) {
      let squaredError = 0
      for (let k = 0; k < features; k++) {
        const p = i * features + k
        const difference = predictedFeatures[p] - targetFeatures[p]
        squaredError += difference * difference
        dFeatures[p] = gradientScale * difference
      }
      // b = β·‖f̂(x′) − f(x′)‖²/(F·e₀)
      out[i] = scale * squaredError
    }
    predictor.backward(this.inputs, n, dFeatures)
    this.optimizer.step(predictor.params, predictor.gradients)
    this.updates++
  }

  /**
   * The bonus a state would pay now (state from `offset`, stateVars order), without learning from it
   * or counting it in the normalisation: for charts of novelty and for tests.
   */
  bonusOf(state: ArrayLike<number>, offset = 0): number {
    this.normalise(state, offset, this.probeInput, 0)
    this.target.forward(this.probeInput, 1, this.probeTarget)
    this.predictor.forward(this.probeInput, 1, this.probePredicted)
    let squaredError = 0
    for (let k = 0; k < this.target.outputSize; k++) squaredError += (this.probePredicted[k] - this.probeTarget[k]) ** 2
    return (this.beta * squaredError) / (this.target.outputSize * this.errorScale)
  }

  /** x = clip((s − μ)/√(σ² + 10⁻⁸), ±5) with the running statistics (identity, clipped, before any state). */
  private normalise(state: ArrayLike<number>, offset: number, into: Float32Array, at: number): void {
    for (let j = 0; j < this.stateSize; j++) {
      const deviation = this.visits > 0 ? Math.sqrt(this.squaredDeviations[j] / this.visits + VARIANCE_FLOOR) : 1
      const x = (state[offset + j] - this.mean[j]) / deviation
      into[at + j] = x > RND_INPUT_CLIP ? RND_INPUT_CLIP : x < -RND_INPUT_CLIP ? -RND_INPUT_CLIP : x
    }
  }

  /** Forget everything learned (a new run): the predictor's initial weights, Adam's moments, the statistics. */
  reset(): void {
    this.predictor.params.set(this.initialPredictor)
    this.optimizer.reset()
    this.visits = 0
    this.mean.fill(0)
    this.squaredDeviations.fill(0)
    this.updates = 0
  }
}

/** One line for the UI: what an rnd bonus pays. */
export function describeRndBonus(beta: number): string {
  return `Exploration bonus from random network distillation: β·(error of a predictor trained to match a fixed random network on the states reached), β = ${beta}. About β on a state far from those seen so far; fades as states repeat.`
}

/**
 * An rnd bonus for `spec`'s environment over n copies, its networks drawn from `seed` (default
 * RND_DEFAULT_SEED): the same seed gives the same bonus.
 */
export function createRndBonus(spec: EnvSpec, n: number, options: { beta: number; seed?: number }): RndBonus {
  if (spec.stateVars.length === 0) throw new Error(`an rnd bonus needs a state vector, and ${spec.id} has none`)
  return new RndBonus(options.beta, spec.stateVars.length, n, new Rng(options.seed ?? RND_DEFAULT_SEED), { stateVars: spec.stateVars })
}
