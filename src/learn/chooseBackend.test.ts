import { describe, expect, it } from 'vitest'
import { chooseBackend, type AdapterFacts } from './chooseBackend'

const swiftShader: AdapterFacts = { isFallbackAdapter: true, architecture: 'swiftshader', vendor: 'google', description: '' }
const realGpu: AdapterFacts = { isFallbackAdapter: false, architecture: 'ampere', vendor: 'nvidia', description: 'NVIDIA GeForce RTX 3080' }

describe('chooseBackend', () => {
  it('uses a requested backend alone and says it was forced', () => {
    expect(chooseBackend({ requested: 'webgl', webgpuAdapter: realGpu, wasmAvailable: true })).toEqual({
      order: ['webgl'],
      reason: 'forced by ?backend=webgl',
    })
    // Even a software adapter is used when asked for: that is how the WebGPU path gets tested.
    expect(chooseBackend({ requested: 'webgpu', webgpuAdapter: swiftShader, wasmAvailable: true }).order).toEqual(['webgpu'])
  })

  it('rejects an unknown requested backend, naming the accepted ones', () => {
    expect(() => chooseBackend({ requested: 'cuda', webgpuAdapter: null, wasmAvailable: true })).toThrow(
      'unknown backend "cuda" in ?backend=; accepted: webgpu, wasm, webgl, cpu',
    )
  })

  it('treats an empty or missing request as no request', () => {
    expect(chooseBackend({ requested: '', webgpuAdapter: null, wasmAvailable: true }).order[0]).toBe('wasm')
    expect(chooseBackend({ requested: null, webgpuAdapter: null, wasmAvailable: true }).order[0]).toBe('wasm')
  })

  it('uses WebGPU first on a real GPU, with the others as fallbacks', () => {
    const choice = chooseBackend({ webgpuAdapter: realGpu, wasmAvailable: true })
    expect(choice.order).toEqual(['webgpu', 'wasm', 'webgl', 'cpu'])
    expect(choice.reason).toBe('WebGPU adapter is a real GPU: nvidia ampere (NVIDIA GeForce RTX 3080); using webgpu')
  })

  it('skips a SwiftShader fallback adapter', () => {
    const choice = chooseBackend({ webgpuAdapter: swiftShader, wasmAvailable: true })
    expect(choice.order).toEqual(['wasm', 'webgl', 'cpu'])
    expect(choice.reason).toBe('WebGPU adapter is a software fallback (SwiftShader); using wasm')
  })

  it('skips software renderers that do not call themselves fallbacks', () => {
    for (const adapter of [
      { ...realGpu, architecture: 'swiftshader' },
      { ...realGpu, vendor: 'Google SwiftShader' },
      { ...realGpu, description: 'llvmpipe (LLVM 15.0.6, 256 bits)' },
    ]) {
      const choice = chooseBackend({ webgpuAdapter: adapter, wasmAvailable: true })
      expect(choice.order).toEqual(['wasm', 'webgl', 'cpu'])
      expect(choice.reason).toMatch(/^WebGPU adapter is a software renderer \((SwiftShader|llvmpipe)\); using wasm$/)
    }
    expect(chooseBackend({ webgpuAdapter: { ...realGpu, isFallbackAdapter: true }, wasmAvailable: true }).reason).toBe(
      'WebGPU adapter is a software fallback; using wasm',
    )
  })

  it('explains a missing WebGPU', () => {
    expect(chooseBackend({ webgpuAvailable: false, webgpuAdapter: null, wasmAvailable: true }).reason).toBe(
      'WebGPU is not available here; using wasm',
    )
    expect(chooseBackend({ webgpuAvailable: true, webgpuAdapter: null, wasmAvailable: true }).reason).toBe(
      'WebGPU found no adapter; using wasm',
    )
  })

  it('falls to webgl, then cpu, when WebAssembly or WebGL is missing', () => {
    const noWasm = chooseBackend({ webgpuAvailable: false, webgpuAdapter: null, wasmAvailable: false })
    expect(noWasm.order).toEqual(['webgl', 'cpu'])
    expect(noWasm.reason).toBe('WebGPU is not available here; WebAssembly is not available; using webgl')
    expect(chooseBackend({ webgpuAdapter: swiftShader, wasmAvailable: false, webglAvailable: false }).order).toEqual(['cpu'])
  })
})
