import { findEnv } from '../envs/registry'
import type { EnvSpec, NaturalPotential, PotentialContext, StepBuffers } from '../envs/types'

/*
 * Potential-based reward shaping (Ng, Harada & Russell 1999) and its naive counterpart.
 *
 * Potential-based: F = γ·Φ(s′) − Φ(s), with Φ(s′) = 0 when s′ is terminal. Over an episode the
 * discounted sum telescopes to γ^T·Φ(s_T) − Φ(s_0) (or −Φ(s_0) when it terminates), so it cannot
 * change which policy is optimal, whatever Φ and weight, as long as γ is the learner's discount.
 * A time-limit cut is not terminal: s_T is a real state whose future the learner bootstraps from,
 * so Φ of the final state is used there.
 * Naive: the same quantity paid as a reward, w·Φ(s′) every step (the terminal step included):
 * it changes what is optimal, typically into hovering near the goal instead of reaching it.
 *
 * Φ is evaluated on the internal state vector (spec.stateVars, the `env.state` layout), read from
 * `offset`; a user-written Φ (an expression compiled elsewhere) plugs in as the same plain function.
 */

/** Φ of the state held in `state` from `offset` (spec.stateVars order). */
export type PotentialFn = (state: ArrayLike<number>, offset: number) => number

/*
 * The natural potentials are facts of each environment, declared in its own file
 * (EnvDefinition.potentials: CartPole's, MountainCar's and Acrobot's there, the grids' in
 * envs/gridFacts.ts); environments without a meaningful state potential (the bandit, the token
 * task, the team game) offer none, and a user-written Φ still works there.
 */
export type { NaturalPotential, PotentialContext } from '../envs/types'

/** The natural potentials of an environment, from its definition (none for an unknown id). */
export function potentialsFor(envId: string): readonly NaturalPotential[] {
  return findEnv(envId)?.potentials ?? []
}

/** Φ named `name` of spec's environment, bound to the spec so it is a plain PotentialFn. */
export function bindPotential(spec: EnvSpec, name: string): PotentialFn {
  const found = potentialsFor(spec.id).find((p) => p.name === name)
  if (!found) {
    const names = potentialsFor(spec.id).map((p) => p.name)
    throw new Error(`unknown potential "${name}" for ${spec.id}; accepted: ${[...names, 'custom'].join(', ')}`)
  }
  const context: PotentialContext = { spec }
  return (state, offset) => found.phi(state, offset, context)
}

// ——— the shaping terms ————————————————————————————————————————————————————————————————————

export interface ShapingOptions {
  /** Multiplies F (or the naive Φ(s′)). */
  weight: number
  /** The discount in F; the learner's own γ keeps the optimal policy unchanged. */
  gamma: number
  /** Pay w·Φ(s′) every step instead of w·(γ·Φ(s′) − Φ(s)). */
  naive: boolean
}

/** F = γ·(1 − terminated)·Φ(s′) − Φ(s) for one transition, from the two potentials. */
export function potentialDifference(phiBefore: number, phiAfter: number, terminated: boolean, gamma: number): number {
  return (terminated ? 0 : gamma * phiAfter) - phiBefore
}

/** What shapeStep and the count bonuses read from a step's buffers besides the current state. */
export type StepEnds = Pick<StepBuffers, 'terminated' | 'truncated' | 'finalState'>

/**
 * The state copy i reached with the step: `finalState` where its episode ended (the env may have
 * auto-reset `stateNow` already), else `stateNow` (env.state after the step). Returns the array to
 * read from offset i·stateSize.
 */
export function reachedState(stateNow: ArrayLike<number>, step: StepEnds, i: number): ArrayLike<number> {
  return step.terminated[i] || step.truncated[i] ? step.finalState : stateNow
}

/**
 * The shaping reward of one step of n copies, into `out` (n). `stateBefore` is n × stateSize, the
 * internal states before the step (env.state copied before stepping); `stateNow` is env.state after
 * it, and where an episode ended s′ is read from `step.finalState` instead (a cut episode's final
 * state is a real state, so Φ of it counts; a terminated one's Φ is 0).
 * Potential-based: out_i = w·(γ·(1 − terminated_i)·Φ(s′_i) − Φ(s_i)); naive: out_i = w·Φ(s′_i).
 */
export function shapeStep(
  phi: PotentialFn,
  options: ShapingOptions,
  stateBefore: ArrayLike<number>,
  stateNow: ArrayLike<number>,
  step: StepEnds,
  n: number,
  stateSize: number,
  out: Float64Array,
): void {
  const { weight, gamma, naive } = options
  for (let i = 0; i < n; i++) {
    const offset = i * stateSize
    const terminated = step.terminated[i] === 1
    if (naive) {
      // naive: w·Φ(s′)
      out[i] = weight * phi(reachedState(stateNow, step, i), offset)
    } else {
      // F = w·(γ·(1 − terminated)·Φ(s′) − Φ(s))
      const phiAfter = terminated ? 0 : phi(reachedState(stateNow, step, i), offset)
      out[i] = weight * potentialDifference(phi(stateBefore, offset), phiAfter, terminated, gamma)
    }
  }
}
