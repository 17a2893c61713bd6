import { describe, expect, it } from 'vitest'
import { tokenFixedProver } from '../core/envs/tokenseqFixedProver'
import { compactJson, fitFixedProver, fixedProverSummary, fixedProverText, float32Text, readFixedProverText } from './lessonFixedProver'

describe('the fixed prover file’s numbers', () => {
  it('writes each float32 as the shortest decimal that reads back as it', () => {
    // fround(0.1) = 0.100000001490116…: "0.1" reads back as it.
    expect(float32Text(Math.fround(0.1))).toBe('0.1')
    // fround(1/3) = 0.3333333432…: 7 digits (0.3333333) read back as 0.3333333135, so 8 are needed.
    expect(float32Text(1 / 3)).toBe('0.33333334')
    expect(float32Text(0)).toBe('0')
    expect(float32Text(-2.5)).toBe('-2.5')
    expect(float32Text(1e-8)).toBe('1e-8')
    // 2²⁴ + 1 has no float32: it is 2²⁴.
    expect(float32Text(16_777_217)).toBe('16777216')
    for (const value of [Math.fround(Math.PI), Math.fround(-1e-30), Math.fround(123456.789)]) expect(Math.fround(Number(float32Text(value)))).toBe(value)
  })

  it('lays JSON out two-space indented with every array of numbers on one line', () => {
    expect(compactJson({ a: [1, 0.5], b: { c: 'x', d: [[1, 2], [3]] }, e: [], f: {} })).toBe(
      ['{', '  "a": [1, 0.5],', '  "b": {', '    "c": "x",', '    "d": [', '      [1, 2],', '      [3]', '    ]', '  },', '  "e": [],', '  "f": {}', '}'].join('\n'),
    )
    expect(JSON.parse(compactJson({ a: [1, 0.5], b: { c: 'x', d: [[1, 2], [3]] } }))).toEqual({ a: [1, 0.5], b: { c: 'x', d: [[1, 2], [3]] } })
  })

  it('the stored file is written as the command writes it, and says what the prover reached', () => {
    const stored = tokenFixedProver()
    expect(readFixedProverText()).toBe(fixedProverText(stored))
    expect(fixedProverSummary(stored)).toMatch(/^trained 1,000,\d{3} steps, its exact chance of a right answer 0\.\d\d % → \d\d\.\d % over the 45 prompts$/)
  })
})

describe('the token task’s fixed prover', () => {
  it('is exactly what its recipe trains (else: npm run -s cli -- lesson models --write)', async () => {
    const fitted = await fitFixedProver()
    expect(readFixedProverText(), 'src/core/envs/tokenseqFixedProver.json is stale: run npm run -s cli -- lesson models --write').toBe(fixedProverText(fitted))
  }, 240_000)
})
