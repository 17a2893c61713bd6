import type { ToWorker } from './protocol'

/** A message that changes the design of the run in training; it waits for the end of the iteration in flight. */
export type LiveChange = Extract<ToWorker, { type: 'setReward' | 'setWeights' | 'updateLearner' | 'setSchedules' }>

/**
 * The order the kinds apply in between two iterations, whatever order they arrived in: a reward
 * change first, since it may add the components that weights arriving with it name; schedules
 * last, so they are checked against the components in force after the others.
 */
const APPLY_ORDER: readonly LiveChange['type'][] = ['setReward', 'setWeights', 'updateLearner', 'setSchedules']

export function isLiveChange(message: ToWorker): message is LiveChange {
  return (APPLY_ORDER as readonly string[]).includes(message.type)
}

/**
 * The live changes that arrived during the iteration in flight, at most one of each kind: a slider
 * dragged through many values mid-iteration costs one application, not one per value.
 */
export class LiveChangeQueue {
  private readonly pending = new Map<LiveChange['type'], LiveChange>()

  add(change: LiveChange): void {
    const earlier = this.pending.get(change.type)
    // Weights name only the sliders moved, so they merge (none lost, under the latest change's id); any other kind is whole, and the latest replaces the one before.
    const merged = change.type === 'setWeights' && earlier?.type === 'setWeights' ? { ...change, weights: { ...earlier.weights, ...change.weights } } : change
    this.pending.set(change.type, merged)
  }

  /** Every pending change, in the order they apply (APPLY_ORDER); the queue is empty after. */
  takeInApplyOrder(): LiveChange[] {
    const changes = APPLY_ORDER.flatMap((type) => this.pending.get(type) ?? [])
    this.pending.clear()
    return changes
  }
}
