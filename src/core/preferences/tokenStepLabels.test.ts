import { describe, expect, it } from 'vitest'
import { END, THINK } from '../envs/tokenseq'
import { tokenStepLabels } from './tokenStepLabels'

const labels = (a: number, b: number, tokens: number[], maxLength = 8) => Array.from(tokenStepLabels(a, b, tokens, maxLength))

describe('tokenStepLabels', () => {
  it('labels every token of a right answer 1: "think 7 end" for 3 + 4', () => {
    expect(labels(3, 4, [THINK, 7, END])).toEqual([1, 1, 1])
  })

  it('drops to 0 at the first wrong digit and stays there: "6 end" and "1 3 end" for 5 + 7 = 12', () => {
    expect(labels(3, 4, [6, END])).toEqual([0, 0])
    expect(labels(5, 7, [1, 3, END])).toEqual([1, 0, 0])
  })

  it('a leading zero is a wrong digit: "0 7 end" for 3 + 4', () => {
    expect(labels(3, 4, [0, 7, END])).toEqual([0, 0, 0])
  })

  it('an end before the whole answer is 0: "1 end" for 5 + 7', () => {
    expect(labels(5, 7, [1, END])).toEqual([1, 0])
  })

  it('a digit past the answer is 0: "7 7 end" for 3 + 4', () => {
    expect(labels(3, 4, [7, 7, END])).toEqual([1, 0, 0])
  })

  it('think between digits keeps the answer reachable, as correct skips it: "1 think 2 end" for 5 + 7', () => {
    expect(labels(5, 7, [1, THINK, 2, END])).toEqual([1, 1, 1, 1])
  })

  it('runs out of room: with L = 4, 5 + 7 needs 1, 2 and end, so the second think leaves too few tokens', () => {
    // after token j the room is 4 − j; needed (2 − m) + 1: j = 1 → 3 ≥ 3 (1), j = 2 → 2 < 3 (0)
    expect(labels(5, 7, [THINK, THINK, 1, 2], 4)).toEqual([1, 0, 0, 0])
    // "1 think 2 end" fits exactly: j = 1 → 3 ≥ 2, j = 2 → 2 ≥ 2, j = 3 → 1 ≥ 1
    expect(labels(5, 7, [1, THINK, 2, END], 4)).toEqual([1, 1, 1, 1])
  })

  it('a completion cut at max_length without end ends on a 0: "think think think" for 0 + 0 with L = 3', () => {
    // 0 + 0 = 0 needs 0 and end: j = 1 → 2 ≥ 2 (1), j = 2 → 1 < 2 (0)
    expect(labels(0, 0, [THINK, THINK, THINK], 3)).toEqual([1, 0, 0])
    expect(labels(0, 0, [0, END], 3)).toEqual([1, 1])
  })

  it('gives one label per token of a prefix, and none for no tokens', () => {
    expect(labels(5, 7, [1])).toEqual([1])
    expect(labels(5, 7, [])).toEqual([])
  })
})
