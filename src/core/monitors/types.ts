import type { MonitorFrame } from './frames'

/** A run as the monitors see it: its frames in order and which way its true objective is better. */
export interface MonitorRun {
  frames: readonly MonitorFrame[]
  higherIsBetter: boolean
}

/**
 * What a monitor concluded of a run: it fired at a frame (the first where its rule held), stayed
 * quiet over every frame, or could not be measured (the figure it needs is not in the frames, or too
 * few frames carry it). `why` says which, in figures.
 */
export type MonitorResult = { kind: 'fired'; frame: number; envSteps: number; why: string } | { kind: 'quiet'; why: string } | { kind: 'unmeasurable'; why: string }

/** One of a monitor's options: its default and the range it accepts. */
export interface MonitorOptionSpec {
  label: string
  default: number
  min: number
  max: number
  integer: boolean
}

export type MonitorOptions = Record<string, number>

export interface MonitorDefinition {
  /** kebab-case, as the command line and the JSON name it. */
  name: string
  label: string
  /** Whether it reads the true objective: the reference, which real training does not have. */
  needsGold: boolean
  options: Record<string, MonitorOptionSpec>
  run(run: MonitorRun, options: MonitorOptions): MonitorResult
}
