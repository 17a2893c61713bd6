import { describe, expect, it } from 'vitest'
import { specOf } from '../model/design'
import { designFromSearch, designToSearch } from '../model/designLink'
import { resolveEnvironment } from '../core/envs/registry'
import { TOKEN_FIXED_PROVER_RECIPE } from '../core/envs/tokenseqFixedProverRecipe'
import { learnerFits } from '../core/run/learnerFit'
import { findLesson, LESSON_IDS, LESSONS } from './catalogue'
import { buildDesign } from './recipe'

const everyDesign = LESSONS.flatMap((lesson) => lesson.variants.map((variant) => ({ name: `${lesson.id} / ${variant.label}`, design: variant.design })))

describe('the lesson catalogue', () => {
  it('has unique kebab-case ids and every text a lesson needs', () => {
    expect(new Set(LESSON_IDS).size).toBe(LESSONS.length)
    expect(LESSONS.length).toBeGreaterThanOrEqual(10)
    for (const lesson of LESSONS) {
      expect(lesson.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      for (const text of [lesson.title, lesson.question, lesson.tryThis, lesson.lookFor, lesson.why]) expect(text.length).toBeGreaterThan(10)
      expect(lesson.question.endsWith('?')).toBe(true)
      expect(lesson.design).toBe(lesson.variants[0].design)
      expect(new Set(lesson.variants.map((v) => v.label)).size).toBe(lesson.variants.length)
      for (const reference of [lesson.reference, ...lesson.seeAlso]) expect(reference.url).toMatch(/^https?:\/\/(arxiv\.org\/abs\/|doi\.org\/10\.|dl\.acm\.org\/doi\/10\.|incompleteideas\.net\/book\/)/)
    }
  })

  it('writes down the claims of every lesson, so that every one is checked over seeds', () => {
    expect(LESSONS.filter((lesson) => !lesson.check).map((lesson) => lesson.id)).toEqual([])
  })

  it.each(everyDesign)('$name survives the link round trip unchanged, nothing ignored', ({ design }) => {
    const { design: back, ignored } = designFromSearch(designToSearch(design, new URLSearchParams([['lesson', 'x']])))
    expect(ignored).toEqual([])
    expect(back).toEqual(design)
  })

  it.each(everyDesign)('$name has a learner that fits its environment', ({ design }) => {
    expect(learnerFits(design.learner.kind, specOf(design))).toBeNull()
  })

  it('variants differ from each other', () => {
    for (const lesson of LESSONS) {
      const searches = lesson.variants.map((v) => designToSearch(v.design))
      expect(new Set(searches).size).toBe(searches.length)
    }
  })

  it('trains process-vs-outcome’s fixed prover on the lesson’s own prompts, learning rate and β, outcome only', () => {
    const lesson = findLesson('process-vs-outcome')!
    const outcome = lesson.variants[0].design
    const fixed = lesson.variants.find((variant) => variant.design.learner.kind === 'grpo' && variant.design.learner.progress?.prover === 'fixed')!.design
    expect(fixed.params).toEqual(outcome.params)
    const { envId, params, weights, learner } = TOKEN_FIXED_PROVER_RECIPE
    expect(envId).toBe(outcome.envId)
    expect(resolveEnvironment(envId, params).params).toEqual(outcome.params)
    // The outcome variant's mix is correct alone, as the recipe's.
    expect(Object.entries(outcome.weights).filter(([, weight]) => weight !== 0)).toEqual(Object.entries(weights))
    const outcomeLearner = outcome.learner as { learningRate: number; beta: number }
    expect([learner.learningRate, learner.beta]).toEqual([outcomeLearner.learningRate, outcomeLearner.beta])
  })

  it('finds a lesson by id and answers null for an unknown one', () => {
    expect(findLesson('coin-loop')?.title).toBe('The coin loop')
    expect(findLesson('nope')).toBeNull()
  })
})

describe('buildDesign', () => {
  it('names every problem of a broken recipe at once', () => {
    expect(() => buildDesign({ envId: 'cartpole', weights: { alive: 7, nope: 1 }, learner: { kind: 'qlearning' } })).toThrow(
      /weight of alive 7 \(accepted: 0 to 2\); weight of unknown component "nope".*; Q-learning needs an environment with discrete states/,
    )
    expect(() => buildDesign({ envId: 'cartpole', reward: { shaping: [{ potential: 'energy' }] } })).toThrow(/offers no potential "energy"/)
  })

  it('fills every default, as a link read back would', () => {
    const design = buildDesign({ envId: 'gridworld', params: { map: 'coinloop' }, weights: { coin: 10 } })
    expect(design.weights).toEqual({ step: 1, hazard: 100, goal: 0, progress: 0, coin: 10 })
    expect(design.learner.kind).toBe('qlearning')
    expect(design.seed).toBe(1)
  })
})
