import { describe, expect, it } from 'vitest'
import { isTabularTrainer, tabularPicture } from './tabular'

describe('tabularPicture', () => {
  it('gives V(s) = max_a Q(s, a) and the greedy action of every state', () => {
    // 2 states × 3 actions: Q(0) = (1, 5, 5) → V 5, action 1 (lowest on ties); Q(1) = (−2, −1, −3) → V −1, action 1
    const qTable = Float64Array.of(1, 5, 5, -2, -1, -3)
    const trainer = {
      numStates: 2,
      numActions: 3,
      qTable,
      greedyAction: (s: number) => {
        const row = Array.from(qTable.subarray(s * 3, s * 3 + 3))
        return row.indexOf(Math.max(...row))
      },
    }
    const picture = tabularPicture(trainer)
    expect(Array.from(picture.values)).toEqual([5, -1])
    expect(Array.from(picture.policy)).toEqual([1, 1])
    expect(isTabularTrainer(trainer)).toBe(true)
    expect(isTabularTrainer({ iterate: () => undefined })).toBe(false)
  })
})
