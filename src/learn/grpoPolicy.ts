import type { StoredNetwork } from '../core/credit/storedNetwork'
import type { RunConfig } from '../core/run/config'
import { createGrpoTrainerFor } from './trainers'

/** A GRPO policy before and after training, as plain arrays, and the environment steps it trained for. */
export interface TrainedGrpoPolicy {
  start: StoredNetwork
  trained: StoredNetwork
  envSteps: number
}

/**
 * Train the GRPO run `config` describes for whole updates until at least `steps` environment steps
 * are taken (as a lesson's check counts them), and return its policy at the start and at the end:
 * the network a stored prover keeps (core/credit/storedProver.ts).
 */
export async function trainGrpoPolicy(config: RunConfig, steps: number, onUpdate?: (envSteps: number) => void): Promise<TrainedGrpoPolicy> {
  if (!Number.isInteger(steps) || steps < 1) throw new Error(`trainGrpoPolicy: steps must be a whole number of at least 1, got ${steps}`)
  const trainer = await createGrpoTrainerFor(config)
  try {
    const start = await trainer.policyNetwork()
    let envSteps = 0
    while (envSteps < steps) {
      envSteps += (await trainer.iterate()).envSteps
      onUpdate?.(envSteps)
    }
    return { start, trained: await trainer.policyNetwork(), envSteps }
  } finally {
    trainer.dispose()
  }
}
