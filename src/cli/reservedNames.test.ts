import { describe, expect, it } from 'vitest'
import { isReservedName, reservedNameProblem } from '../core/reservedNames'
import { cli, cliAsync, expectUsageError, traceLines, type CliResult } from './testing'

/*
 * Every name JavaScript's objects and functions have built in, given to the command line as a term
 * name, a weight's, a transform's or a parameter's key (in --mix, --config, --weights, --params) and
 * as a coalition: each run exits 0 with the name as an ordinary name, or 2 with one line naming it.
 */

const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype), 'prototype'])]

/** `{ [key]: value }` as JSON.parse makes it: "__proto__" an own key like any other. */
function own(key: string, value: unknown): Record<string, unknown> {
  return JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as Record<string, unknown>
}

const term = (name: string) => ({ name, expression: 'x', weight: 0.5 })
const TRACE = ['trace', '--env', 'cartpole', '--state', '0.1,0,0.05,0', '--actions', '1']
/** Tabular Q-learning on CliffWalking, one short iteration. */
const Q_CONFIG = { env: { id: 'cliffwalking' }, learner: { kind: 'qlearning', numEnvs: 1, stepsPerIteration: 10 }, seed: 1 }
const TRAIN = ['train', '--config', '-', '--iterations', '1']

/** Exit 2 with one line, which names the name; returns that line. */
function expectRefused(result: CliResult, name: string): string {
  const line = expectUsageError(result)
  expect(line).toContain(`"${name}"`)
  return line
}

describe.each(NAMES)('the name %s on the command line', (name) => {
  const reserved = isReservedName(name)

  it('trace --mix: a term of that name is ordinary unless reserved; as a weight or transform key the design is refused, naming it', () => {
    const traced = cli([...TRACE, '--mix', '-'], JSON.stringify({ terms: [term(name)] }))
    if (reserved) expect(expectRefused(traced, name)).toContain(reservedNameProblem(name))
    else {
      expect(traced.stderr).toBe('')
      expect(traced.code).toBe(0)
      const [step] = traceLines(traced.stdout)
      // x′ = 0.1 + 0.02·0 = 0.1: the term is x, and it weighs 0.5 into the reward (alive 1).
      expect(Object.hasOwn(step.components, name) && step.components[name]).toBeCloseTo(0.1, 12)
      expect(step.reward).toBeCloseTo(1 + 0.5 * 0.1, 12)
    }
    for (const design of [{ weights: own(name, 1) }, { transforms: own(name, [{ kind: 'scale' }]) }]) expectRefused(cli([...TRACE, '--mix', '-'], JSON.stringify(design)), name)
  })

  it('trace --weights and --params: a name the environment lacks, named (never "given twice", never dropped)', () => {
    expect(expectRefused(cli([...TRACE, '--weights', `${name}=1`]), name)).toContain(`unknown reward component "${name}" for cartpole`)
    expect(expectRefused(cli([...TRACE, '--params', `${name}=1`]), name)).toContain(`unknown parameter "${name}" for cartpole`)
    // Twice is still twice.
    expect(expectRefused(cli([...TRACE, '--weights', `${name}=1,${name}=2`]), name)).toContain(`"${name}" given twice in --weights`)
  })

  it('train --config -: a term of that name trains unless reserved; as a weight or parameter key the config is refused, naming it', async () => {
    const trained = await cliAsync(TRAIN, JSON.stringify({ ...Q_CONFIG, mix: { terms: [{ name, expression: 't', weight: 0 }] } }))
    if (reserved) expect(expectRefused(trained, name)).toContain(reservedNameProblem(name))
    else {
      expect(trained.stderr).toBe('')
      expect(trained.code).toBe(0)
      expect(trained.stdout.trim().split('\n').at(-1)).toContain('"done":true')
    }
    expectRefused(await cliAsync(TRAIN, JSON.stringify({ ...Q_CONFIG, mix: { weights: own(name, 1) } })), name)
    expectRefused(await cliAsync(TRAIN, JSON.stringify({ ...Q_CONFIG, env: { id: 'cliffwalking', params: own(name, 1) } })), name)
  })

  it('credit: a coalition of that name is unknown, named', () => {
    const values = { '': 0, '0': 1, '1': 2, '0,1': 5, ...own(name, 3) }
    expect(expectRefused(cli(['credit', '--method', 'shapley'], JSON.stringify({ agents: 2, values })), name)).toContain(`unknown coalition "${name}"`)
  })
})
