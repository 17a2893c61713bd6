import { describe, expect, it } from 'vitest'
import { END, THINK } from '../envs/tokenseq'
import { TOKEN_STEP_FEATURE_NAMES, tokenStepFeatures } from './tokenStepFeatures'

function named(a: number, b: number, tokens: number[], step: number, maxLength = 8): Record<string, number> {
  const out = new Float64Array(TOKEN_STEP_FEATURE_NAMES.length)
  tokenStepFeatures(a, b, tokens, step, maxLength, out, 0)
  return Object.fromEntries(TOKEN_STEP_FEATURE_NAMES.map((name, k) => [name, out[k]]))
}

describe('tokenStepFeatures', () => {
  it('reads "1 think 3 end" for 5 + 7 = 12 step by step', () => {
    const tokens = [1, THINK, 3, END]
    expect(named(5, 7, tokens, 0)).toEqual({ one: 1, position: 1 / 8, wrong_digits: 0, ended_short: 0, out_of_room: 0 })
    expect(named(5, 7, tokens, 1)).toEqual({ one: 1, position: 2 / 8, wrong_digits: 0, ended_short: 0, out_of_room: 0 })
    // 3 is not 2
    expect(named(5, 7, tokens, 2)).toEqual({ one: 1, position: 3 / 8, wrong_digits: 1, ended_short: 0, out_of_room: 0 })
    expect(named(5, 7, tokens, 3)).toEqual({ one: 1, position: 4 / 8, wrong_digits: 1, ended_short: 0, out_of_room: 0 })
  })

  it('marks an end before the whole answer, and a digit past it as wrong', () => {
    expect(named(5, 7, [1, END], 1)).toMatchObject({ wrong_digits: 0, ended_short: 1, out_of_room: 0 })
    expect(named(5, 7, [1, 2, END], 2)).toMatchObject({ wrong_digits: 0, ended_short: 0, out_of_room: 0 })
    expect(named(3, 4, [7, 7], 1)).toMatchObject({ wrong_digits: 1, ended_short: 0 })
  })

  it('marks the step that leaves no room: think think for 5 + 7 with L = 4', () => {
    // j = 1: 4 − 1 = 3 ≥ 2 + 1; j = 2: 4 − 2 = 2 < 3
    expect(named(5, 7, [THINK, THINK], 0, 4)).toMatchObject({ out_of_room: 0 })
    expect(named(5, 7, [THINK, THINK], 1, 4)).toMatchObject({ out_of_room: 1 })
  })

  it('agrees with the gold step label: 1 exactly when wrong_digits, ended_short and out_of_room are 0', async () => {
    const { tokenStepLabels } = await import('./tokenStepLabels')
    const tokens = [[1, THINK, 2, END], [1, 3, END], [THINK, THINK, 1, 2], [2, END], [1, END], [1, 2, 2, END]]
    for (const completion of tokens) {
      const labels = tokenStepLabels(5, 7, completion, 4)
      completion.forEach((_, j) => {
        const f = named(5, 7, completion, j, 4)
        expect(f.wrong_digits === 0 && f.ended_short === 0 && f.out_of_room === 0 ? 1 : 0).toBe(labels[j])
      })
    }
  })
})
