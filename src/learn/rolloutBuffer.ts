/** One rollout of T steps × n copies, time-major (index t·n + i), allocated once per run. */
export interface RolloutBuffer {
  steps: number
  n: number
  obsSize: number
  /** Observation each action was taken in, (T·n) × obsSize. */
  obs: Float32Array
  actions: Int32Array
  logProbs: Float32Array
  rewards: Float32Array
  terminated: Uint8Array
  truncated: Uint8Array
  /** Final observation where truncated, (T·n) × obsSize (other rows are stale). */
  finalObs: Float32Array
  values: Float32Array
  /** V(final observation) where truncated. */
  bootstrapValues: Float32Array
  /** V of the observation after the last step, one per copy. */
  lastValues: Float32Array
  advantages: Float32Array
  returns: Float32Array
}

export function allocateRollout(steps: number, n: number, obsSize: number): RolloutBuffer {
  const size = steps * n
  return {
    steps,
    n,
    obsSize,
    obs: new Float32Array(size * obsSize),
    actions: new Int32Array(size),
    logProbs: new Float32Array(size),
    rewards: new Float32Array(size),
    terminated: new Uint8Array(size),
    truncated: new Uint8Array(size),
    finalObs: new Float32Array(size * obsSize),
    values: new Float32Array(size),
    bootstrapValues: new Float32Array(size),
    lastValues: new Float32Array(n),
    advantages: new Float32Array(size),
    returns: new Float32Array(size),
  }
}
