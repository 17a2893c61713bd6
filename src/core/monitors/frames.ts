import type { MetricsSummary } from '../run/metrics'

/*
 * What the monitors read of a run: one frame per stretch of training, each the means over the
 * episodes that finished in it and over the updates it made. A frame carries only what every
 * learner can say; a figure a learner does not report (KL to a reference, entropy) is absent, and
 * the monitor that needs it says the run cannot be measured rather than guess.
 */
export interface MonitorFrame {
  /** Environment steps at the end of the frame, counted from the start of the run. */
  envSteps: number
  /** Episodes that finished in the frame (the weight of its episode means). */
  episodes: number
  /** Means over those episodes; null when none finished. */
  shapedReturn: number | null
  objective: number | null
  length: number | null
  /** Mean contribution Σ_t w_k·c_k,t of each component over those episodes, by name; null when none finished. */
  contributions: Record<string, number> | null
  /** The learner's diagnostics, each the mean over the frame's updates that reported it (finite values only). */
  diagnostics: Record<string, number>
}

/** Frames `monitor check` cuts a run into, whatever its budget: a monitor's window of W frames is W% of the run. */
export const FRAMES_PER_RUN = 100

/** One iteration's frame from the summary of that iteration alone (a MetricsAccumulator flushed after every iteration). */
export function iterationFrameOf(summary: MetricsSummary, componentNames: readonly string[]): MonitorFrame {
  const contributions = summary.meanContributions
  return {
    envSteps: summary.envSteps,
    episodes: summary.episodesInFrame,
    shapedReturn: summary.meanReturn,
    objective: summary.meanObjective,
    length: summary.meanLength,
    contributions: contributions === null ? null : Object.fromEntries(componentNames.map((name, k) => [name, contributions[k] ?? 0])),
    diagnostics: finiteOnly(summary.diagnostics),
  }
}

/**
 * Merge consecutive frames (in order) into frames of about `stepsPerFrame` environment steps each,
 * so that a monitor's window means the same stretch of training whatever the learner's batch. A
 * merged frame closes at the first frame whose envSteps reaches the next multiple of stepsPerFrame
 * (a frame longer than that stands alone). In a merged frame, with n_i the episodes of frame i:
 *   episode mean = Σ_i n_i·m_i / Σ_i n_i over the frames that have one (null when Σ_i n_i = 0),
 *   diagnostic d = (1/M)·Σ_i d_i over the M frames that report d.
 */
export function mergeFrames(frames: readonly MonitorFrame[], stepsPerFrame: number): MonitorFrame[] {
  if (!(Number.isFinite(stepsPerFrame) && stepsPerFrame > 0)) throw new Error(`mergeFrames: steps per frame must be a finite number above 0, got ${stepsPerFrame}`)
  const merged: MonitorFrame[] = []
  let bucket: MonitorFrame[] = []
  let boundary = stepsPerFrame
  for (const frame of frames) {
    bucket.push(frame)
    if (frame.envSteps >= boundary) {
      merged.push(mergeBucket(bucket))
      bucket = []
      boundary = (Math.floor(frame.envSteps / stepsPerFrame) + 1) * stepsPerFrame
    }
  }
  if (bucket.length > 0) merged.push(mergeBucket(bucket))
  return merged
}

function mergeBucket(bucket: readonly MonitorFrame[]): MonitorFrame {
  const withEpisodes = bucket.filter((frame) => frame.episodes > 0)
  const episodes = withEpisodes.reduce((sum, frame) => sum + frame.episodes, 0)
  const episodeMean = (read: (frame: MonitorFrame) => number | null): number | null => {
    let sum = 0
    let weight = 0
    for (const frame of withEpisodes) {
      const value = read(frame)
      if (value === null || !Number.isFinite(value)) continue
      sum += frame.episodes * value
      weight += frame.episodes
    }
    return weight > 0 ? sum / weight : null
  }
  const names = [...new Set(withEpisodes.flatMap((frame) => Object.keys(frame.contributions ?? {})))]
  const contributions = names.length === 0 ? null : Object.fromEntries(names.map((name) => [name, episodeMean((frame) => (frame.contributions && Object.hasOwn(frame.contributions, name) ? frame.contributions[name] : null)) ?? 0]))
  const diagnosticNames = [...new Set(bucket.flatMap((frame) => Object.keys(frame.diagnostics)))]
  const diagnostics: Record<string, number> = {}
  for (const name of diagnosticNames) {
    const values = bucket.map((frame) => frame.diagnostics[name]).filter((value) => value !== undefined && Number.isFinite(value))
    if (values.length > 0) diagnostics[name] = values.reduce((sum, value) => sum + value, 0) / values.length
  }
  return {
    envSteps: bucket[bucket.length - 1].envSteps,
    episodes,
    shapedReturn: episodeMean((frame) => frame.shapedReturn),
    objective: episodeMean((frame) => frame.objective),
    length: episodeMean((frame) => frame.length),
    contributions,
    diagnostics,
  }
}

function finiteOnly(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => Number.isFinite(value)))
}
