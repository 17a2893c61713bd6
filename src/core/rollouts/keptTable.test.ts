import { describe, expect, it } from 'vitest'
import { keptTableBytes, keptTableOf, keptTableProblem, tableFromKept, type KeptTable } from './keptTable'
import { jsonl, tableOf } from './testTables'

/* A table kept and read back: the same table, and a damaged one named by its first problem, never opened. */

// Two steps; step 1 has a group of two and a group of one (left out), step 2 a group of two with one unscored completion.
const TABLE = tableOf([
  {
    name: '1.jsonl',
    fileStep: 1,
    text: jsonl([
      { group: 'a', text: 'xy', rewards: { r: 1, s: 0 } },
      { group: 'a', text: 'é', rewards: { r: 0, s: null } },
      { group: 'b', text: '', rewards: { r: 2 } },
    ]),
  },
  {
    name: '2.jsonl',
    fileStep: 2,
    text: jsonl([
      { group: 'c', text: 'z', rewards: { r: 1 } },
      { group: 'c', text: 'w', rewards: { r: null } },
      { group: 'c', text: 'v', rewards: { r: 3 } },
    ]),
  },
])

function damaged(change: (kept: KeptTable) => void): string | null {
  const kept = keptTableOf(TABLE)
  change(kept)
  return keptTableProblem(kept)
}

describe('a kept rollout table', () => {
  it('comes back as the same table, its groups and what was left out worked out again', () => {
    const parsed = tableFromKept(keptTableOf(TABLE))
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(parsed.table).toEqual(TABLE)
    expect(parsed.table.leftOut.groupsOfOne).toEqual({ count: 1, places: ['1.jsonl line 3'] })
    expect(parsed.table.leftOut.unscored).toEqual({ count: 1, places: ['2.jsonl line 2'] })
  })

  it('keeps the lengths in tokens where the file gives them, and opens a table kept without that column', () => {
    const withTokens = tableOf(jsonl([
      { group: 'a', text: 'xy', tokens: 3, rewards: { r: 1 } },
      { group: 'a', text: 'z', rewards: { r: 0 } },
    ]))
    const kept = keptTableOf(withTokens)
    expect(Array.from(kept.tokenLengths!)).toEqual([3, -1])
    const parsed = tableFromKept(kept)
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(parsed.table).toEqual(withTokens)
    expect(Array.from(parsed.table.tokenLengths!)).toEqual([3, -1])
    // 2 completions: values 16, six index columns 48, groupSteps 4, tokenLengths 8; texts 3, label 1.
    expect(keptTableBytes(kept)).toBe(16 + 48 + 4 + 8 + 3 + 1 + 1)
    // A table kept before the column was: no tokenLengths key at all.
    const older: Partial<KeptTable> = keptTableOf(TABLE)
    delete older.tokenLengths
    const opened = tableFromKept(older)
    if (!opened.ok) throw new Error(opened.problem)
    expect(opened.table.tokenLengths).toBeNull()
    expect(opened.table).toEqual(TABLE)
  })

  it('is a copy: handing its buffers over leaves the table whole', () => {
    const kept = keptTableOf(TABLE)
    kept.values[0][0] = 99
    kept.groupOf[0] = 7
    expect(TABLE.values[0][0]).toBe(1)
    expect(TABLE.groupOf[0]).toBe(0)
  })

  it('counts its bytes: the typed arrays, and the texts as UTF-8', () => {
    // 6 completions: values 2 × 6 × 8 = 96; stepOf, groupOf, indexInGroup, line, sourceOf, lengths 6 × 6 × 4 = 144;
    // groupSteps 3 × 4 = 12; texts "xy" "é" "" "z" "w" "v" = 2 + 2 + 0 + 1 + 1 + 1 = 7; labels "a" "b" "c" = 3;
    // sources "1.jsonl" "2.jsonl" = 14; names "r" "s" = 2.
    expect(keptTableBytes(keptTableOf(TABLE))).toBe(96 + 144 + 12 + 7 + 3 + 14 + 2)
  })

  it.each<[string, (kept: KeptTable) => void, string]>([
    ['no object', () => undefined, ''],
    ['an unknown format', (kept) => Object.assign(kept, { format: 'csv' }), 'format is "csv"; accepted: verl, trl, jsonl'],
    ['a count of none', (kept) => Object.assign(kept, { count: 0 }), 'count is 0; accepted: a whole number from 1 to 1000000'],
    ['a count the columns do not have', (kept) => Object.assign(kept, { count: 5 }), 'values[0] holds 6 numbers for 5 completions'],
    ['a name twice', (kept) => Object.assign(kept, { names: ['r', 'r'] }), 'names holds a component twice; accepted: each name once'],
    ['a step of text', (kept) => Object.assign(kept, { steps: [1, '2'] }), 'steps holds "2"; accepted: a whole number from 0, or null'],
    ['a column missing', (kept) => kept.values.pop(), 'values is not a list of 2 columns, one per name'],
    ['numbers as a list', (kept) => Object.assign(kept, { values: [[1, 0, 2, 1, NaN, 3], kept.values[1]] }), 'values[0] is not a column of numbers (accepted: a Float64Array)'],
    ['an infinite reward', (kept) => (kept.values[1][2] = Infinity), 'values[1] holds Infinity at completion 2; accepted: a finite number, or NaN where it does not apply'],
    ['an infinite logged advantage', (kept) => Object.assign(kept, { loggedAdvantages: Float64Array.of(0, 0, 0, 0, 0, -Infinity) }), 'loggedAdvantages holds -Infinity at completion 5; accepted: a finite number, or NaN where it does not apply'],
    ['a text too long', (kept) => (kept.texts[3] = 'x'.repeat(201)), 'texts[3] holds 201 characters; accepted: at most 200'],
    ['a text missing', (kept) => kept.texts.pop(), 'texts is not a list of 6 texts'],
    ['a step out of range', (kept) => (kept.stepOf[4] = 2), 'stepOf holds 2 at 4; accepted: 0 to 1'],
    ['a group out of range', (kept) => (kept.groupOf[0] = -1), 'groupOf holds -1 at 0; accepted: 0 to 2'],
    ['a source out of range', (kept) => (kept.sourceOf[5] = 9), 'sourceOf holds 9 at 5; accepted: 0 to 1'],
    ['a negative length', (kept) => (kept.lengths[1] = -4), 'lengths holds -4 at 1; accepted: 0 to 2147483646'],
    ['tokens as a list', (kept) => Object.assign(kept, { tokenLengths: [1, 2, 3, 4, 5, 6] }), 'tokenLengths is not a column of whole numbers (accepted: an Int32Array, or null)'],
    ['a short column of tokens', (kept) => Object.assign(kept, { tokenLengths: Int32Array.of(1, 2, 3) }), 'tokenLengths holds 3 values where 6 belong'],
    ['tokens below -1', (kept) => Object.assign(kept, { tokenLengths: Int32Array.of(1, -1, 0, -2, 5, 6) }), 'tokenLengths holds -2 at 3; accepted: -1 (no length in tokens) to 2147483647'],
    ['a short index column', (kept) => Object.assign(kept, { line: kept.line.subarray(0, 5) }), 'line holds 5 values where 6 belong'],
    ['a completion in a group of another step', (kept) => (kept.groupOf[3] = 0), 'completion 3 is of step index 1 but its group 0 is of step index 0'],
    ['places in a group out of order', (kept) => (kept.indexInGroup[1] = 0), 'completion 1 is number 0 of group 0, which had 1 before it'],
    ['a group with no completion', (kept) => Object.assign(kept, { groupSteps: Int32Array.of(0, 0, 1, 1), groupLabels: ['a', 'b', 'c', 'd'] }), 'group 3 has no completion'],
  ])('with %s is named, never opened', (_, change, problem) => {
    if (problem === '') {
      expect(keptTableProblem('junk')).toBe('it holds no table (accepted: an object of columns)')
      expect(tableFromKept(null)).toEqual({ ok: false, problem: 'it holds no table (accepted: an object of columns)' })
      return
    }
    expect(damaged(change)).toBe(problem)
    const kept = keptTableOf(TABLE)
    change(kept)
    expect(tableFromKept(kept)).toEqual({ ok: false, problem })
  })
})
