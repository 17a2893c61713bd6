import { describe, expect, it } from 'vitest'
import { garbleJson } from './fuzzJson'
import { describeJsonSyntax, jsonSyntaxProblem } from './jsonSyntax'
import { Rng } from './rng'

describe('jsonSyntaxProblem', () => {
  it('finds nothing wrong with JSON', () => {
    for (const text of ['1', ' -0.5e+3 ', '"a\\u00e9\\n"', '[]', '{}', '[1, [2, {"a": null}], true, false]', '{"a": {"b": [1, "x"]}}']) expect(jsonSyntaxProblem(text), text).toBeNull()
  })

  it('names the line and column where the text stops being JSON, and what was expected', () => {
    expect(describeJsonSyntax('root:$6$abc')).toBe('line 1, column 1: expected a JSON value')
    expect(describeJsonSyntax('{\n  "env": {"id": "cartpole"},\n  "seed": 1,,\n}')).toBe("line 3, column 13: expected a key in double quotes")
    expect(describeJsonSyntax('{"a": 1 "b": 2}')).toBe("line 1, column 9: expected ',' or '}'")
    expect(describeJsonSyntax('[1, 2')).toBe('line 1, column 6: the text ends before the JSON does')
    expect(describeJsonSyntax('{"a": 01}')).toBe("line 1, column 8: expected ',' or '}'")
    expect(describeJsonSyntax('{"a" 1}')).toBe("line 1, column 6: expected ':' after the key")
    expect(describeJsonSyntax('"abc')).toBe('line 1, column 5: a string that is never closed')
    expect(describeJsonSyntax('"a\tb"')).toBe('line 1, column 3: a control character in a string')
    expect(describeJsonSyntax('{} x')).toBe('line 1, column 4: more text after the JSON value')
    expect(describeJsonSyntax('[NaN]')).toBe('line 1, column 2: expected a JSON value')
    expect(describeJsonSyntax('\ufeff{}')).toBe('line 1, column 1: expected a JSON value')
    expect(describeJsonSyntax('')).toBe('line 1, column 1: the text ends before the JSON does')
  })

  it('survives nesting far deeper than the stack', () => {
    expect(jsonSyntaxProblem('['.repeat(200_000))).toEqual({ line: 1, column: 200_001, problem: 'the text ends before the JSON does' })
  })

  it('agrees with JSON.parse on garbled JSON', () => {
    const rng = new Rng(5)
    for (let k = 0; k < 2000; k++) {
      const garbled = garbleJson({ a: [1, -2.5e3, 'x\\"y'], b: { c: null, d: true } }, rng)
      const text = typeof garbled === 'string' ? garbled : JSON.stringify(garbled)
      let parses = true
      try {
        JSON.parse(text)
      } catch {
        parses = false
      }
      expect(jsonSyntaxProblem(text) === null, text).toBe(parses)
    }
  })
})
