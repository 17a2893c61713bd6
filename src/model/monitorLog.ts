import { mergeFrames, type MonitorFrame } from '../core/monitors/frames'

/*
 * The live run's frames as the hacking monitors read them (core/monitors/). The page's metrics
 * frames come about every 100 ms, whatever the learner's batch; the monitors' windows count
 * frames, so the log cuts the run so far into frames of S environment steps each, as
 * `monitor check` cuts a run into 100: S starts at one step (every page frame a frame of its own)
 * and doubles, the frames merged again (core/monitors/frames.ts mergeFrames), whenever the run
 * holds 2·MONITOR_FRAMES of them. A run is therefore always between MONITOR_FRAMES and
 * 2·MONITOR_FRAMES frames long once it has that many page frames, and memory stays bounded.
 */

/** Frames the run so far is cut into, at the least, once it is long enough (monitor check's 100 per run). */
export const MONITOR_FRAMES = 100

export interface MonitorLog {
  /** S: environment steps per frame (a power of two). */
  stepsPerFrame: number
  /** The frames that closed, in order: the ones the monitors read. A new array only when one closes. */
  closed: readonly MonitorFrame[]
  /** The page frames since the last one closed, merged into the next frame once it reaches its boundary. */
  open: readonly MonitorFrame[]
}

export const EMPTY_MONITOR_LOG: MonitorLog = { stepsPerFrame: 1, closed: [], open: [] }

/**
 * The log after one more page frame. The open frames close into one when the newest reaches the
 * next multiple of S after the last closed frame's steps (mergeFrames' boundary); at 2·MONITOR_FRAMES
 * closed frames, S becomes the least power of two (above S) with envSteps / S ≤ MONITOR_FRAMES and
 * the closed frames are merged again into frames of S. `closed` keeps its identity when nothing closed.
 */
export function appendMonitorFrame(log: MonitorLog, frame: MonitorFrame): MonitorLog {
  const last = log.closed[log.closed.length - 1]
  const boundary = (Math.floor((last?.envSteps ?? 0) / log.stepsPerFrame) + 1) * log.stepsPerFrame
  const open = [...log.open, frame]
  if (frame.envSteps < boundary) return { ...log, open }
  // The open frames as one frame: a boundary none of them reaches keeps them in one bucket.
  const closed = [...log.closed, ...mergeFrames(open, Number.MAX_VALUE)]
  if (closed.length < 2 * MONITOR_FRAMES) return { stepsPerFrame: log.stepsPerFrame, closed, open: [] }
  let stepsPerFrame = 2 * log.stepsPerFrame
  while (frame.envSteps / stepsPerFrame > MONITOR_FRAMES) stepsPerFrame *= 2
  return { stepsPerFrame, closed: mergeFrames(closed, stepsPerFrame), open: [] }
}
