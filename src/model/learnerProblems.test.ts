import { describe, expect, it } from 'vitest'
import { defaultLearnerFor } from '../core/run/config'
import { resolveEnvironment } from '../core/envs/registry'
import { checkLearner, fieldProblemText, problemOfField } from './learnerProblems'

describe('learner problems in the words of a field', () => {
  const spec = resolveEnvironment('cartpole').spec
  const ppo = defaultLearnerFor(spec)

  it('names the option and what it must be, not what the validator received', () => {
    const check = checkLearner({ ...ppo, learningRate: NaN }, spec)
    expect(check).toEqual({ ok: false, problems: [{ path: 'learningRate', mustBe: 'must be a number' }] })
    const problem = check.ok ? null : check.problems[0]
    expect(fieldProblemText('learning rate', problem!, '0.01')).toBe('Learning rate must be a number, e.g. 0.01')
  })

  it('says a range in words, and offers no example where the text was a number', () => {
    const check = checkLearner({ ...ppo, gamma: 2, numEnvs: 1.5 }, spec)
    expect(check.ok ? [] : check.problems).toEqual([
      { path: 'numEnvs', mustBe: 'must be a whole number' },
      { path: 'gamma', mustBe: 'must be at most 1' },
    ])
    expect(fieldProblemText('discount γ', { path: 'gamma', mustBe: 'must be at most 1' }, '0.99')).toBe('Discount γ must be at most 1')
  })

  it('takes a valid learner as it is', () => {
    expect(checkLearner(ppo, spec)).toEqual({ ok: true, learner: ppo })
  })

  it('gives a field the problems at its path and at an object it is part of, not those of its neighbours', () => {
    expect(problemOfField({ path: 'progress', mustBe: 'x' }, 'progress.prover')).toBe(true)
    expect(problemOfField({ path: 'progress.prover', mustBe: 'x' }, 'progress.prover')).toBe(true)
    expect(problemOfField({ path: 'progress.weight', mustBe: 'x' }, 'progress.prover')).toBe(false)
    expect(problemOfField({ path: 'progres', mustBe: 'x' }, 'progress.prover')).toBe(false)
    expect(problemOfField({ path: '', mustBe: 'x' }, 'progress.prover')).toBe(false)
  })
})
