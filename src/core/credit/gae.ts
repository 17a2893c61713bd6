/**
 * Generalised advantage estimation (Schulman et al. 2016) over a rollout of T steps × n copies,
 * laid out time-major: index t·n + i is step t of copy i.
 *
 * Unlike CleanRL and PureJaxRL, a time-limit cut is not a termination: the value of the state the
 * episode was cut in (V of the final observation) is bootstrapped, so a copy that survives to the
 * limit is not told that its future is worth nothing.
 */
export interface GaeInputs {
  /** Number of copies n; every per-step array holds T × n values. */
  n: number
  rewards: ArrayLike<number>
  /** V(s_t), the critic's value of the observation each action was taken in. */
  values: ArrayLike<number>
  /** 1 where the episode ended in a terminal state at step t (no future). */
  terminated: ArrayLike<number>
  /** 1 where the episode was cut by a time limit at step t (the future exists but is unseen). */
  truncated: ArrayLike<number>
  /** V(final observation) where truncated; read only there. */
  bootstrapValues: ArrayLike<number>
  /** V of the observation after the last step of each copy (n values). */
  lastValues: ArrayLike<number>
}

export interface GaeOptions {
  gamma: number
  lambda: number
}

export interface GaeOutputs {
  advantages: Float32Array | Float64Array
  returns: Float32Array | Float64Array
}

/** Advantages and value targets (returns = A + V); writes into `out` when given. */
export function gae(inputs: GaeInputs, options: GaeOptions, out?: GaeOutputs): GaeOutputs {
  const { n, rewards, values, terminated, truncated, bootstrapValues, lastValues } = inputs
  const { gamma, lambda } = options
  const size = rewards.length
  if (n < 1 || size % n !== 0) throw new Error(`gae: ${size} rewards do not split into copies of n = ${n}`)
  for (const [name, array] of [['values', values], ['terminated', terminated], ['truncated', truncated], ['bootstrapValues', bootstrapValues]] as const) {
    if (array.length !== size) throw new Error(`gae: ${name} has ${array.length} entries, rewards has ${size}`)
  }
  if (lastValues.length !== n) throw new Error(`gae: lastValues has ${lastValues.length} entries, expected n = ${n}`)
  const steps = size / n
  const advantages = out?.advantages ?? new Float32Array(size)
  const returns = out?.returns ?? new Float32Array(size)
  if (advantages.length !== size || returns.length !== size) throw new Error(`gae: output buffers must hold ${size} entries`)

  for (let i = 0; i < n; i++) {
    // A_T = 0: nothing is known beyond the rollout except lastValues, which enters through δ.
    let nextAdvantage = 0
    for (let t = steps - 1; t >= 0; t--) {
      const index = t * n + i
      const notTerminated = terminated[index] ? 0 : 1
      const notCut = truncated[index] ? 0 : 1
      // next_t = V(finalObs_t) if truncated, V(s_T) after the last step, else V(s_{t+1})
      const nextValue = truncated[index] ? bootstrapValues[index] : t === steps - 1 ? lastValues[i] : values[index + n]
      // δ_t = r_t + γ(1 − terminated_t)·next_t − V(s_t)
      const delta = rewards[index] + gamma * notTerminated * nextValue - values[index]
      // A_t = δ_t + γλ(1 − terminated_t)(1 − truncated_t)·A_{t+1}
      nextAdvantage = delta + gamma * lambda * notTerminated * notCut * nextAdvantage
      advantages[index] = nextAdvantage
      // R_t = A_t + V(s_t)
      returns[index] = nextAdvantage + values[index]
    }
  }
  return { advantages, returns }
}
