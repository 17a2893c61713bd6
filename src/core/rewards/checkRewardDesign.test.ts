import { describe, expect, it } from 'vitest'
import { getEnv } from '../envs/registry'
import { checkRewardDesign } from './checkRewardDesign'

const cartpole = getEnv('cartpole').spec

describe('every problem of a reward design at once', () => {
  it('names the schema’s problems and the environment’s for the entries that pass the schema, in one list', () => {
    const design = {
      version: 1,
      weights: { nope: 1, upright: 'x', '9lives': 2 },
      terms: [
        { name: '9lives', expression: 'sin(' },
        { name: 'ok', expression: 'thetaa + 1' },
      ],
      bonuses: [{ kind: 'magic' }],
      shaping: [{ potential: 'zzz' }],
      transforms: { nothere: [{ kind: 'scale', factor: 'q' }], alsonot: [{ kind: 'clip', lo: -1, hi: 1 }] },
    }
    const checked = checkRewardDesign(design, cartpole)
    expect(checked.ok).toBe(false)
    const problems = checked.ok ? [] : checked.problems
    // The schema's: a weight that is not a number, a term name, a bonus kind, a transform's factor.
    expect(problems.filter((problem) => /^(weights\.upright|terms\[0\]\.name|bonuses\[0\]\.kind|transforms\.nothere\[0\]\.factor): /.test(problem))).toHaveLength(4)
    // The environment's, for what passed: the unknown weight, the unknown variable, the potential, the transformed name.
    const joined = problems.join('\n')
    expect(joined).toContain('nope')
    // The unknown variable is in the file's second term, terms[1].
    expect(problems).toContainEqual(expect.stringMatching(/^terms\[1\]\.expression: unknown variable "thetaa"/))
    expect(joined).toContain('zzz')
    expect(joined).toContain('alsonot')
    // The term left out is not blamed again through its weight.
    expect(problems.filter((problem) => problem.includes('9lives'))).toEqual([])
  })

  it('a problem outside any one entry (the version) is named alone: nothing else can be checked safely', () => {
    const checked = checkRewardDesign({ version: 7, weights: { nope: 1 } }, cartpole)
    expect(checked).toEqual({ ok: false, problems: [expect.stringMatching(/^version: /)] })
  })

  it('a design that passes both checks comes back parsed', () => {
    expect(checkRewardDesign({ version: 1, weights: { upright: 0.5 } }, cartpole)).toMatchObject({ ok: true, design: { weights: { upright: 0.5 } } })
  })
})
