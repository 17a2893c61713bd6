/**
 * Runs in headless Chromium, bundled by bench/backendProbeBuild.ts and served beside the built app
 * (same origin, so the app's wasm binaries load). It starts one TensorFlow.js backend the way the
 * app does (initBackend) and times one PPO-sized training step of a 4→W→W→2 tanh MLP at a time.
 * Plain TensorFlow.js ops and tf.train.adam on purpose: a fixed yardstick for comparing backends,
 * not the learner's own code (which changes as the learner is tuned).
 */
import * as tf from '@tensorflow/tfjs'
import { errorMessage } from '../src/core/errorMessage'
import { initBackend, type BackendInfo } from '../src/learn/backend'
import { softwareAdapterReason } from '../src/learn/chooseBackend'
import type { WasmPaths } from '../src/learn/wasmPaths'

export interface ProbeStart {
  ok: boolean
  /** What initBackend reported, or why the backend did not start. */
  info: BackendInfo | null
  /** Why the WebGPU adapter is not a real GPU (the app's own rule), or null when it is one or there is none. */
  softwareAdapter: string | null
  problem: string | null
}

export interface CellTiming {
  warmUpMs: number[]
  /** One entry per timed step; fewer than asked when the cell ran past its budget. */
  stepMs: number[]
}

export interface BackendProbe {
  start(backend: string, wasmPathsModule: string): Promise<ProbeStart>
  cell(rows: number, width: number, warmUps: number, repeats: number, budgetMs: number): Promise<CellTiming>
}

declare global {
  interface Window {
    __backendProbe?: BackendProbe
  }
}

/** The parts of the WebGPU adapter the app's rule reads (the DOM typings here lack WebGPU). */
interface AdapterLike {
  isFallbackAdapter?: boolean
  info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean }
}

/** Whether the adapter Chromium offers is software (SwiftShader without a GPU), by chooseBackend's rule. */
async function softwareAdapter(): Promise<string | null> {
  const gpu = (navigator as { gpu?: { requestAdapter(): Promise<AdapterLike | null> } }).gpu
  const adapter = gpu ? await gpu.requestAdapter().catch(() => null) : null
  if (!adapter) return null
  const info = adapter.info ?? {}
  return softwareAdapterReason({
    isFallbackAdapter: Boolean(info.isFallbackAdapter ?? adapter.isFallbackAdapter),
    architecture: info.architecture ?? '',
    vendor: info.vendor ?? '',
    description: info.description ?? '',
  })
}

const INPUTS = 4
const ACTIONS = 2

/** A training step of the MLP on `rows` random observations; resolves once the device is done. */
function trainingStep(rows: number, width: number): { step: () => Promise<void>; dispose: () => void } {
  const sizes = [INPUTS, width, width, ACTIONS]
  const weights: tf.Variable[] = []
  const biases: tf.Variable[] = []
  for (let layer = 0; layer + 1 < sizes.length; layer++) {
    // Glorot-scaled normal weights: the values do not matter for timing, only that tanh is not saturated.
    const scale = Math.sqrt(2 / (sizes[layer] + sizes[layer + 1]))
    weights.push(tf.tidy(() => tf.variable(tf.randomNormal([sizes[layer], sizes[layer + 1]], 0, scale))))
    biases.push(tf.tidy(() => tf.variable(tf.zeros([sizes[layer + 1]]))))
  }
  const observations = tf.randomNormal([rows, INPUTS])
  const actions = tf.tidy(() => tf.oneHot(tf.randomUniform([rows], 0, ACTIONS, 'int32') as tf.Tensor1D, ACTIONS))
  const advantages = tf.randomNormal([rows])
  const optimizer = tf.train.adam(3e-4)
  const variables = [...weights, ...biases]
  const lastVariable = biases[biases.length - 1]
  return {
    async step() {
      const loss = optimizer.minimize(
        () =>
          tf.tidy(() => {
            let activation: tf.Tensor2D = observations as tf.Tensor2D
            for (let layer = 0; layer < weights.length; layer++) {
              // h = tanh(x·W + b) on hidden layers; the logits layer stays linear
              const z = tf.add(tf.matMul(activation, weights[layer] as tf.Tensor2D), biases[layer]) as tf.Tensor2D
              activation = layer + 1 < weights.length ? tf.tanh(z) : z
            }
            // policy-gradient surrogate: −mean(log π(a|s) · A)
            const logProbability = tf.sum(tf.mul(tf.logSoftmax(activation), actions), 1)
            return tf.neg(tf.mean(tf.mul(logProbability, advantages))) as tf.Scalar
          }),
        true,
        variables,
      )
      // Reading the loss and the last variable Adam wrote waits for every queued kernel (GPU queues run in order).
      await Promise.all([loss?.data(), lastVariable.data()])
      loss?.dispose()
    },
    dispose() {
      optimizer.dispose()
      for (const tensor of [...variables, observations, actions, advantages]) tensor.dispose()
    },
  }
}

/** Up to `count` steps' milliseconds, stopping once they have taken `budgetMs` (one at least). */
async function timeSteps(step: () => Promise<void>, count: number, budgetMs: number): Promise<number[]> {
  const times: number[] = []
  const started = performance.now()
  for (let k = 0; k < count && (k === 0 || performance.now() - started < budgetMs); k++) {
    const stepStarted = performance.now()
    await step()
    times.push(performance.now() - stepStarted)
  }
  return times
}

window.__backendProbe = {
  async start(backend, wasmPathsModule) {
    try {
      // The app's own wasmPaths chunk from its build: the binaries the app itself serves.
      const { wasmPaths } = (await import(/* @vite-ignore */ wasmPathsModule)) as { wasmPaths: WasmPaths }
      const info = await initBackend(backend, { wasmPaths })
      return { ok: true, info, softwareAdapter: await softwareAdapter(), problem: null }
    } catch (error) {
      return { ok: false, info: null, softwareAdapter: null, problem: errorMessage(error) }
    }
  },
  async cell(rows, width, warmUps, repeats, budgetMs) {
    const { step, dispose } = trainingStep(rows, width)
    try {
      // At least one step of each; more only while within half the budget (warm-up) or the budget (timed).
      const warmUpMs = await timeSteps(step, warmUps, budgetMs / 2)
      const stepMs = await timeSteps(step, repeats, budgetMs)
      return { warmUpMs, stepMs }
    } finally {
      dispose()
    }
  },
}
