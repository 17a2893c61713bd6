import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { Rng } from '../src/core/rng'
import { RolloutSourceReader } from '../src/core/rollouts/rolloutSourceReader'
import { RolloutTableBuilder } from '../src/core/rollouts/rolloutTableBuilder'
import { stepFiles } from '../src/core/rollouts/stepFiles'
import { BENCH_DUMP, DUMP_COMPONENTS, dumpStepLines, textPool, writeRolloutDump, type RolloutDumpOptions } from './rolloutDump'

const SMALL: RolloutDumpOptions = { steps: 3, completionsPerStep: 24, groupSize: 8, outputMinChars: 50, outputMaxChars: 90, seed: 7 }

type Line = Record<string, unknown> & { input: string; output: string; step: number }

function stepLines(options: RolloutDumpOptions, step = 1): Line[] {
  const rng = new Rng(options.seed)
  return dumpStepLines(step, options, textPool(rng), rng).map((line) => JSON.parse(line) as Line)
}

describe('the bench rollout dump', () => {
  it('writes one <step>.jsonl per step with the completions in groups of one prompt, every line verl-shaped', async () => {
    const dump = await writeRolloutDump(SMALL)
    try {
      const names = await readdir(dump.dir)
      expect(names.sort()).toEqual(['1.jsonl', '2.jsonl', '3.jsonl'])
      expect(dump.completions).toBe(72)
      for (const name of names) {
        const lines = (await readFile(path.join(dump.dir, name), 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Line)
        expect(lines).toHaveLength(24)
        // 3 groups of 8: each group one prompt, the three prompts different.
        const inputs = lines.map((line) => line.input)
        expect(new Set(inputs).size).toBe(3)
        for (let g = 0; g < 3; g++) expect(new Set(inputs.slice(8 * g, 8 * g + 8)).size).toBe(1)
        for (const line of lines) {
          expect(Object.keys(line)).toEqual(['input', 'output', 'score', 'step', ...DUMP_COMPONENTS])
          expect(line.step).toBe(Number(name.split('.')[0]))
          expect(line.output.length).toBeGreaterThanOrEqual(50)
          expect(line.output.length).toBeLessThan(90)
        }
      }
    } finally {
      await dump.remove()
    }
  })

  it('is read by the page\'s own reader as verl: every completion, its groups of 8 and five components', async () => {
    const dump = await writeRolloutDump(SMALL)
    try {
      const builder = new RolloutTableBuilder()
      for (const { name, step } of stepFiles(await readdir(dump.dir))) {
        const reader = new RolloutSourceReader(builder, name, { format: null, fileStep: step })
        reader.push(await readFile(path.join(dump.dir, name), 'utf8'))
        reader.end()
      }
      const table = builder.finish()
      expect(table.format).toBe('verl')
      expect(table.count).toBe(72)
      expect(table.steps).toEqual([1, 2, 3])
      expect(table.names).toEqual(['score', ...DUMP_COMPONENTS])
      expect(table.groups.count).toBe(9)
      expect(Array.from(table.groups.start)).toEqual([0, 8, 16, 24, 32, 40, 48, 56, 64, 72])
    } finally {
      await dump.remove()
    }
  })

  it('gives the same lines for the same seed and other lines for another', () => {
    expect(stepLines(SMALL)).toEqual(stepLines(SMALL))
    expect(stepLines({ ...SMALL, seed: 8 })).not.toEqual(stepLines(SMALL))
  })

  it('scores each completion as correct + 0.5·format + 0.1·length_penalty, with a few nulls', () => {
    const lines = stepLines({ ...BENCH_DUMP, steps: 1 })
    expect(lines).toHaveLength(2000)
    const judgeNulls = lines.filter((line) => line.judge === null).length
    // 2 % of 2,000 is 40 expected.
    expect(judgeNulls).toBeGreaterThan(15)
    expect(judgeNulls).toBeLessThan(70)
    const scored = lines.filter((line) => line.score !== null)
    expect(scored.length).toBeGreaterThan(1990)
    for (const line of scored) {
      const expected = (line.correct as number) + 0.5 * (line.format as number) + 0.1 * (line.length_penalty as number)
      expect(line.score as number).toBeCloseTo(expected, 3)
    }
    // length_penalty = −(L − 1500)/(2700 − 1500)
    const first = lines[0]
    expect(first.length_penalty as number).toBeCloseTo(-(first.output.length - 1500) / 1200, 4)
  })

  it('refuses a step that is not a whole number of groups', async () => {
    await expect(writeRolloutDump({ ...SMALL, completionsPerStep: 20 })).rejects.toThrow('must be a whole number of groups of 8')
  })
})
