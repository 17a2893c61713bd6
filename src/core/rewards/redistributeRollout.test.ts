import { describe, expect, it } from 'vitest'
import { redistributeRollout } from './redistributeRollout'

describe('redistributeRollout', () => {
  it('spreads the redistributed part of each episode evenly and keeps every episode’s return', () => {
    // One copy, 5 steps; the episode ends at t = 2 (terminated), the next runs on.
    // rewards = step cost −1 each + a goal contribution of 6 at t = 2 and 4 at t = 4
    const rewards = Float64Array.of(-1, -1, 5, -1, 3)
    const goal = Float64Array.of(0, 0, 6, 0, 4)
    redistributeRollout(rewards, goal, [0, 0, 1, 0, 0], [0, 0, 0, 0, 0], 1)
    // episode 1: goal 6 over 3 steps = 2 each → −1 + 2 = 1; episode 2 (unfinished): 4 over 2 steps = 2 each
    expect(Array.from(rewards)).toEqual([1, 1, 1, 1, 1])
    expect(rewards[0] + rewards[1] + rewards[2]).toBe(-1 - 1 + 5)
  })

  it('treats copies independently and counts a time-limit cut as an episode’s end', () => {
    // two copies interleaved [t·n + i]; copy 0 is cut at t = 1, copy 1 runs through
    const rewards = Float64Array.of(0, 0, 4, 2, 0, 0)
    const part = Float64Array.of(0, 0, 4, 2, 0, 0)
    redistributeRollout(rewards, part, [0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0], 2)
    // copy 0: [0, 4] → 2, 2 then [0] → 0; copy 1: [0, 2, 0] → 2/3 each
    expect(Array.from(rewards, (r) => Math.round(r * 1e12) / 1e12)).toEqual([2, 0.666666666667, 2, 0.666666666667, 0, 0.666666666667])
  })
})
