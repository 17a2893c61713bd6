import type { LearnerKind, RunConfig } from '../core/run/config'
import type { Trainer } from '../core/run/trainer'

/** The learners that run on TensorFlow.js (src/learn/); the tabular ones need no backend. */
const TENSOR_LEARNERS: readonly LearnerKind[] = ['ppo', 'reinforce', 'grpo', 'dpo']

/**
 * The trainer for a run config, as the app's worker builds it. TensorFlow.js (wasm) is loaded only
 * when the learner needs it: it takes a while to load, and tabular learners never do.
 */
export async function createCliTrainer(config: RunConfig): Promise<Trainer> {
  if (TENSOR_LEARNERS.includes(config.learner.kind)) {
    const { initBackend } = await import('../learn/backend')
    await initBackend('wasm')
  }
  const { createTrainer } = await import('../learn/trainers')
  return createTrainer(config)
}
