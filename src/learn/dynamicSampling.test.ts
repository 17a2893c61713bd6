import { describe, expect, it } from 'vitest'
import { mixInto } from '../core/rewards/mix'
import { drawGroupsWithSignal, groupsWithSignal, joinGroups } from './dynamicSampling'

/** R_i = Σ_k w_k·C_ik for each completion. */
function mixedRewards(components: Float64Array, count: number, weights: ArrayLike<number>): Float64Array {
  const rewards = new Float64Array(count)
  mixInto(Float64Array.from(weights), components, count, rewards)
  return rewards
}
import type { Completions } from './grpoRollout'

/*
 * Hand-made rounds: groups of G = 2 completions, obsSize 1, K = 2 components (correct, format).
 * Completion i of a round has length lengths[i]; each of its tokens observes 100·round + i and
 * takes action i, so that a joined batch shows where every token came from.
 */
const G = 2
const K = 2

function round(id: number, rows: { correct: number; format: number; length: number; cut?: boolean }[]): Completions {
  const count = rows.length
  const lengths = Int32Array.from(rows.map((row) => row.length))
  const starts = new Int32Array(count)
  let tokens = 0
  rows.forEach((row, i) => {
    starts[i] = tokens
    tokens += row.length
  })
  const obs = new Float32Array(tokens)
  const actions = new Int32Array(tokens)
  const logProbs = new Float32Array(tokens)
  rows.forEach((row, i) => {
    obs.fill(100 * id + i, starts[i], starts[i] + row.length)
    actions.fill(i, starts[i], starts[i] + row.length)
    logProbs.fill(-i, starts[i], starts[i] + row.length)
  })
  return {
    count,
    lengths,
    starts,
    tokens,
    obs,
    actions,
    logProbs,
    components: Float64Array.from(rows.flatMap((row) => [row.correct, row.format])),
    // Each token pays [100·id + i, t]: which round and completion it came from, and its place.
    tokenComponents: Float64Array.from(rows.flatMap((row, i) => Array.from({ length: row.length }, (_, t) => [100 * id + i, t]).flat())),
    objective: Float64Array.from(rows.map((row) => row.correct)),
    truncated: Uint8Array.from(rows.map((row) => (row.cut ? 1 : 0))),
  }
}

const silent = (length = 3) => [
  { correct: 0, format: 0, length },
  { correct: 0, format: 0, length },
]
const informative = (length = 2) => [
  { correct: 1, format: 1, length },
  { correct: 0, format: 1, length: length + 1, cut: true },
]

/** A drawRound that hands out the given rounds in turn and counts its calls. */
function rounds(list: Completions[]) {
  let calls = 0
  return {
    draw: async () => list[calls++],
    calls: () => calls,
  }
}

describe('silent groups', () => {
  it('are those whose mixed rewards are all equal; a group of one is kept', () => {
    // Groups: (0, 0) silent, (1, 0) signal, (0.5, 0.5) silent, (2, 1) signal.
    expect(groupsWithSignal([0, 0, 1, 0, 0.5, 0.5, 2, 1], 2)).toEqual([1, 3])
    expect(groupsWithSignal([1, 1, 1, 1, 1, 0], 3)).toEqual([1])
    expect(groupsWithSignal([0, 0, 0], 1)).toEqual([0, 1, 2])
  })

  it('are judged on the mixed reward: components that differ but weigh 0 or cancel give no signal', () => {
    // Completion 0: correct 1, format 0; completion 1: correct 0, format 1.
    const components = Float64Array.from([1, 0, 0, 1])
    expect(groupsWithSignal(mixedRewards(components, 2, [1, 1]), 2)).toEqual([])
    expect(groupsWithSignal(mixedRewards(components, 2, [0, 0]), 2)).toEqual([])
    expect(groupsWithSignal(mixedRewards(components, 2, [1, 0.5]), 2)).toEqual([0])
  })
})

describe('joinGroups', () => {
  it('packs the picked groups’ tokens, components and verdicts one after another', () => {
    const first = round(1, [...silent(3), ...informative(2)])
    const second = round(2, [...informative(1), ...silent(2)])
    const joined = joinGroups([{ completions: first, groups: [1] }, { completions: second, groups: [0] }], G, 1, K)
    expect(joined.count).toBe(4)
    expect(Array.from(joined.lengths)).toEqual([2, 3, 1, 2])
    expect(Array.from(joined.starts)).toEqual([0, 2, 5, 6])
    expect(joined.tokens).toBe(8)
    expect(Array.from(joined.obs)).toEqual([102, 102, 103, 103, 103, 200, 201, 201])
    expect(Array.from(joined.actions)).toEqual([2, 2, 3, 3, 3, 0, 1, 1])
    expect(Array.from(joined.logProbs)).toEqual([-2, -2, -3, -3, -3, -0, -1, -1])
    expect(Array.from(joined.components)).toEqual([1, 1, 0, 1, 1, 1, 0, 1])
    expect(Array.from(joined.objective)).toEqual([1, 0, 1, 0])
    expect(Array.from(joined.truncated)).toEqual([0, 1, 0, 1])
  })

  it('packs the components paid at each token with the tokens', () => {
    const first = round(1, [...silent(3), ...informative(2)])
    const second = round(2, [...informative(1), ...silent(2)])
    const joined = joinGroups([{ completions: first, groups: [1] }, { completions: second, groups: [0] }], G, 1, K)
    expect(Array.from(joined.tokenComponents)).toEqual([102, 0, 102, 1, 103, 0, 103, 1, 103, 2, 200, 0, 201, 0, 201, 1])
  })
})

describe('drawGroupsWithSignal', () => {
  const weights = Float64Array.of(1, 0)

  it('filters silent groups and draws more rounds until the batch is full', async () => {
    const source = rounds([
      round(0, [...silent(), ...silent()]),
      round(1, [...silent(), ...informative()]),
      round(2, [...informative(1), ...silent()]),
      round(3, [...informative(), ...informative()]),
    ])
    const drawn = await drawGroupsWithSignal(source.draw, weights, { groupSize: G, obsSize: 1, groupsWanted: 2, maxRounds: 10 })
    expect(source.calls()).toBe(3)
    expect(drawn.rounds).toBe(3)
    expect(drawn.groupsDrawn).toBe(6)
    expect(drawn.groupsKept).toBe(2)
    // Round 1's second group, then round 2's first.
    expect(Array.from(drawn.kept.obs)).toEqual([102, 102, 103, 103, 103, 200, 201, 201])
    expect(drawn.keptFrom).toEqual([
      { round: 1, group: 1 },
      { round: 2, group: 0 },
    ])
    const rewards = mixedRewards(drawn.kept.components, drawn.kept.count, weights)
    expect(groupsWithSignal(rewards, G)).toEqual([0, 1])
  })

  it('counts every sampled completion’s steps, the discarded ones too', async () => {
    const source = rounds([round(0, [...silent(3), ...silent(4)]), round(1, [...silent(2), ...informative(2)])])
    const drawn = await drawGroupsWithSignal(source.draw, weights, { groupSize: G, obsSize: 1, groupsWanted: 1, maxRounds: 10 })
    // 3 + 3 + 4 + 4, then 2 + 2 + 2 + 3
    expect(drawn.sampled.tokens).toBe(23)
    expect(drawn.sampled.count).toBe(8)
    expect(drawn.kept.tokens).toBe(5)
    expect(Array.from(drawn.sampled.objective)).toEqual([0, 0, 0, 0, 0, 0, 1, 0])
  })

  it('stops at the cap of rounds and keeps what it found, or nothing', async () => {
    const few = rounds([round(0, [...silent(), ...informative()]), round(1, [...silent(), ...silent()]), round(2, [...informative(), ...informative()])])
    const partial = await drawGroupsWithSignal(few.draw, weights, { groupSize: G, obsSize: 1, groupsWanted: 2, maxRounds: 2 })
    expect(few.calls()).toBe(2)
    expect(partial).toMatchObject({ rounds: 2, groupsDrawn: 4, groupsKept: 1 })
    expect(partial.kept.count).toBe(2)

    const none = rounds([round(0, [...silent(), ...silent()]), round(1, [...silent(), ...silent()])])
    const empty = await drawGroupsWithSignal(none.draw, weights, { groupSize: G, obsSize: 1, groupsWanted: 2, maxRounds: 2 })
    expect(empty).toMatchObject({ rounds: 2, groupsDrawn: 4, groupsKept: 0 })
    expect(empty.kept.count).toBe(0)
    expect(empty.kept.tokens).toBe(0)
    expect(empty.sampled.tokens).toBe(24)
  })

  it('keeps no more groups than wanted: the last round’s extra ones are dropped', async () => {
    const source = rounds([round(0, [...informative(1), ...informative(2)])])
    const drawn = await drawGroupsWithSignal(source.draw, weights, { groupSize: G, obsSize: 1, groupsWanted: 1, maxRounds: 5 })
    expect(drawn).toMatchObject({ rounds: 1, groupsDrawn: 2, groupsKept: 1 })
    expect(Array.from(drawn.kept.lengths)).toEqual([1, 2])
  })
})
