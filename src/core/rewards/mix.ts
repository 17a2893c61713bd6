import type { EnvSpec } from '../envs/types'
import { ownValue } from '../reservedNames'

/**
 * A reward design as data: one weight per named component. The reward of a step is
 *   r_t = Σ_k w_k · c_k,t
 * over the environment's raw components c_k,t, which are recorded per step so that any mix can be
 * re-scored later without stepping the environment again.
 */
export interface RewardMix {
  weights: Record<string, number>
}

/** A mix resolved against one environment: weights in the spec's component order. */
export interface CompiledMix {
  names: string[]
  weights: Float64Array
}

export function defaultMix(spec: EnvSpec): RewardMix {
  return { weights: Object.fromEntries(spec.components.map((component) => [component.name, component.defaultWeight])) }
}

/**
 * Resolve a mix against a spec. Components the mix does not name keep their default weight;
 * names the environment does not have are an error that lists the accepted names.
 */
export function compileMix(spec: EnvSpec, mix: RewardMix): CompiledMix {
  const names = spec.components.map((c) => c.name)
  for (const [name, weight] of Object.entries(mix.weights)) {
    if (!names.includes(name)) {
      throw new Error(`unknown reward component "${name}" for ${spec.id}; accepted: ${names.join(', ')}`)
    }
    if (!Number.isFinite(weight)) {
      throw new Error(`weight of "${name}" must be a finite number, got ${weight}`)
    }
  }
  const weights = new Float64Array(names.length)
  spec.components.forEach((c, k) => {
    weights[k] = ownValue(mix.weights, c.name) ?? c.defaultWeight
  })
  return { names, weights }
}

/** r = Σ_k w_k · c_k for one step of one copy; `components` holds K values from `offset`. */
export function mixOne(weights: Float64Array, components: ArrayLike<number>, offset: number): number {
  let reward = 0
  for (let k = 0; k < weights.length; k++) reward += weights[k] * components[offset + k]
  return reward
}

/** r_i = Σ_k w_k · c_i,k for every row of a row-major (rows × K) component buffer. */
export function mixInto(weights: Float64Array, components: ArrayLike<number>, rows: number, out: Float32Array | Float64Array): void {
  const K = weights.length
  for (let i = 0; i < rows; i++) out[i] = mixOne(weights, components, i * K)
}

/** A mix must give one weight per component of the environment it drives. */
export function checkMix(mix: CompiledMix, numComponents: number, envId: string): void {
  if (mix.weights.length !== numComponents) {
    throw new Error(`the reward mix has ${mix.weights.length} weights but ${envId} has ${numComponents} components`)
  }
}
