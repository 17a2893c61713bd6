import { describe, expect, it } from 'vitest'
import { stepFiles } from './stepFiles'

describe('stepFiles', () => {
  it('keeps the <step>.jsonl names, by step number: 5 before 10', () => {
    expect(stepFiles(['10.jsonl', 'notes.txt', '5.jsonl', '100.jsonl', 'x5.jsonl', '7.json', '2.jsonl'])).toEqual([
      { name: '2.jsonl', step: 2 },
      { name: '5.jsonl', step: 5 },
      { name: '10.jsonl', step: 10 },
      { name: '100.jsonl', step: 100 },
    ])
  })

  it('refuses two files of one step', () => {
    expect(() => stepFiles(['5.jsonl', '05.jsonl'])).toThrow('"5.jsonl" and "05.jsonl" are both step 5; keep one file per step')
  })
})
