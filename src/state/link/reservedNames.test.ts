import { describe, expect, it } from 'vitest'
import { isReservedName, reservedNameProblem } from '../../core/reservedNames'
import { defaultDesign, NO_EXTRAS, type Design } from '../../model/design'
import { designFromSearch, designToSearch } from '../../model/designLink'
import { readDesignOrSetup } from '../../model/setupFile'
import { parseSavedDesign } from '../../storage/savedDesign'
import { ToWorkerSchema } from '../../worker/protocol'
import { readLink } from './readLink'

/*
 * Every name JavaScript's objects and functions have built in, as a term name, a weight key, a
 * transform key and a parameter, through each way a design comes in: a link, an imported file, a
 * saved design, a message to the worker. Nothing throws; a name is either an ordinary name
 * (reserved ones never are) or refused with one message that names it.
 */

const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype), 'prototype'])]

/** `{ [key]: value }` as JSON.parse makes it: "__proto__" an own key like any other. */
function own(key: string, value: unknown): Record<string, unknown> {
  return JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as Record<string, unknown>
}

/** A value as it arrives from outside: through JSON text, so every key is an own key. */
function fromJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

const term = (name: string) => ({ name, expression: 'x', weight: 0.5 })
const SCALE = [{ kind: 'scale', factor: 2 }]

/** The reward designs that use `name` once each: as a term's name, a weight's key, a transform's key. */
function designsNaming(name: string) {
  return { term: { terms: [term(name)] }, weight: { weights: own(name, 1) }, transform: { transforms: own(name, SCALE) } }
}

/** Refused with one message, which names the name. */
function expectRefusedOnce(messages: readonly string[], name: string): void {
  expect(messages).toHaveLength(1)
  expect(messages[0]).toContain(`"${name}"`)
}

/** The design carries a term of that name, weighed as its own number. */
function expectOrdinaryTerm(design: Design, name: string, weight = 0.5): void {
  expect(design.reward.terms.map((t) => t.name)).toEqual([name])
  expect(Object.hasOwn(design.weights, name) && design.weights[name]).toBe(weight)
}

const reward = (design: unknown) => `r=${encodeURIComponent(JSON.stringify(design))}`

describe.each(NAMES)('the name %s', (name) => {
  const reserved = isReservedName(name)
  const designs = designsNaming(name)
  const links = {
    term: `?env=cartpole&${reward(designs.term)}&w.${encodeURIComponent(name)}=1.5`,
    weight: `?env=cartpole&${reward(designs.weight)}`,
    transform: `?env=cartpole&${reward(designs.transform)}`,
    w: `?env=cartpole&w.${encodeURIComponent(name)}=1`,
    p: `?env=cartpole&p.${encodeURIComponent(name)}=1`,
  }

  it('in a link (designFromSearch, readLink): a term of that name is ordinary unless reserved; as a key it is refused, named', async () => {
    for (const [use, search] of Object.entries(links)) {
      for (const read of [designFromSearch(search), await readLink(search)]) {
        if (use === 'term' && !reserved) {
          expect(read.ignored).toEqual([])
          expectOrdinaryTerm(read.design, name, 1.5)
          // The address it writes opens the same design.
          expect(designFromSearch(designToSearch(read.design)).design).toEqual(read.design)
          continue
        }
        // A reserved term name leaves its weight unknown too, so the link names it twice: the reward and the weight.
        const expected = use === 'term' ? 2 : 1
        expect(read.ignored).toHaveLength(expected)
        for (const problem of read.ignored) expect(problem).toContain(`"${name}"`)
        if (use === 'term') expect(read.ignored[0]).toContain(reservedNameProblem(name))
        expect(read.design).toEqual(defaultDesign('cartpole'))
        expect(designToSearch(read.design)).not.toContain(encodeURIComponent(name))
      }
    }
  })

  it('in an imported file (readDesignOrSetup): a design or a whole setup', () => {
    const current = defaultDesign('cartpole')
    for (const [use, design] of Object.entries(designs)) {
      const read = readDesignOrSetup(JSON.stringify(design), current)
      if (use === 'term' && !reserved) {
        expect(read).toMatchObject({ ok: true, kind: 'design', reward: { terms: [term(name)] } })
      } else {
        expect(read.ok).toBe(false)
        expectRefusedOnce((read as { problems: string[] }).problems, name)
      }
    }
    const setup = readDesignOrSetup(JSON.stringify({ env: { id: 'cartpole' }, mix: designs.term, learner: { kind: 'ppo' } }), current)
    if (reserved) expectRefusedOnce((setup as { problems: string[] }).problems, name)
    else expectOrdinaryTerm((setup as { design: Design }).design, name)
    const params = readDesignOrSetup(JSON.stringify({ env: { id: 'cartpole', params: own(name, 1) }, learner: { kind: 'ppo' } }), current)
    expectRefusedOnce((params as { problems: string[] }).problems, name)
  })

  it('in a saved design (parseSavedDesign)', () => {
    const base = defaultDesign('cartpole')
    const withTerm = parseSavedDesign(fromJson({ ...base, reward: { ...NO_EXTRAS, terms: [term(name)] } }))
    if (reserved) expect(withTerm).toEqual({ ok: false, problem: expect.stringContaining(reservedNameProblem(name)) as unknown })
    else expectOrdinaryTerm((withTerm as { design: Design }).design, name)
    const keyed = [
      { ...base, weights: { ...base.weights, ...own(name, 1) } },
      { ...base, reward: { ...NO_EXTRAS, transforms: own(name, SCALE) } },
      { ...base, params: { ...base.params, ...own(name, 1) } },
    ]
    for (const saved of keyed) {
      const parsed = parseSavedDesign(fromJson(saved))
      expect(parsed.ok).toBe(false)
      expect((parsed as { problem: string }).problem).toContain(`"${name}"`)
    }
  })

  it('in a message to the worker (start, setReward, setWeights): reserved names are refused with one issue naming them', () => {
    const start = (config: object) => ({ type: 'start', runId: 'run', config: { env: { id: 'cartpole' }, learner: { kind: 'ppo' }, ...config } })
    const change = { runId: 'run', changeId: 1 }
    const messages = [
      start({ mix: designs.term }),
      start({ env: { id: 'cartpole', params: own(name, 1) } }),
      ...Object.values(designs).map((design) => ({ type: 'setReward', ...change, design, note: 'changed' })),
      { type: 'setWeights', ...change, weights: own(name, 1) },
    ]
    for (const message of messages) {
      const parsed = ToWorkerSchema.safeParse(fromJson(message))
      if (reserved) {
        expect(parsed.success).toBe(false)
        expectRefusedOnce(parsed.error!.issues.map((issue) => issue.message), name)
      } else {
        // An ordinary name: the message is read, and the run checks it against its environment.
        expect(parsed.success).toBe(true)
        expect(JSON.stringify(parsed.data)).toContain(`"${name}"`)
      }
    }
  })
})
