/**
 * Which TensorFlow.js backend to try first, and why. Pure: the caller probes the platform.
 *
 * TensorFlow.js picks webgpu whenever any adapter exists, including SwiftShader's software one,
 * which is about 40× slower than wasm for our small networks; so we decide ourselves.
 */
export const BACKEND_NAMES = ['webgpu', 'wasm', 'webgl', 'cpu'] as const
export type BackendName = (typeof BACKEND_NAMES)[number]

/** What `navigator.gpu.requestAdapter()` told us (GPUAdapterInfo plus isFallbackAdapter). */
export interface AdapterFacts {
  isFallbackAdapter: boolean
  architecture: string
  vendor: string
  description: string
}

export interface BackendProbe {
  /** From `?backend=`; undefined, null or '' when not given. */
  requested?: string | null
  /** Whether `navigator.gpu` exists at all (defaults to whether an adapter was found). */
  webgpuAvailable?: boolean
  webgpuAdapter: AdapterFacts | null
  wasmAvailable: boolean
  /** Defaults to true: the webgl backend reports failure itself when there is no context. */
  webglAvailable?: boolean
}

export interface BackendChoice {
  /** Backends to try in order; each falls through to the next when setBackend returns false. */
  order: BackendName[]
  /** Why the first one was chosen, for people. */
  reason: string
}

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|lavapipe|basic render driver/i

export function isBackendName(value: string): value is BackendName {
  return (BACKEND_NAMES as readonly string[]).includes(value)
}

/** Human-readable adapter name, e.g. "nvidia ampere (NVIDIA GeForce RTX 3080)". */
export function describeAdapter(adapter: AdapterFacts): string {
  const name = [adapter.vendor, adapter.architecture].filter(Boolean).join(' ') || 'unknown adapter'
  const detail = adapter.description ? ` (${adapter.description})` : ''
  return `${name}${detail}${adapter.isFallbackAdapter ? ', software fallback' : ''}`
}

/** Why an adapter is a software renderer, or null when it looks like a real GPU. */
export function softwareAdapterReason(adapter: AdapterFacts): string | null {
  const named = [adapter.architecture, adapter.vendor, adapter.description].join(' ').match(SOFTWARE_RENDERERS)
  if (adapter.isFallbackAdapter) return named ? `a software fallback (${renderer(named[0])})` : 'a software fallback'
  if (named) return `a software renderer (${renderer(named[0])})`
  return null
}

export function chooseBackend(probe: BackendProbe): BackendChoice {
  const requested = probe.requested ?? ''
  if (requested !== '') {
    if (!isBackendName(requested)) {
      throw new Error(`unknown backend "${requested}" in ?backend=; accepted: ${BACKEND_NAMES.join(', ')}`)
    }
    return { order: [requested], reason: `forced by ?backend=${requested}` }
  }

  const fallbacks: BackendName[] = []
  if (probe.wasmAvailable) fallbacks.push('wasm')
  if (probe.webglAvailable ?? true) fallbacks.push('webgl')
  fallbacks.push('cpu')

  const adapter = probe.webgpuAdapter
  if (adapter !== null) {
    const software = softwareAdapterReason(adapter)
    if (software === null) {
      return { order: ['webgpu', ...fallbacks], reason: `WebGPU adapter is a real GPU: ${describeAdapter(adapter)}; using webgpu` }
    }
    return { order: fallbacks, reason: `WebGPU adapter is ${software}; using ${fallbacks[0]}` }
  }
  const why = probe.webgpuAvailable === false ? 'WebGPU is not available here' : 'WebGPU found no adapter'
  const wasmNote = probe.wasmAvailable ? '' : '; WebAssembly is not available'
  return { order: fallbacks, reason: `${why}${wasmNote}; using ${fallbacks[0]}` }
}

function renderer(match: string): string {
  const lower = match.toLowerCase()
  if (lower === 'swiftshader') return 'SwiftShader'
  if (lower === 'basic render driver') return 'Microsoft Basic Render Driver'
  return lower
}
