import { describe, expect, it } from 'vitest'
import { definitionOf, sweepDifference } from './definitionFile'
import { definitionSizeProblem, readDefinitionFile } from './definitionImport'
import { MAX_DEFINITION_FILE_BYTES } from './limits'
import { hazardSweep } from './testSweeps'

/* The Sweep panel's import of a definition file: the file sweep --sweep reads, or one clear refusal. */

function problem(text: string): string {
  const read = readDefinitionFile(text)
  if (read.ok) throw new Error('the file was accepted')
  return read.problem
}

describe('readDefinitionFile', () => {
  it('reads back the definition the panel exports, as the same sweep', () => {
    const sweep = hazardSweep(3)
    const read = readDefinitionFile(JSON.stringify(definitionOf(sweep), null, 2))
    expect(read.ok && sweepDifference(read.sweep, sweep)).toBeNull()
  })

  it('refuses what is not JSON, naming what a definition holds', () => {
    expect(problem('{"config": ')).toMatch(/^it is not JSON; expected a sweep definition \{"config": a run config /)
  })

  it('refuses a definition the command line refuses, in its words, every problem at once', () => {
    const definition = { config: { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning' }, seed: 1 }, axes: ['w.hazard=0,300', 'w.nope=1'], seeds: 0, steps: 100, extra: 1 }
    expect(problem(JSON.stringify(definition))).toBe(
      'extra: unknown key in a sweep definition; accepted: config, axes, seeds, steps; seeds: must be a whole number from 1 to 10000, got 0; axes[0] "w.hazard=0,300": weight of hazard "300" (accepted: a number from 0 to 200); axes[1] "w.nope=1": weight of unknown component "nope" (accepted: step, hazard, goal, progress)',
    )
    expect(problem('[1, 2]')).toMatch(/^expected a sweep definition \{"config"/)
  })

  it('lists at most a few problems and counts the rest', () => {
    const definition = { config: { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning' }, seed: 1 }, axes: ['w.hazard=1'], seeds: 1, steps: 100, ...Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`x${k}`, 1])) }
    expect(problem(JSON.stringify(definition))).toMatch(/; and 12 more$/)
  })

  it('holds a file to the page’s bound in runs, before checking every point', () => {
    const definition = { config: { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning' }, seed: 1 }, axes: ['w.hazard=0:200:2000'], seeds: 1, steps: 100 }
    expect(problem(JSON.stringify(definition))).toBe("the sweep has 2000 points; the page trains at most 1000 runs (the command line's sweep takes 10000 and shards them)")
    expect(problem(JSON.stringify({ ...definition, axes: ['w.hazard=0:200:500'], seeds: 3 }))).toBe("the sweep has 500 points × 3 seeds = 1500 runs; the page trains at most 1000 runs (the command line's sweep takes 10000 and shards them)")
  })

  it('refuses a file past its size, before reading it', () => {
    expect(definitionSizeProblem(MAX_DEFINITION_FILE_BYTES)).toBeNull()
    expect(definitionSizeProblem(MAX_DEFINITION_FILE_BYTES + 1)).toBe(`it is ${MAX_DEFINITION_FILE_BYTES + 1} bytes; a sweep definition file is at most 524288 bytes`)
    expect(problem(`${' '.repeat(MAX_DEFINITION_FILE_BYTES)}{}`)).toBe(`it is ${MAX_DEFINITION_FILE_BYTES + 2} bytes; a sweep definition file is at most 524288 bytes`)
  })
})
