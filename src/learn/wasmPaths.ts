/**
 * URLs of the TensorFlow.js wasm binaries, served by Vite from node_modules (hashed into the build).
 * Browser only: `?url` imports are a Vite feature, so Node code must not import this module.
 */
import plainUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url'
import simdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url'
import threadedSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url'

/** URLs of the wasm binaries by file name, as `setWasmPaths` takes them (it insists on all three). */
export type WasmPaths = Record<'tfjs-backend-wasm.wasm' | 'tfjs-backend-wasm-simd.wasm' | 'tfjs-backend-wasm-threaded-simd.wasm', string>

export const wasmPaths: WasmPaths = {
  'tfjs-backend-wasm.wasm': plainUrl,
  'tfjs-backend-wasm-simd.wasm': simdUrl,
  'tfjs-backend-wasm-threaded-simd.wasm': threadedSimdUrl,
}
