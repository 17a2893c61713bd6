import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema } from '../credit/estimatorSchema'
import { advantageLine } from './advantageLines'
import { groupOrdinals } from './rolloutTable'
import { rolloutAdvantages } from './rolloutAdvantages'
import { jsonl, tableOf } from './testTables'

// Step 1: groups a (rewards 1, 0) and b (one scored completion: left out); step 2: group a (2, 0, 1).
const FILE = jsonl([
  { group: 'a', step: 1, rewards: { r: 1 } },
  { group: 'b', step: 1, rewards: { r: 5 } },
  { group: 'a', step: 1, rewards: { r: 0 } },
  { group: 'b', step: 1, rewards: { r: null } },
  { group: 'a', step: 2, rewards: { r: 2 } },
  { group: 'a', step: 2, rewards: { r: 0 } },
  { group: 'a', step: 2, rewards: { r: 1 } },
])

describe('advantageLine', () => {
  it('numbers groups within their step and gives null where a completion does not count', () => {
    const table = tableOf(FILE)
    expect(Array.from(groupOrdinals(table))).toEqual([0, 1, 0])
    const { rewards, advantages } = rolloutAdvantages(table, [1], GroupEstimatorSchema.parse({ scale: 'none' }))
    const lines = Array.from({ length: table.count }, (_, i) => JSON.stringify(advantageLine(table, groupOrdinals(table), rewards, advantages, i)))
    // A = R − group mean: step 1 a: 1 − ½, 0 − ½; step 2 a: 2 − 1, 0 − 1, 1 − 1.
    expect(lines).toEqual([
      '{"step":1,"group":0,"index":0,"reward":1,"advantage":0.5}',
      '{"step":1,"group":1,"index":0,"reward":null,"advantage":null}',
      '{"step":1,"group":0,"index":1,"reward":0,"advantage":-0.5}',
      '{"step":1,"group":1,"index":1,"reward":null,"advantage":null}',
      '{"step":2,"group":0,"index":0,"reward":2,"advantage":1}',
      '{"step":2,"group":0,"index":1,"reward":0,"advantage":-1}',
      '{"step":2,"group":0,"index":2,"reward":1,"advantage":0}',
    ])
  })
})
