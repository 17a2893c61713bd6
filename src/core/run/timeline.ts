import type { StepRecord } from './stepRecord'
import { ownValue } from '../reservedNames'

/** One step of an episode as the credit timeline draws it. */
export interface TimelineStep {
  t: number
  /** The step's row in the record; −1 when the record no longer holds it (latestEpisodeTimeline). */
  row: number
  /** w_k·c_k per component name. */
  contributions: Record<string, number>
  reward: number
  /** G_t = r_t + γ·G_{t+1} within the episode (0 after its last recorded step). */
  returnToGo: number
}

/**
 * The most recent complete episode of `copy` in the record (or, when none ended yet, the steps so
 * far), scored under `weights`: per step each component's contribution w_k·c_k, the reward and the
 * return-to-go G_t = r_t + γ·G_{t+1}. Returns [] when the record holds no step of that copy.
 */
export function episodeTimeline(record: StepRecord, weights: Record<string, number>, gamma: number, copy = 0): TimelineStep[] {
  const K = record.names.length
  const rows = copyRows(record, copy)
  // the last episode end among this copy's rows, and the one before it
  let end = lastEnd(record, rows)
  let start = 0
  if (end >= 0) {
    for (let j = end - 1; j >= 0; j--) {
      if (record.ends[rows[j]]) {
        start = j + 1
        break
      }
    }
  } else end = rows.length - 1
  const steps: TimelineStep[] = []
  for (let j = start; j <= end; j++) {
    const r = rows[j]
    steps.push(scoredStep(record.names, weights, record.components, r * K, j - start, r))
  }
  withReturnsToGo(steps, gamma)
  return steps
}

/** Copy 0's latest episode as the credit timeline draws it: its kept steps, and of how many. */
export interface EpisodeTimeline {
  /** Its last min(length, MAX_EPISODE_STEPS) steps (all of them, mostly); t counts from the episode's first step. */
  steps: TimelineStep[]
  /** Steps the episode took. */
  length: number
  /** Whether it ended; else it is copy 0's first episode, still running. */
  finished: boolean
}

/**
 * Copy 0's latest finished episode, whole (record.latestEpisode: its last MAX_EPISODE_STEPS steps
 * when longer), scored under `weights` like episodeTimeline: w_k·c_k per component, the reward and
 * G_t = r_t + γ·G_{t+1} (0 after its last step, so a shown tail's G_t are the episode's own). Each
 * step's row is its row in the record where the record still holds it (its latest steps), else −1.
 */
export function latestEpisodeTimeline(record: StepRecord, weights: Record<string, number>, gamma: number): EpisodeTimeline {
  const episode = record.latestEpisode
  if (episode === null) return { steps: [], length: 0, finished: false }
  const K = record.names.length
  const rows = copyRows(record, 0)
  // The episode's last step is copy 0's last end in the record (its last row while it runs); none: it ended before the record began.
  const last = episode.finished ? lastEnd(record, rows) : rows.length - 1
  const first = episode.length - episode.kept
  const steps: TimelineStep[] = []
  for (let j = 0; j < episode.kept; j++) {
    const t = first + j
    const position = last < 0 ? -1 : last - (episode.length - 1 - t)
    steps.push(scoredStep(record.names, weights, episode.components, j * K, t, position >= 0 ? rows[position] : -1))
  }
  withReturnsToGo(steps, gamma)
  return { steps, length: episode.length, finished: episode.finished }
}

/** The record's rows of one copy, oldest first. */
function copyRows(record: StepRecord, copy: number): number[] {
  const rows: number[] = []
  for (let r = 0; r < record.rows; r++) if (record.copies[r] === copy) rows.push(r)
  return rows
}

/** The position in `rows` of the last one that ended an episode, or −1. */
function lastEnd(record: StepRecord, rows: readonly number[]): number {
  for (let j = rows.length - 1; j >= 0; j--) if (record.ends[rows[j]]) return j
  return -1
}

/** One step scored under `weights`: w_k·c_k per component (K values of `components` from `offset`) and their sum. */
function scoredStep(names: readonly string[], weights: Record<string, number>, components: Float64Array, offset: number, t: number, row: number): TimelineStep {
  const contributions: Record<string, number> = {}
  let reward = 0
  for (let k = 0; k < names.length; k++) {
    const part = (ownValue(weights, names[k]) ?? 0) * components[offset + k]
    contributions[names[k]] = part
    reward += part
  }
  return { t, row, contributions, reward, returnToGo: 0 }
}

/** G_t = r_t + γ·G_{t+1}, backwards from 0 after the last step. */
function withReturnsToGo(steps: TimelineStep[], gamma: number): void {
  let running = 0
  for (let j = steps.length - 1; j >= 0; j--) {
    running = steps[j].reward + gamma * running
    steps[j].returnToGo = running
  }
}
