import { describe, expect, it } from 'vitest'
import { MAX_MESSAGE_LENGTH } from './limits'
import { listProblems, messageLine } from './message'
import { cli, cliAsync, expectUsageError } from './testing'

/*
 * The one line on stderr stays short whatever the input quotes: every quoted value is cut to 40
 * characters and "…", at most 10 problems (or quoted values in a row) are listed and the rest
 * counted, an unquoted word is cut at 80 characters, and no line passes MAX_MESSAGE_LENGTH.
 */

const LONG = 'x'.repeat(100_000)
const CUT = `${'x'.repeat(40)}…`
const TRACE = ['trace', '--env', 'cartpole', '--state', '0,0,0,0', '--actions', '1']
const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]))

describe('messageLine', () => {
  it('leaves an ordinary message as it is', () => {
    const message = 'unknown --center "middle"; accepted: mean, median, loo, batch; expected {"groups": [[r, ...], ...]}'
    expect(messageLine(message)).toBe(message)
    expect(messageLine(`a "${'y'.repeat(40)}" b`)).toBe(`a "${'y'.repeat(40)}" b`)
  })

  it('cuts quoted values, lists of them, long words and the whole line', () => {
    expect(messageLine(`a "${'y'.repeat(41)}" b`)).toBe(`a "${'y'.repeat(40)}…" b`)
    // Cutting twice changes nothing.
    expect(messageLine(messageLine(`got "${LONG}"`))).toBe(`got "${CUT}"`)
    const keys = Array.from({ length: 12 }, (_, i) => `"k${i}"`).join(', ')
    expect(messageLine(`unknown keys ${keys} in x`)).toBe(`unknown keys ${keys.split(', ').slice(0, 10).join(', ')}, and 2 more in x`)
    expect(messageLine(`weights.${LONG}: no`)).toBe(`weights.${'x'.repeat(72)}… no`)
    expect(messageLine('two\n  lines')).toBe('two lines')
    const long = messageLine('word '.repeat(2000))
    expect(long).toHaveLength(MAX_MESSAGE_LENGTH + 1)
    expect(long.endsWith('…')).toBe(true)
  })

  it('lists at most 10 problems and counts the rest', () => {
    const problems = Array.from({ length: 13 }, (_, i) => `p${i}`)
    expect(listProblems(problems.slice(0, 10))).toBe('p0; p1; p2; p3; p4; p5; p6; p7; p8; p9')
    expect(listProblems(problems)).toBe('p0; p1; p2; p3; p4; p5; p6; p7; p8; p9; and 3 more')
  })
})

describe('the command line quotes long input briefly', () => {
  it.each([
    [[LONG], `unknown command "${CUT}"; accepted: envs, trace, advantages, credit, bradley-terry, dpo-loss, loss, lessons, train, lesson, monitor, preferences, reward-model, sweep, rollouts, best-of-n, --help`],
    [['trace', '--env', LONG], `unknown environment "${CUT}"; accepted:`],
    [[...TRACE, '--weights', `alive=${LONG}`], `weight "alive" must be a finite number, got "${CUT}"`],
    [['advantages', '--estimator', 'group', '--center', LONG], `unknown --center "${CUT}"; accepted: mean, median, loo, batch`],
    [['credit', '--method', LONG], `unknown method "${CUT}" for credit`],
  ])('%#: a 100 KB argument is quoted as 40 characters and "…"', (args, start) => {
    const message = expectUsageError(cli(args))
    expect(message.startsWith(start)).toBe(true)
    expect(message.length).toBeLessThan(250)
  })

  it('lists 10 of a design’s problems and counts the rest', () => {
    const message = expectUsageError(cli([...TRACE, '--mix', '-'], JSON.stringify({ weights: many(25) })))
    expect(message).toMatch(/^the reward design in --mix stdin has 25 problems: weights\.k0: cartpole has no component "k0"; /)
    expect(message).toContain('weights.k9: ')
    expect(message).not.toContain('weights.k10: ')
    expect(message.endsWith('; and 15 more')).toBe(true)
  })

  it('lists 10 unknown keys and counts the rest, and cuts an unquoted name', () => {
    const keys = expectUsageError(cli([...TRACE, '--mix', '-'], JSON.stringify(many(1000))))
    expect(keys).toContain('unknown keys "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", and 990 more in a reward design')
    const name = expectUsageError(cli([...TRACE, '--mix', '-'], JSON.stringify({ weights: { [LONG]: 1 } })))
    expect(name.length).toBeLessThan(300)
  })

  it('lists 10 of a run config’s problems and counts the rest', async () => {
    const config = { env: { id: 'cartpole' }, learner: { kind: 'ppo', ...many(1000) }, seed: 1 }
    const message = expectUsageError(await cliAsync(['train', '--config', '-'], JSON.stringify(config)))
    expect(message).toMatch(/^--config stdin: learner\.k0: unknown key in a ppo learner; /)
    expect(message.endsWith('; and 990 more')).toBe(true)
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH + 1)
  })
})
