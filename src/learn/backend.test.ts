import { execFile } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import * as tf from '@tensorflow/tfjs'
import { initBackend } from './backend'

describe('initBackend in Node', () => {
  it('rejects an unknown backend before touching TensorFlow.js', async () => {
    await expect(initBackend('cuda')).rejects.toThrow('accepted: webgpu, wasm, webgl, cpu')
  })

  it('uses a forced backend', async () => {
    expect(await initBackend('cpu')).toEqual({ backend: 'cpu', reason: 'forced by ?backend=cpu' })
    expect(tf.getBackend()).toBe('cpu')
  })

  it('finds the wasm binaries itself when nothing is requested (no WebGPU in Node)', async () => {
    const info = await initBackend()
    expect(info).toEqual({ backend: 'wasm', reason: 'WebGPU is not available here; using wasm' })
    expect(tf.getBackend()).toBe('wasm')
    const product = tf.tidy(() => tf.matMul(tf.tensor2d([[1, 2]]), tf.tensor2d([[3], [4]])))
    expect(Array.from(await product.data())).toEqual([11])
    product.dispose()
  })

  it('starts wasm asked for three times at once in a fresh process, every caller answered', async () => {
    // A fresh process: this file's own has started wasm already, and only a first start can collide.
    const script = "import { initBackend } from './src/learn/backend.ts'; const r = await Promise.allSettled([initBackend('wasm'), initBackend('wasm'), initBackend('wasm')]); console.log(JSON.stringify(r.map((x) => (x.status === 'fulfilled' ? x.value.backend : String(x.reason)))))"
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: process.cwd() }, (error, out) => (error ? reject(error) : resolve(out))),
    )
    expect(JSON.parse(stdout)).toEqual(['wasm', 'wasm', 'wasm'])
  })

  it('says why a forced backend cannot start', async () => {
    await expect(initBackend('webgpu')).rejects.toThrow(/\?backend=webgpu was requested but webgpu/)
  })
})
