import * as tf from '@tensorflow/tfjs'
import { initBackend } from '../src/learn/backend'
import { createTrainer } from '../src/learn/trainers'
import { cartpoleConfig } from './ppoNode'
import { emptyResult, type SectionResult } from './results'
import { progress } from './stats'

const WARMUP_ITERATIONS = 10

/** `tensors_leaked_per_iteration`: growth of tf.memory().numTensors per PPO iteration after a warm-up. */
export async function benchTensorLeak(quick: boolean): Promise<SectionResult> {
  const result = emptyResult()
  const backend = await initBackend('wasm')
  const iterations = quick ? 50 : 200
  const trainer = await createTrainer(cartpoleConfig(1))
  try {
    for (let k = 0; k < WARMUP_ITERATIONS; k++) await trainer.iterate()
    const before = tf.memory().numTensors
    for (let k = 0; k < iterations; k++) await trainer.iterate()
    const after = tf.memory().numTensors
    result.figures.tensors_leaked_per_iteration = (after - before) / iterations
    result.runs.tensors_leaked_per_iteration = { backend: backend.backend, warmup: WARMUP_ITERATIONS, iterations, numTensorsBefore: before, numTensorsAfter: after }
    progress(`tensors: ${before} → ${after} over ${iterations} iterations`)
  } finally {
    trainer.dispose()
  }
  result.notes.tensors_leaked_per_iteration = `PPO on CartPole (${backend.backend} backend in Node), ${WARMUP_ITERATIONS} warm-up iterations, then ${iterations} measured`
  return result
}
