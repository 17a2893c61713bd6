import { describe, expect, it } from 'vitest'
import { defaultDesign } from '../design'
import { designFromSearch } from '../designLink'
import { baseDesignOf } from './definition'
import { sweepDifference } from './definitionFile'
import { MAX_SWEEP_LINK_CHARS } from './limits'
import { formOfSweep, sweepOfForm } from './sweepForm'
import { sweepFromLinkText, sweepToLinkText } from './sweepLink'
import { hazardSweep } from './testSweeps'

/* The sweep in the page's link: its axes as written, seeds and steps, checked against the link's design. */

const cliff = designFromSearch('?env=cliffwalking&seed=5&l=qlearning').design

function problem(text: string, design = cliff): string {
  const read = sweepFromLinkText(text, design)
  if (read.ok) throw new Error(`"${text}" was accepted`)
  return read.problem
}

describe('sweep= in the link', () => {
  it('round-trips a sweep: its axes as written (a range stays a range), seeds and steps', () => {
    const sweep = hazardSweep(3)
    const text = sweepToLinkText(sweep)
    expect(text).toBe('w.hazard=0:100:3;seeds=3;steps=500')
    // On the sweep's own design, the link makes the same points: the same designs, axes, seeds and steps.
    const read = sweepFromLinkText(text, baseDesignOf(sweep))
    if (!read.ok) throw new Error(read.problem)
    expect(read.sweep.points).toEqual(sweep.points)
    expect([read.sweep.axes, read.sweep.seeds, read.sweep.steps]).toEqual([sweep.axes, sweep.seeds, sweep.steps])
    const two = sweepFromLinkText('w.hazard=10,50; l.alpha=0.01:1:3:log ;seeds=2;steps=3000', cliff)
    if (!two.ok) throw new Error(two.problem)
    expect(sweepToLinkText(two.sweep)).toBe('w.hazard=10,50;l.alpha=0.01:1:3:log;seeds=2;steps=3000')
    expect(two.sweep.points).toHaveLength(6)
    // What the panel shows of it makes the same sweep again.
    const again = sweepOfForm(cliff, formOfSweep(two.sweep))
    expect(again.ok && sweepDifference(again.sweep, two.sweep)).toBeNull()
  })

  it('checks the axes against the link’s own design, in the link’s words', () => {
    expect(problem('w.hazard=0,300;seeds=2;steps=500')).toBe('sweep: axis 1 "w.hazard=0,300": weight of hazard "300" (accepted: a number from 0 to 200)')
    expect(problem('w.length=0,1;seeds=2;steps=500')).toBe('sweep: axis 1 "w.length=0,1": weight of unknown component "length" (accepted: step, hazard, goal, progress)')
    const token = designFromSearch('?env=tokenseq&l=grpo').design
    expect(sweepFromLinkText('w.length=0,0.5,1,2,4;seeds=5;steps=2000', token).ok).toBe(true)
  })

  it('names unknown parts, prototype names included, and a count given twice', () => {
    expect(problem('__proto__=1;w.hazard=1;seeds=1;steps=1')).toBe('sweep: unknown part "__proto__" (accepted: AXIS[;AXIS];seeds=K;steps=N, each AXIS NAME=v1,v2,… or NAME=lo:hi:N[:log])')
    expect(problem('w.hazard=1;seeds=1;seeds=2;steps=1')).toBe('sweep: seeds is given twice; give it once')
    expect(problem('w.__proto__=1;seeds=1;steps=1')).toBe('sweep: axis 1 "w.__proto__=1": weight of unknown component "__proto__" (accepted: step, hazard, goal, progress)')
    expect(problem('constructor;toString=2;seeds=1;steps=1')).toMatch(/^sweep: unknown part "constructor" .*; unknown part "toString" /)
  })

  it('refuses missing or bad counts and the page’s bound, naming what is accepted', () => {
    expect(problem('w.hazard=1')).toBe('sweep: seeds: must be a whole number from 1 to 10000, got nothing; steps: must be a whole number from 1 to 1000000000, got nothing')
    expect(problem('w.hazard=1;seeds=1e3;steps=-4')).toBe('sweep: seeds: must be a whole number from 1 to 10000, got "1e3"; steps: must be a whole number from 1 to 1000000000, got "-4"')
    expect(problem('seeds=1;steps=1')).toBe('sweep: axes: 0 axes; a sweep has 1 or 2 axes, each "NAME=v1,v2,…" or "NAME=lo:hi:N[:log]"')
    expect(problem('w.hazard=0:200:1001;seeds=1;steps=1')).toBe("sweep: the sweep has 1001 points; the page trains at most 1000 runs (the command line's sweep takes 10000 and shards them)")
    expect(problem('w.hazard=0:200:400;seeds=3;steps=1')).toBe("sweep: the sweep has 400 points × 3 seeds = 1200 runs; the page trains at most 1000 runs (the command line's sweep takes 10000 and shards them)")
  })

  it('shortens what it quotes and refuses a value past its length', () => {
    const long = `w.hazard=1;seeds=${'9'.repeat(500)};steps=1`
    expect(problem(long)).toBe(`sweep: seeds: must be a whole number from 1 to 10000, got "${'9'.repeat(40)}…"`)
    expect(problem(`w.hazard=${'1,'.repeat(MAX_SWEEP_LINK_CHARS)}1`)).toBe(`sweep: ${MAX_SWEEP_LINK_CHARS * 2 + 10} characters; a sweep link holds at most 2000 (export the definition file for a bigger sweep)`)
    expect(problem(`${'x'.repeat(300)}=1;seeds=1;steps=1`)).toBe(`sweep: unknown part "${'x'.repeat(40)}…" (accepted: AXIS[;AXIS];seeds=K;steps=N, each AXIS NAME=v1,v2,… or NAME=lo:hi:N[:log])`)
  })

  it('never throws, whatever the value', () => {
    const design = defaultDesign('gridworld', 1)
    let state = 7
    const alphabet = 'wlp.=,:;0123456789-e log_x'
    for (let trial = 0; trial < 300; trial++) {
      let text = ''
      for (let k = 0; k < 30; k++) {
        state = (state * 1103515245 + 12345) % 2 ** 31
        text += alphabet[state % alphabet.length]
      }
      expect(() => sweepFromLinkText(text, design)).not.toThrow()
    }
  })
})
