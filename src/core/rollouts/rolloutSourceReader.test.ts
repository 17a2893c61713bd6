import { describe, expect, it } from 'vitest'
import { KEPT_TEXT_LENGTH } from './limits'
import { jsonl, tableOf } from './testTables'
import type { RolloutTable } from './rolloutTable'

/* Reading each format into the table: its fields, its groups, what it leaves out, and where a bad record is. */

/** Every completion's component values by name, null where it does not apply. */
function valuesOf(table: RolloutTable): Record<string, number | null>[] {
  return Array.from({ length: table.count }, (_, i) => Object.fromEntries(table.names.map((name, k) => [name, Number.isNaN(table.values[k][i]) ? null : table.values[k][i]])))
}

/** Each counted group's completions (table indices), step by step. */
function groupsByStep(table: RolloutTable): number[][][] {
  const { groups } = table
  return table.steps.map((_, s) =>
    Array.from(groups.stepGroups.subarray(groups.stepStart[s], groups.stepStart[s + 1]), (g) => Array.from(groups.members.subarray(groups.start[g], groups.start[g + 1]))),
  )
}

function problemOf(read: () => unknown): string {
  try {
    read()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a problem')
}

const VERL = jsonl([
  { input: '3+4=', output: '7 end', gts: '7', score: 1, step: 5, acc: true, pred: '7' },
  { input: '3+4=', output: '8 end', gts: '7', score: 0, step: 5, acc: false, pred: '8' },
  { input: '1+1=', output: '2 end', gts: '2', score: 1, step: 5, acc: true, pred: '2' },
  { input: '3+4=', output: 'think 7 end', gts: '7', score: 0.5, step: 5, acc: true, pred: '7' },
  { input: '1+1=', output: '3 end', gts: '2', score: 0, step: 5, acc: false, pred: '3' },
])

describe("verl's rollout dump", () => {
  it('reads input, output, score, step and the numeric extra keys; gts and text keys are not components', () => {
    const table = tableOf(VERL)
    expect(table.format).toBe('verl')
    expect(table.names).toEqual(['score', 'acc'])
    expect(valuesOf(table)).toEqual([
      { score: 1, acc: 1 },
      { score: 0, acc: 0 },
      { score: 1, acc: 1 },
      { score: 0.5, acc: 1 },
      { score: 0, acc: 0 },
    ])
    expect(table.steps).toEqual([5])
    expect(table.texts).toEqual(['7 end', '8 end', '2 end', 'think 7 end', '3 end'])
    expect(Array.from(table.lengths)).toEqual([5, 5, 5, 11, 5])
    expect(table.loggedAdvantages).toBeNull()
  })

  it('gives no length in tokens (the dump writes none): a numeric extra key "tokens" is a component like any other', () => {
    expect(tableOf(VERL).tokenLengths).toBeNull()
    const table = tableOf(jsonl([{ input: 'p', output: 'a', score: 1, tokens: 4 }, { input: 'p', output: 'b', score: 0, tokens: 6 }]))
    expect(table.names).toEqual(['score', 'tokens'])
    expect(table.tokenLengths).toBeNull()
  })

  it('groups by step and prompt, in input order, whether or not a group comes in one run', () => {
    const table = tableOf(VERL)
    expect(groupsByStep(table)).toEqual([[[0, 1, 3], [2, 4]]])
    expect(table.groups.labels).toEqual(['3+4=', '1+1='])
    expect(Array.from(table.indexInGroup)).toEqual([0, 1, 0, 2, 1])
    // The same prompt at another step is another group.
    const twoSteps = tableOf(jsonl([{ input: 'p', output: 'a', score: 1, step: 1 }, { input: 'p', output: 'b', score: 0, step: 2 }, { input: 'p', output: 'c', score: 1, step: 1 }, { input: 'p', output: 'd', score: 1, step: 2 }]))
    expect(twoSteps.steps).toEqual([1, 2])
    expect(groupsByStep(twoSteps)).toEqual([[[0, 2]], [[1, 3]]])
  })

  it('groups by uid where a line has one: one prompt may be two groups of a step', () => {
    const table = tableOf(jsonl([
      { input: 'p', output: 'a', score: 1, step: 1, uid: 7 },
      { input: 'p', output: 'b', score: 0, step: 1, uid: 'x' },
      { input: 'p', output: 'c', score: 0, step: 1, uid: 7 },
      { input: 'p', output: 'd', score: 1, step: 1, uid: 'x' },
    ]))
    expect(groupsByStep(table)).toEqual([[[0, 2], [1, 3]]])
    // A numeric uid is the group's id, not a component.
    expect(table.names).toEqual(['score'])
    expect(table.groups.labels).toEqual(['p', 'p'])
    expect(problemOf(() => tableOf(jsonl([{ input: 'p', output: 'a', score: 1, uid: [1] }])))).toBe('line 1: "uid" is a list; verl\'s uid, the group\'s id, is text or a number')
  })

  it('takes the file step where a line has none', () => {
    const table = tableOf([{ name: '7.jsonl', text: jsonl([{ input: 'p', output: 'a', score: 1 }, { input: 'p', output: 'b', score: 0 }]), fileStep: 7 }])
    expect(table.steps).toEqual([7])
    expect(table.sources).toEqual(['7.jsonl'])
  })

  it('reads the same table however the text is cut into chunks', () => {
    const whole = tableOf(VERL)
    for (const chunk of [1, 2, 7, 64]) {
      const cut = tableOf(VERL, null, chunk)
      expect(valuesOf(cut)).toEqual(valuesOf(whole))
      expect(Array.from(cut.line)).toEqual([1, 2, 3, 4, 5])
      expect(cut.texts).toEqual(whole.texts)
      expect(groupsByStep(cut)).toEqual(groupsByStep(whole))
    }
  })

  it('needs text input and output and a numeric score', () => {
    expect(problemOf(() => tableOf(jsonl([{ input: 'p', output: 'a' }])))).toBe('line 1: verl\'s record has no "score"; it needs the reward as a number')
    expect(problemOf(() => tableOf(jsonl([{ input: 'p', score: 1 }])))).toBe('line 1: verl\'s record has no "output"; it needs the text of the output')
    expect(problemOf(() => tableOf(jsonl([{ input: 'p', output: 'a', score: '1' }])))).toBe('line 1: "score" is text ("1"); verl\'s score is the reward, a number (null where it does not apply)')
    expect(problemOf(() => tableOf(jsonl([{ input: 'p', output: 'a', score: 1, step: 1.5 }])))).toBe('line 1: "step" is 1.5; a step is a whole number from 0')
  })
})

describe('a TRL completions table', () => {
  const RECORDS = [
    { step: 10, prompt: 'Q1', completion: 'A', correctness: 1, format: 0.5, advantage: 0.7 },
    { step: 10, prompt: 'Q1', completion: 'B', correctness: 0, format: null, advantage: -0.7 },
    { step: 10, prompt: 'Q2', completion: 'C', correctness: 1, format: 1, advantage: 0 },
    { step: 10, prompt: 'Q2', completion: 'D', correctness: 1, format: 1, advantage: 0 },
  ]

  it('reads a JSON array of records: reward columns, a null that does not apply, the logged advantage', () => {
    const text = `[\n${RECORDS.map((record) => `  ${JSON.stringify(record)}`).join(',\n')}\n]\n`
    for (const chunk of [Infinity, 3]) {
      const table = tableOf(text, null, chunk)
      expect(table.format).toBe('trl')
      expect(table.names).toEqual(['correctness', 'format'])
      expect(valuesOf(table)).toEqual([
        { correctness: 1, format: 0.5 },
        { correctness: 0, format: null },
        { correctness: 1, format: 1 },
        { correctness: 1, format: 1 },
      ])
      expect(Array.from(table.loggedAdvantages!)).toEqual([0.7, -0.7, 0, 0])
      // TRL's table has no column of lengths in tokens.
      expect(table.tokenLengths).toBeNull()
      expect(Array.from(table.line)).toEqual([2, 3, 4, 5])
      expect(groupsByStep(table)).toEqual([[[0, 1], [2, 3]]])
    }
  })

  it('reads a CSV table: an empty cell does not apply, quoted cells keep commas, quotes and newlines', () => {
    const csv = 'step,prompt,completion,correctness,format,advantage\r\n10,Q1,"A, then ""B""\nand C",1,0.5,0.7\r\n10,Q1,B,0,,-0.7\n10,Q2,C,1,True,0\n10,Q2,D,1,1,0\n'
    for (const chunk of [Infinity, 1, 5]) {
      const table = tableOf(csv, null, chunk)
      expect(table.format).toBe('trl')
      expect(table.names).toEqual(['correctness', 'format'])
      expect(valuesOf(table)).toEqual([
        { correctness: 1, format: 0.5 },
        { correctness: 0, format: null },
        { correctness: 1, format: 1 },
        { correctness: 1, format: 1 },
      ])
      expect(table.texts[0]).toBe('A, then "B"\nand C')
      // The quoted cell spans two lines: the next row starts on line 4.
      expect(Array.from(table.line)).toEqual([2, 4, 5, 6])
      expect(Array.from(table.loggedAdvantages!)).toEqual([0.7, -0.7, 0, 0])
    }
  })

  it('keeps a prompt that looks like a number as text', () => {
    const table = tableOf('prompt,completion,r\n42,a,1\n42,b,0\n')
    expect(table.groups.labels).toEqual(['42'])
    expect(table.names).toEqual(['r'])
  })

  it('refuses a CSV row of the wrong width, a header without prompt, nan, and an unclosed quote, by line', () => {
    expect(problemOf(() => tableOf('prompt,completion,r\nQ,a,1\nQ,b\n'))).toBe('line 3: the row has 2 cells but the header names 3 columns; every row needs one cell per column')
    expect(problemOf(() => tableOf('question,completion,r\nQ,a,1\n'))).toMatch(/^line 1: the text is neither JSON lines .* its header has no "prompt" column/)
    expect(problemOf(() => tableOf('prompt,completion,r\nQ,a,1\nQ,b,nan\n'))).toBe('line 3: "r" is NaN, not a finite number; a reward is finite (write null, or an empty CSV cell, where it does not apply)')
    expect(problemOf(() => tableOf('prompt,completion,r\nQ,"a,1\nQ,b,0\n'))).toBe('line 2: the text ends inside a quoted cell; its closing quote is missing')
    expect(problemOf(() => tableOf('prompt,completion,r\nQ,"a"x,1\n'))).toBe('line 2: a quoted cell goes on after its closing quote; write "" for a quote inside quotes')
  })

  it('refuses an array that does not close, or a record missing between commas', () => {
    expect(problemOf(() => tableOf('[{"prompt": "Q", "completion": "a", "r": 1},\n {"prompt": "Q", "completion": "b", "r": 0}\n'))).toBe('line 3: the text ends inside the JSON array (in the record that starts on line 2); its closing ] is missing')
    expect(problemOf(() => tableOf('[{"prompt": "Q", "completion": "a", "r": 1},\n]'))).toBe("line 2: a record is missing between ',' and what follows it")
    expect(problemOf(() => tableOf('[{"prompt": "Q", "completion": "a", "r": 1}] x'))).toBe("line 1: more text after the array's closing ]")
  })
})

describe('the plain JSONL form', () => {
  it('groups by the explicit group within a step; a reward of null does not apply', () => {
    const table = tableOf(jsonl([
      { group: 'g1', step: 0, text: 'first', rewards: { a: 1, b: 2 } },
      { group: 'g1', step: 0, rewards: { a: 0, b: null } },
      { group: 1, step: 0, rewards: { a: 1 } },
      { group: '1', step: 0, rewards: { a: 2 } },
      { group: 1, step: 0, rewards: { b: 3 } },
      { group: '1', step: 0, rewards: { a: 5 } },
    ]))
    expect(table.format).toBe('jsonl')
    expect(valuesOf(table)).toEqual([
      { a: 1, b: 2 },
      { a: 0, b: null },
      { a: 1, b: null },
      { a: 2, b: null },
      { a: null, b: 3 },
      { a: 5, b: null },
    ])
    // 1 and "1" are two groups.
    expect(groupsByStep(table)).toEqual([[[0, 1], [2, 4], [3, 5]]])
    expect(table.groups.labels).toEqual(['g1', '1', '1'])
    expect(table.texts[1]).toBe('')
  })

  it('refuses an unknown key, a reward that is text, and a missing group', () => {
    expect(problemOf(() => tableOf(jsonl([{ group: 1, rewards: { a: 1 }, extra: 2 }])))).toBe('line 1: unknown key "extra" in a plain JSONL record; accepted: "group", "step", "text", "tokens", "rewards"')
    expect(problemOf(() => tableOf(jsonl([{ group: 1, rewards: { a: 'high' } }])))).toBe('line 1: reward "a" is text ("high"); a reward component is a number (null where it does not apply)')
    expect(problemOf(() => tableOf(jsonl([{ rewards: { a: 1 } }])))).toBe('line 1: the record has no "group"; give the group of completions it belongs to (text or a number)')
  })

  it('reads each completion\'s length in tokens where its record gives one, -1 where it does not', () => {
    const table = tableOf(jsonl([
      { group: 1, text: 'abc', tokens: 2, rewards: { a: 1 } },
      { group: 1, text: 'abcdef', tokens: 0, rewards: { a: 0 } },
      { group: 1, text: 'ab', rewards: { a: 1 } },
      { group: 1, text: 'a', tokens: null, rewards: { a: 0 } },
      { group: 2, tokens: 2147483647, rewards: { a: 1 } },
    ]))
    expect(Array.from(table.tokenLengths!)).toEqual([2, 0, -1, -1, 2147483647])
    // The characters are counted as before, tokens or not; "tokens" is no reward component.
    expect(Array.from(table.lengths)).toEqual([3, 6, 2, 1, 0])
    expect(table.names).toEqual(['a'])
  })

  it('has no column of tokens where no record gives one (null counts as none)', () => {
    expect(tableOf(jsonl([{ group: 1, rewards: { a: 1 } }, { group: 1, tokens: null, rewards: { a: 0 } }])).tokenLengths).toBeNull()
  })

  it.each<[string, unknown, string]>([
    ['a fraction', 2.5, '2.5'],
    ['a negative count', -1, '-1'],
    ['text', '12', 'text ("12")'],
    ['more than a 32-bit column holds', 2 ** 31, '2147483648'],
    ['a list', [3], 'a list'],
  ])('refuses "tokens" of %s, naming the line and what is accepted', (_, tokens, shown) => {
    const text = jsonl([{ group: 1, tokens: 3, rewards: { a: 1 } }, { group: 1, tokens, rewards: { a: 0 } }])
    expect(problemOf(() => tableOf(text))).toBe(`line 2: "tokens" is ${shown}; the completion's length in tokens is a whole number from 0 to 2147483647 (null where it is not known)`)
  })
})

describe('what every format is held to', () => {
  it('leaves out a completion no component applies to, and a group left with one, counting both with their lines', () => {
    const table = tableOf(jsonl([
      { group: 'a', rewards: { r: 1, s: null } },
      { group: 'a', rewards: { r: null, s: null } },
      { group: 'a', rewards: { r: 0 } },
      { group: 'b', rewards: { r: 1 } },
      { group: 'c', rewards: { r: 1 } },
      { group: 'c', rewards: { r: null } },
    ]))
    expect(table.leftOut).toEqual({ unscored: { count: 2, places: ['line 2', 'line 6'] }, groupsOfOne: { count: 2, places: ['line 4', 'line 5'] } })
    expect(groupsByStep(table)).toEqual([[[0, 2]]])
    expect(Array.from(table.groups.kept)).toEqual([1, 0, 0])
  })

  it('names the line of a record that is not JSON, without quoting it, and of a Python NaN', () => {
    const text = `${JSON.stringify({ input: 'p', output: 'a', score: 1 })}\n{"input": "p", "output": "b", "score": 0,}\n`
    expect(problemOf(() => tableOf(text))).toBe('line 2: the record is not JSON (column 42: expected a key in double quotes)')
    expect(problemOf(() => tableOf('{"input": "p", "output": "a", "score": NaN}\n'))).toBe('line 1: column 40: NaN or Infinity, which Python writes for a non-finite number but JSON does not accept; a reward is finite (null where it does not apply)')
    expect(problemOf(() => tableOf('{"input": "p", "output": "a", "score": 1e999}\n'))).toBe('line 1: "score" is Infinity, not a finite number; a reward is finite (write null, or an empty CSV cell, where it does not apply)')
  })

  it('refuses a component that turns to text, naming where it was a number', () => {
    const text = jsonl([{ input: 'p', output: 'a', score: 1, judge: 0.5 }, { input: 'p', output: 'b', score: 0, judge: 'n/a' }])
    expect(problemOf(() => tableOf(text))).toBe('line 2: "judge" is text ("n/a"), but line 1 gave it a number; a reward component is a number on every record (null where it does not apply)')
  })

  it('refuses two formats in one input, naming both places, across files too', () => {
    const mixed = jsonl([{ input: 'p', output: 'a', score: 1 }, { group: 1, rewards: { a: 1 } }])
    expect(problemOf(() => tableOf(mixed))).toBe("line 2: the record is plain JSONL's, but line 1 was verl's rollout dump's; one input holds one format")
    const files = [
      { name: '1.jsonl', text: jsonl([{ input: 'p', output: 'a', score: 1 }]), fileStep: 1 },
      { name: '2.jsonl', text: jsonl([{ prompt: 'p', completion: 'a', r: 1 }]), fileStep: 2 },
    ]
    expect(problemOf(() => tableOf(files))).toBe("2.jsonl line 1: the record is a TRL completions table's, but 1.jsonl line 1 was verl's rollout dump's; one input holds one format")
  })

  it('reads a record by the format named, whatever its keys', () => {
    expect(problemOf(() => tableOf(jsonl([{ prompt: 'p', completion: 'a', r: 1 }]), 'verl'))).toBe('line 1: verl\'s record has no "input"; it needs the text of the input')
    expect(problemOf(() => tableOf('prompt,completion,r\nQ,a,1\n', 'verl'))).toBe("line 1: the text is no JSON; verl's rollout dump is JSON lines, and only a TRL table may be CSV")
    expect(problemOf(() => tableOf(jsonl([{ x: 1 }])))).toMatch(/^line 1: a record of no rollout format; accepted: verl's rollout dump \{"input"/)
  })

  it('keeps the first characters of a text and counts the whole', () => {
    const long = 'x'.repeat(KEPT_TEXT_LENGTH + 50)
    const table = tableOf(jsonl([{ input: 'p', output: long, score: 1 }, { input: 'p', output: '😀a', score: 0 }]))
    expect(table.texts[0]).toBe('x'.repeat(KEPT_TEXT_LENGTH))
    expect(Array.from(table.lengths)).toEqual([KEPT_TEXT_LENGTH + 50, 2])
  })

  it('skips one byte-order mark and blank lines, and refuses an input with no completion', () => {
    const table = tableOf(`\ufeff\n${jsonl([{ input: 'p', output: 'a', score: 1 }])}\n\n`)
    expect(table.count).toBe(1)
    expect(Array.from(table.line)).toEqual([2])
    expect(problemOf(() => tableOf('\n\n'))).toBe('the input holds no completion')
  })
})
