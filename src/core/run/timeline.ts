import type { StepRecord } from './stepRecord'

/** One step of an episode as the credit timeline draws it. */
export interface TimelineStep {
  t: number
  /** The step's row in the record. */
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
  const rows: number[] = []
  for (let r = 0; r < record.rows; r++) if (record.copies[r] === copy) rows.push(r)
  // the last episode end among this copy's rows, and the one before it
  let end = -1
  for (let j = rows.length - 1; j >= 0; j--) {
    if (record.ends[rows[j]]) {
      end = j
      break
    }
  }
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
    const contributions: Record<string, number> = {}
    let reward = 0
    for (let k = 0; k < K; k++) {
      const part = (weights[record.names[k]] ?? 0) * record.components[r * K + k]
      contributions[record.names[k]] = part
      reward += part
    }
    steps.push({ t: j - start, row: r, contributions, reward, returnToGo: 0 })
  }
  // G_t = r_t + γ·G_{t+1}, backwards
  let running = 0
  for (let j = steps.length - 1; j >= 0; j--) {
    running = steps[j].reward + gamma * running
    steps[j].returnToGo = running
  }
  return steps
}
