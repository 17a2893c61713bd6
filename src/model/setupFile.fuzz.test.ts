import { describe, expect, it } from 'vitest'
import { garbleJson, hostileText } from '../core/fuzzJson'
import { Rng } from '../core/rng'
import { defaultDesign, designProblems, rewardDesignOf, runConfigOf } from './design'
import { resolveEnvironment } from '../core/envs/registry'
import { readDesignOrSetup } from './setupFile'
import { summariseProblems } from './problemList'
import { mountainCarSetup } from './testDesigns'

/*
 * Deterministic fuzzing of the file import (seeded, so a failure reproduces): whatever a file
 * holds, reading it never throws and never runs anything; it yields either a design that fits its
 * environment or problems, each one short line.
 */

const GOOD_FILES = [runConfigOf(mountainCarSetup()), rewardDesignOf(mountainCarSetup()), runConfigOf(defaultDesign('gridworld', 4)), rewardDesignOf(defaultDesign('tokenseq'))]

describe('the file import under fuzzing', () => {
  it('never throws, never executes, and gives a fitting design or short problems (2000 garbled files)', () => {
    const rng = new Rng(20261201)
    const current = mountainCarSetup()
    let refused = 0
    for (let k = 0; k < 2000; k++) {
      const text = garbleJson(GOOD_FILES[k % GOOD_FILES.length], rng)
      let read: ReturnType<typeof readDesignOrSetup>
      try {
        read = readDesignOrSetup(text, current)
      } catch (error) {
        throw new Error(`reading ${text.slice(0, 200)} threw: ${String(error)}`)
      }
      if (!read.ok) {
        refused++
        expect(read.problems.length, text.slice(0, 200)).toBeGreaterThan(0)
        for (const problem of read.problems) expect(problem.includes('\n') || problem.length === 0, problem.slice(0, 200)).toBe(false)
      } else if (read.kind === 'setup') {
        expect(designProblems(read.design, resolveEnvironment(read.design.envId, read.design.params).spec), text.slice(0, 200)).toEqual([])
      }
    }
    // Most garbled files are refused; a few changes leave a valid file.
    expect(refused).toBeGreaterThan(1000)
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined()
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })

  it('a hostile file (hundreds of problems, 10 KB names, control bytes) gives a short notice on one line (12 files)', () => {
    const rng = new Rng(7)
    const current = mountainCarSetup()
    for (let k = 0; k < 12; k++) {
      const setup = runConfigOf(mountainCarSetup()) as Record<string, unknown>
      const names = Array.from({ length: k % 2 === 0 ? 500 : 3 }, () => hostileText(rng))
      const text = JSON.stringify(k % 4 < 2 ? { ...setup, mix: { weights: Object.fromEntries(names.map((name) => [name, 1])) } } : { ...setup, [hostileText(rng)]: names })
      const read = readDesignOrSetup(text, current)
      expect(read.ok).toBe(false)
      if (read.ok) continue
      const notice = summariseProblems(read.problems)
      expect(notice.length, notice.slice(0, 200)).toBeLessThan(5000)
      expect(notice).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
      for (const quoted of notice.match(/"[^"]*"/g) ?? []) expect(quoted.length).toBeLessThanOrEqual(43)
    }
  })
})

