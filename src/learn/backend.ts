import * as tf from '@tensorflow/tfjs'
import { chooseBackend, describeAdapter, isBackendName, BACKEND_NAMES, type AdapterFacts, type BackendName } from './chooseBackend'
import { errorMessage } from '../core/errorMessage'
// A type only (erased): the module itself is loaded in the browser alone, by the dynamic import below.
import type { WasmPaths } from './wasmPaths'

export { chooseBackend, describeAdapter, BACKEND_NAMES, type AdapterFacts, type BackendName, type BackendChoice, type BackendProbe } from './chooseBackend'


export interface BackendInfo {
  backend: string
  reason: string
  /** The WebGPU adapter we saw, when there was one. */
  adapter?: string
}

export interface InitBackendOptions {
  /**
   * Where the wasm binaries are served. In a browser the default comes from ./wasmPaths (Vite
   * `?url` imports); in Node the wasm backend reads them from node_modules itself.
   */
  wasmPaths?: WasmPaths
}

/**
 * Pick, register and start a backend: the one `requested` names (from `?backend=`), else WebGPU on
 * a real GPU, else wasm, webgl, cpu in that order, falling through when one fails to start.
 */
export function initBackend(requested?: string, options: InitBackendOptions = {}): Promise<BackendInfo> {
  // One process may ask for the same backend twice at once (the lesson check trains one seed while
  // drawing best-of-n for another): TensorFlow.js cannot start a backend twice concurrently, so the
  // second request shares the first's start. Once it has settled, a new request starts afresh.
  if (options.wasmPaths !== undefined) return startBackend(requested, options)
  const key = requested ?? ''
  const inFlight = starting.get(key)
  if (inFlight) return inFlight
  const start = startBackend(requested, options).finally(() => starting.delete(key))
  starting.set(key, start)
  return start
}

/** Backend starts in flight, by the name requested ('' for the automatic choice). */
const starting = new Map<string, Promise<BackendInfo>>()

async function startBackend(requested: string | undefined, options: InitBackendOptions): Promise<BackendInfo> {
  if (requested && !isBackendName(requested)) {
    throw new Error(`unknown backend "${requested}" in ?backend=; accepted: ${BACKEND_NAMES.join(', ')}`)
  }
  const probe = await probeWebGpu()
  const choice = chooseBackend({
    requested,
    webgpuAvailable: probe.available,
    webgpuAdapter: probe.adapter,
    wasmAvailable: typeof WebAssembly === 'object',
  })
  const adapter = probe.adapter ? describeAdapter(probe.adapter) : undefined
  const failures: string[] = []
  for (const name of choice.order) {
    const failure = await tryBackend(name, options)
    if (failure === null) {
      const reason = failures.length === 0 ? choice.reason : `${choice.reason}; but ${failures.join(', ')}; so using ${name}`
      return adapter === undefined ? { backend: name, reason } : { backend: name, reason, adapter }
    }
    failures.push(failure)
  }
  if (requested) {
    throw new Error(`?backend=${requested} was requested but ${failures.join(', ')}; leave ?backend= out to choose automatically`)
  }
  throw new Error(`no TensorFlow.js backend could start: ${failures.join(', ')}`)
}

/** null on success, else why the backend did not start. */
async function tryBackend(name: BackendName, options: InitBackendOptions): Promise<string | null> {
  try {
    await register(name, options)
    // setBackend reports a failed initialisation by returning false, not by throwing.
    if (!(await tf.setBackend(name))) return `${name} did not start`
    await tf.ready()
    return tf.getBackend() === name ? null : `${name} did not start`
  } catch (error) {
    return `${name} failed (${errorMessage(error)})`
  }
}

async function register(name: BackendName, options: InitBackendOptions): Promise<void> {
  if (name === 'wasm') {
    const wasm = await import('@tensorflow/tfjs-backend-wasm')
    const paths = options.wasmPaths ?? (isNode() ? undefined : (await import('./wasmPaths')).wasmPaths)
    if (paths !== undefined) wasm.setWasmPaths(paths)
  } else if (name === 'webgpu') {
    await import('@tensorflow/tfjs-backend-webgpu')
  }
  // webgl and cpu are registered by @tensorflow/tfjs itself.
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string'
}

/** The parts of the WebGPU API we read (the DOM typings here do not include WebGPU). */
interface GpuAdapterInfoLike {
  vendor?: string
  architecture?: string
  description?: string
  isFallbackAdapter?: boolean
}
interface GpuAdapterLike {
  isFallbackAdapter?: boolean
  info?: GpuAdapterInfoLike
  requestAdapterInfo?: () => Promise<GpuAdapterInfoLike>
}
interface GpuLike {
  requestAdapter(options?: { powerPreference?: 'high-performance' | 'low-power' }): Promise<GpuAdapterLike | null>
}

/** Ask for the adapter the webgpu backend would get; absent `navigator.gpu` (Node, old browsers) is fine. */
async function probeWebGpu(): Promise<{ available: boolean; adapter: AdapterFacts | null }> {
  const gpu = (globalThis as { navigator?: { gpu?: GpuLike } }).navigator?.gpu
  if (!gpu) return { available: false, adapter: null }
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' })
    if (!adapter) return { available: true, adapter: null }
    const info = adapter.info ?? (adapter.requestAdapterInfo ? await adapter.requestAdapterInfo() : {})
    return {
      available: true,
      adapter: {
        // Chrome moved isFallbackAdapter from the adapter to its info; read both.
        isFallbackAdapter: Boolean(info.isFallbackAdapter ?? adapter.isFallbackAdapter),
        architecture: info.architecture ?? '',
        vendor: info.vendor ?? '',
        description: info.description ?? '',
      },
    }
  } catch {
    return { available: true, adapter: null }
  }
}
