import type { RolloutTable } from './rolloutTable'

/*
 * One step's counted completions laid out as the group estimators take them: group after group
 * (the step's groups in input order, each group's completions in input order), components row by
 * row, completions × K. A component that does not apply holds 0 and `applies` 0 there, so that a
 * weighted sum over every component is the sum over those that apply.
 */

export interface StepBatch {
  /** The completion (its index in the table) at each row. */
  order: Int32Array
  components: Float64Array
  applies: Uint8Array
  groupSizes: Int32Array
}

export function stepBatch(table: RolloutTable, step: number): StepBatch {
  const { groups } = table
  const K = table.names.length
  const first = groups.stepStart[step]
  const last = groups.stepStart[step + 1]
  const groupSizes = new Int32Array(last - first)
  let rows = 0
  for (let j = first; j < last; j++) {
    const g = groups.stepGroups[j]
    groupSizes[j - first] = groups.start[g + 1] - groups.start[g]
    rows += groupSizes[j - first]
  }
  const order = new Int32Array(rows)
  const components = new Float64Array(rows * K)
  const applies = new Uint8Array(rows * K)
  let row = 0
  for (let j = first; j < last; j++) {
    const g = groups.stepGroups[j]
    for (let m = groups.start[g]; m < groups.start[g + 1]; m++) {
      const i = groups.members[m]
      order[row] = i
      for (let k = 0; k < K; k++) {
        const value = table.values[k][i]
        if (Number.isNaN(value)) continue
        components[row * K + k] = value
        applies[row * K + k] = 1
      }
      row++
    }
  }
  return { order, components, applies, groupSizes }
}
