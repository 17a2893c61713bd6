import { counts, type RolloutTable } from './rolloutTable'

/*
 * The line `rollouts advantages` prints per completion, and the page's "Download advantages"
 * writes, in one place so that the two files are the same: {"step", "group", "index", "reward",
 * "advantage"} in this key order, `group` the group's place among its step's groups and `index`
 * the completion's place in its group (both from 0, in input order); reward and advantage null
 * where the completion does not count.
 */

export interface AdvantageLine {
  step: number | null
  group: number
  index: number
  reward: number | null
  advantage: number | null
}

/** Completion i's line; `ordinal` from groupOrdinals (rolloutTable.ts), rewards and advantages from rolloutAdvantages. */
export function advantageLine(table: RolloutTable, ordinal: Int32Array, rewards: Float64Array, advantages: Float64Array, i: number): AdvantageLine {
  const counted = counts(table, i)
  return { step: table.steps[table.stepOf[i]], group: ordinal[table.groupOf[i]], index: table.indexInGroup[i], reward: counted ? rewards[i] : null, advantage: counted ? advantages[i] : null }
}
