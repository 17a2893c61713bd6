import { describe, expect, it } from 'vitest'
import type { GroupBatch } from '../run/trainer'
import { verlDumpText, type DumpText } from './verlDump'

// Copy states of two numbers (a, b); the prompt is "a+b=". Tokens: 0 → "x", 1 → "y", 2 → "end".
const TEXT: DumpText = { promptText: (state, offset) => `${state[offset]}+${state[offset + 1]}=`, tokenLabels: ['x', 'y', 'end'], stride: 2 }

function batch(overrides: Partial<GroupBatch> = {}): GroupBatch {
  return {
    names: ['correct', 'length'],
    // completions × K: (1, −0.5), (0, −1), (1, 0)
    components: Float64Array.from([1, -0.5, 0, -1, 1, 0]),
    groupSizes: Int32Array.from([2, 1]),
    lengths: Int32Array.from([2, 3, 1]),
    tokens: Int32Array.from([0, 2, 1, 1, 2, 2]),
    prompts: Float64Array.from([3, 4, 1, 1]),
    weights: Float64Array.from([1, 0.2]),
    ...overrides,
  }
}

describe('verlDumpText', () => {
  it('writes one verl line per completion: prompt, tokens, the mixed score, the step, each component', () => {
    const lines = verlDumpText(batch(), 7, TEXT).split('\n')
    expect(lines.pop()).toBe('')
    // score = 1·correct + 0.2·length: 1 − 0.1, 0 − 0.2, 1 + 0
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { input: '3+4=', output: 'x end', score: 1 + 0.2 * -0.5, step: 7, uid: '7-0', correct: 1, length: -0.5 },
      { input: '3+4=', output: 'y y end', score: 0.2 * -1, step: 7, uid: '7-0', correct: 0, length: -1 },
      { input: '1+1=', output: 'end', score: 1, step: 7, uid: '7-1', correct: 1, length: 0 },
    ])
    expect(Object.keys(JSON.parse(lines[0]))).toEqual(['input', 'output', 'score', 'step', 'uid', 'correct', 'length'])
  })

  it('adds the KL penalty in the reward as its own key, out of the score as verl has it', () => {
    const lines = verlDumpText(batch({ klPenalty: Float64Array.from([-0.1, -0.2, 0, 0, -0.3, -0.05]) }), 1, TEXT).trim().split('\n')
    // P_i = Σ_t p_t over each completion's tokens: (−0.1 − 0.2), (0 + 0 − 0.3), (−0.05)
    expect(lines.map((line) => JSON.parse(line).kl_penalty)).toEqual([-0.1 + -0.2, 0 + 0 + -0.3, -0.05])
    expect(JSON.parse(lines[0]).score).toBe(1 + 0.2 * -0.5)
  })

  it('refuses a batch recorded without its completions, and a component named as a verl key', () => {
    expect(() => verlDumpText(batch({ tokens: undefined }), 1, TEXT)).toThrow(/holds no completions to write/)
    expect(() => verlDumpText(batch({ names: ['score', 'length'] }), 1, TEXT)).toThrow('a component named "score" would overwrite verl\'s own key "score" in the dump; rename it')
  })
})
