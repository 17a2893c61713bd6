import { MAX_LISTED_PLACES } from './limits'
import { placeOf, type LeftOut, type RolloutGroups, type RolloutTable } from './rolloutTable'

/*
 * The groups of a table whose completions are all read: which completions count (at least one
 * component applies to them: a completion every reward function left without a value is no
 * evidence about its group, as TRL leaves out a completion all of whose rewards are None), which
 * groups count (at least two counted completions: a group baseline compares a completion with the
 * others of its prompt), and what was left out, where.
 */

type Columns = Pick<RolloutTable, 'count' | 'values' | 'steps' | 'groupOf' | 'sources' | 'sourceOf' | 'line'>

export function groupsOf(table: Columns, groupStep: Int32Array, labels: readonly string[]): { groups: RolloutGroups; leftOut: LeftOut } {
  const groupCount = groupStep.length
  const leftOut: LeftOut = { unscored: { count: 0, places: [] }, groupsOfOne: { count: 0, places: [] } }
  const scored = new Uint8Array(table.count)
  const scoredInGroup = new Int32Array(groupCount)
  for (let i = 0; i < table.count; i++) {
    for (const column of table.values) {
      if (!Number.isNaN(column[i])) {
        scored[i] = 1
        break
      }
    }
    if (scored[i] === 1) scoredInGroup[table.groupOf[i]]++
    else note(leftOut.unscored, placeOf(table, i))
  }

  // start[g + 1] = start[g] + (counted completions of g)
  const start = new Int32Array(groupCount + 1)
  for (let g = 0; g < groupCount; g++) start[g + 1] = start[g] + scoredInGroup[g]
  const members = new Int32Array(start[groupCount])
  const filled = start.slice(0, groupCount)
  for (let i = 0; i < table.count; i++) if (scored[i] === 1) members[filled[table.groupOf[i]]++] = i

  const kept = new Uint8Array(groupCount)
  const keptInStep = new Int32Array(table.steps.length)
  for (let g = 0; g < groupCount; g++) {
    if (scoredInGroup[g] >= 2) {
      kept[g] = 1
      keptInStep[groupStep[g]]++
    } else if (scoredInGroup[g] === 1) note(leftOut.groupsOfOne, placeOf(table, members[start[g]]))
  }
  const stepStart = new Int32Array(table.steps.length + 1)
  for (let s = 0; s < table.steps.length; s++) stepStart[s + 1] = stepStart[s] + keptInStep[s]
  const stepGroups = new Int32Array(stepStart[table.steps.length])
  const stepFilled = stepStart.slice(0, table.steps.length)
  for (let g = 0; g < groupCount; g++) if (kept[g] === 1) stepGroups[stepFilled[groupStep[g]]++] = g

  return { groups: { count: groupCount, stepOf: groupStep.slice(), labels, start, members, kept, stepStart, stepGroups }, leftOut }
}

function note(entry: { count: number; places: string[] }, place: string): void {
  entry.count++
  if (entry.places.length < MAX_LISTED_PLACES) entry.places.push(place)
}
