import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../core/envs/registry'
import { GrpoOptionsSchema, LearnerOptionsSchema, PROGRESS_PROVERS, type LearnerOptions } from '../core/run/config'
import { learnerChangeNote, learnerFieldChanges, whyLearnerChangeNeedsNewRun } from '../core/run/liveLearner'
import { LEARNER_FIELDS, learnerFieldLabel, withFieldValue } from './learnerFields'
import { checkLearner } from './learnerProblems'
import { withoutPath } from './paths'

describe('learner field labels', () => {
  it("name a live change's options as the Learner panel does, not by their link keys", () => {
    const before = GrpoOptionsSchema.parse({ kind: 'grpo' })
    const after = { ...before, aggregation: 'seq-mean-token-sum-norm' as const }
    expect(learnerChangeNote(learnerFieldChanges(before, after), (path) => learnerFieldLabel('grpo', path))).toBe('loss aggregation: seq-mean-token-mean → seq-mean-token-sum-norm')
    expect(learnerFieldLabel('grpo', 'notAField')).toBe('notAField')
  })
})

describe('PAV’s progress in the Learner panel', () => {
  const prover = LEARNER_FIELDS.grpo.find((field) => field.path === 'progress.prover')!
  const weight = LEARNER_FIELDS.grpo.find((field) => field.path === 'progress.weight')!
  const plain = GrpoOptionsSchema.parse({ kind: 'grpo' })
  const tokenseq = resolveEnvironment('tokenseq').spec
  const bandit = resolveEnvironment('bandit').spec

  it('offers off, then every prover the schema knows, and shows off while progress is absent', () => {
    expect(prover.options).toEqual(['off', ...PROGRESS_PROVERS])
    expect(prover.absent).toBe('off')
    expect(weight.absent).toBe(1)
  })

  it('turns progress on with each prover, weight 1, a learner the schema and the token task accept', () => {
    for (const name of PROGRESS_PROVERS) {
      const candidate = withFieldValue(plain, prover, name)
      const parsed = LearnerOptionsSchema.safeParse(candidate)
      expect(parsed.success).toBe(true)
      expect(parsed.data).toEqual({ ...plain, progress: { prover: name, weight: 1 } })
      expect(checkLearner(candidate, tokenseq)).toEqual({ ok: true, learner: { ...plain, progress: { prover: name, weight: 1 } } })
      // Elsewhere the environment refuses it, naming progress as a whole (the panel shows it beside the prover).
      expect(checkLearner(candidate, bandit)).toMatchObject({ ok: false, problems: [{ path: 'progress', mustBe: expect.stringMatching(/^PAV's progress needs an environment .* accepted on tokenseq, not bandit$/) }] })
    }
  })

  it('removes progress altogether when the prover is off, weight included, so the design is one that never set it', () => {
    const on = GrpoOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'current', weight: 2.5 } })
    const off = withFieldValue(on, prover, 'off')
    expect('progress' in off).toBe(false)
    expect(LearnerOptionsSchema.parse(off)).toEqual(plain)
    // Turning it on and off is no change at all: neither field differs from the plain learner's.
    expect(learnerFieldChanges(plain, off)).toEqual([])
    expect(whyLearnerChangeNeedsNewRun(on, off)).toBe("progress.prover, progress.weight change the learner's part of the reward, so the change starts a new run")
  })

  it('shows the weight only while a prover is on, and leaves weight 1 absent as its default', () => {
    const on = GrpoOptionsSchema.parse({ kind: 'grpo', progress: { prover: 'start' } })
    expect(weight.shownFor!(plain)).toBe(false)
    expect(weight.shownFor!(on)).toBe(true)
    expect(withFieldValue(on, weight, 2.5)).toEqual({ ...on, progress: { prover: 'start', weight: 2.5 } })
    const one = withFieldValue({ ...on, progress: { prover: 'start', weight: 2.5 } }, weight, 1) as Extract<LearnerOptions, { kind: 'grpo' }>
    expect(one.progress!.weight).toBeUndefined()
    expect(LearnerOptionsSchema.parse(one)).toEqual(on)
  })

  it('sets any other field at its path, and an absent one’s meaning as absent', () => {
    const baseline = LEARNER_FIELDS.grpo.find((field) => field.path === 'estimator.baseline')!
    expect((withFieldValue(plain, baseline, 'opo') as typeof plain).estimator.baseline).toBe('opo')
    const back = withFieldValue({ ...plain, estimator: { ...plain.estimator, baseline: 'opo' } }, baseline, 'group') as typeof plain
    expect(back.estimator.baseline).toBeUndefined()
  })
})

describe('δ and SAPO’s temperatures in the Learner panel', () => {
  const field = (path: string) => LEARNER_FIELDS.grpo.find((each) => each.path === path)!
  const plain = GrpoOptionsSchema.parse({ kind: 'grpo' })
  const sapo = GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'sapo' })

  it('shows δ off (an empty box) and the temperatures at verl’s 1 and 1.05 while absent', () => {
    expect(field('delta')).toMatchObject({ kind: 'number', optional: true, absent: null })
    expect(field('tauPos').absent).toBe(1)
    expect(field('tauNeg').absent).toBe(1.05)
  })

  it('sets δ, and an emptied box leaves it absent, the design as one that never set it', () => {
    const set = withFieldValue(plain, field('delta'), 4)
    expect(LearnerOptionsSchema.parse(set)).toMatchObject({ delta: 4 })
    expect(withFieldValue(set, field('delta'), null)).toEqual(plain)
  })

  it('sets a temperature, and its default leaves it absent', () => {
    const hot = withFieldValue(sapo, field('tauNeg'), 2)
    expect(LearnerOptionsSchema.parse(hot)).toMatchObject({ tauNeg: 2 })
    expect(withFieldValue(hot, field('tauNeg'), 1.05)).toEqual(sapo)
    // a temperature under ppo is refused, naming the loss it applies to
    const checked = checkLearner(withFieldValue(plain, field('tauPos'), 2), resolveEnvironment('tokenseq').spec)
    expect(checked.ok ? [] : checked.problems.map((problem) => problem.path)).toEqual(['tauPos'])
  })
})

describe('Clip-Cov, KL-Cov and the adaptive KL controller in the Learner panel', () => {
  const field = (path: string) => LEARNER_FIELDS.grpo.find((each) => each.path === path)!
  const plain = GrpoOptionsSchema.parse({ kind: 'grpo' })
  const clipCov = GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'clip_cov' })
  const klCov = GrpoOptionsSchema.parse({ kind: 'grpo', policyLoss: 'kl_cov' })

  it('shows verl’s defaults while absent, each loss’s fields under that loss only, the horizon only with a target', () => {
    expect(['clipCovRatio', 'clipCovLb', 'clipCovUb', 'klCovRatio', 'ppoKlCoef', 'klControl.target', 'klControl.horizon'].map((path) => field(path).absent)).toEqual([0.0002, 1, 5, 0.0002, 0.1, null, 10000])
    for (const path of ['clipCovRatio', 'clipCovLb', 'clipCovUb']) expect([plain, clipCov, klCov].map((learner) => field(path).shownFor!(learner)), path).toEqual([false, true, false])
    for (const path of ['klCovRatio', 'ppoKlCoef']) expect([plain, clipCov, klCov].map((learner) => field(path).shownFor!(learner)), path).toEqual([false, false, true])
    expect(field('klControl.target').shownFor).toBeUndefined()
    expect(field('klControl.horizon').shownFor!(plain)).toBe(false)
  })

  it('sets a Clip-Cov bound, and its default leaves it absent', () => {
    const set = withFieldValue(clipCov, field('clipCovUb'), 3)
    expect(LearnerOptionsSchema.parse(set)).toMatchObject({ clipCovUb: 3 })
    expect(withFieldValue(set, field('clipCovUb'), 5)).toEqual(clipCov)
    // a band upside down is refused, naming the upper bound
    const checked = checkLearner(withFieldValue(clipCov, field('clipCovLb'), 6), resolveEnvironment('tokenseq').spec)
    expect(checked.ok ? [] : checked.problems.map((problem) => problem.path)).toEqual(['clipCovUb'])
  })

  it('turns the controller on with a target (horizon 10000), and an emptied target drops the controller whole', () => {
    const on = withFieldValue(plain, field('klControl.target'), 0.05)
    expect(LearnerOptionsSchema.parse(on)).toMatchObject({ klControl: { target: 0.05, horizon: 10000 } })
    const longer = withFieldValue(LearnerOptionsSchema.parse(on), field('klControl.horizon'), 500)
    expect(LearnerOptionsSchema.parse(longer)).toMatchObject({ klControl: { target: 0.05, horizon: 500 } })
    expect(withFieldValue(longer, field('klControl.target'), null)).toEqual(plain)
  })
})

describe('withoutPath', () => {
  it('removes the key at a dotted path from a copy, and leaves a path that is not there alone', () => {
    const options = { a: 1, b: { c: 2, d: 3 } }
    expect(withoutPath(options, 'b.c')).toEqual({ a: 1, b: { d: 3 } })
    expect(withoutPath(options, 'b')).toEqual({ a: 1 })
    expect(withoutPath(options, 'x.y')).toEqual(options)
    expect(options).toEqual({ a: 1, b: { c: 2, d: 3 } })
  })
})
