import type { MonitorFrame } from './frames'

/** A synthetic frame for the monitors' tests: frame k at envSteps 1000·(k + 1), one episode, nothing else unless given. */
export function frameAt(index: number, fields: Partial<MonitorFrame> = {}): MonitorFrame {
  return { envSteps: 1000 * (index + 1), episodes: 1, shapedReturn: null, objective: null, length: null, contributions: null, diagnostics: {}, ...fields }
}

/** Frames carrying one diagnostic, one value each (undefined: the frame lacks it). */
export function diagnosticFrames(name: string, values: readonly (number | undefined)[]): MonitorFrame[] {
  return values.map((value, k) => frameAt(k, { diagnostics: value === undefined ? {} : { [name]: value } }))
}
