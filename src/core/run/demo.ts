import type { EnvSpec } from '../envs/types'
import type { IterationReport } from './trainer'

/**
 * Records, step by step, the internal states of the copies one picture shows (copy 0, or a whole
 * team or group: spec.demoCopies), for the canvas view to replay.
 */
export class DemoRecorder {
  readonly copies: number
  private readonly stride: number
  private readonly states: Float64Array
  private steps = 0

  constructor(spec: EnvSpec, n: number, maxSteps: number) {
    this.copies = Math.min(spec.demoCopies ?? 1, n)
    this.stride = this.copies * spec.stateVars.length
    this.states = new Float64Array(maxSteps * this.stride)
  }

  /** Copy the shown copies' states (the first copies × stateVars values of `state`) as step t. */
  record(t: number, state: Float64Array): void {
    this.states.set(state.subarray(0, this.stride), t * this.stride)
    this.steps = Math.max(this.steps, t + 1)
  }

  /** The recording so far, as a fresh array the caller may transfer. */
  take(): IterationReport['demo'] {
    const demo = { states: this.states.slice(0, this.steps * this.stride), steps: this.steps, copies: this.copies }
    this.steps = 0
    return demo
  }
}
