import { describe, expect, it } from 'vitest'
import { detectRewardHacking } from './hacking'

const series = (returns: number[], objectives: number[]) => returns.map((shapedReturn, i) => ({ shapedReturn, objective: objectives[i] }))

describe('detectRewardHacking', () => {
  it('fires when the shaped return rises while the objective falls', () => {
    // older half: return 1, objective 1; newer half: return 3, objective 0.2
    const signal = detectRewardHacking(series([1, 1, 3, 3], [1, 1, 0.2, 0.2]), true, 4)
    expect(signal).not.toBeNull()
    expect(signal!.returnChange).toBe(2)
    expect(signal!.objectiveChange).toBeCloseTo(-0.8, 12)
  })

  it('stays quiet when both rise, or the return falls, or the window is not full', () => {
    expect(detectRewardHacking(series([1, 1, 3, 3], [1, 1, 2, 2]), true, 4)).toBeNull()
    expect(detectRewardHacking(series([3, 3, 1, 1], [1, 1, 0, 0]), true, 4)).toBeNull()
    expect(detectRewardHacking(series([1, 3], [1, 0]), true, 4)).toBeNull()
  })

  it('reads a lower-is-better objective the other way round, and ignores noise below 10% of its spread', () => {
    // steps to goal rising from 100 to 180 is worse
    expect(detectRewardHacking(series([0, 0, 5, 5], [100, 100, 180, 180]), false, 4)).not.toBeNull()
    expect(detectRewardHacking(series([0, 0, 5, 5], [180, 180, 100, 100]), false, 4)).toBeNull()
    // a fall of 0.05 when the spread is 1 (one outlier) is noise
    expect(detectRewardHacking(series([0, 0, 1, 1, 1, 1], [0, 1, 1, 0.95, 1, 1]), true, 6)).toBeNull()
  })
})
