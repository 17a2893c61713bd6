import { describe, expect, it } from 'vitest'
import { garbleJson, HOSTILE_VALUES } from '../core/fuzzJson'
import { Rng } from '../core/rng'
import { cli } from './testing'

/*
 * Deterministic fuzzing of the command line's arguments and stdin (seeded): whatever it is given,
 * a command exits 0, or 2 with exactly one line on stderr naming the problem; it never crashes with
 * an internal error and never prints null for a number.
 */

const INVOCATIONS: { argv: string[]; stdin?: unknown }[] = [
  { argv: ['trace', '--env', 'cartpole', '--state', '0,0,0.05,0', '--actions', '1,1,0'] },
  { argv: ['trace', '--env', 'acrobot', '--state', '0.1,0,0,0', '--actions', '0,2', '--weights', 'step=2'] },
  { argv: ['trace', '--env', 'gridworld', '--params', 'map=cliff', '--state', '2,0', '--actions', '1,1'] },
  { argv: ['trace', '--env', 'cartpole', '--state', '0,0,0.05,0', '--actions', '1', '--mix', '-'], stdin: { terms: [{ name: 'centred', expression: '-abs(x)', weight: 0.5 }], shaping: [{ potential: 'upright', gamma: 0.99 }] } },
  { argv: ['advantages', '--estimator', 'group'], stdin: { groups: [[1, 1, 2], [0, 3]] } },
  { argv: ['advantages', '--estimator', 'group', '--center', 'median', '--scale', 'none'], stdin: { groups: [[[1, 0], [0, 1], [1, 1]]], weights: [1, 2] } },
  { argv: ['advantages', '--estimator', 'gae', '--gamma', '0.99', '--lambda', '0.95'], stdin: { rewards: [1, 1], values: [0.5, 0.4], terminated: [false, true], truncated: [false, false], bootstrapValues: [0, 0], lastValue: 0 } },
  { argv: ['credit', '--method', 'shapley'], stdin: { agents: 2, values: { '': 0, '0': 1, '1': 2, '0,1': 5 } } },
  { argv: ['lessons'] },
  { argv: ['envs'] },
]
const WORDS = ['--env', '--state', '--actions', '--params', '--weights', '--mix', '--estimator', '--gamma', '--lambda', '--method', '-', '--', '=', 'cartpole', 'nope', '1e308', 'NaN', '-1', '__proto__=1', 'a=b=c', ',,,', '']

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]

function garbleArgv(argv: string[], rng: Rng): string[] {
  const words = [...argv]
  const index = rng.int(words.length)
  const roll = rng.uniform()
  if (roll < 0.25) words.splice(index, 1)
  else if (roll < 0.5) words.splice(index, 0, pick(rng, WORDS))
  else if (roll < 0.75) words[index] = pick(rng, WORDS)
  else words[index] = String(pick(rng, HOSTILE_VALUES))
  return words
}

describe('the command line under fuzzing', () => {
  it('exits 0, or 2 with one line, for 1500 garbled invocations', () => {
    const rng = new Rng(2)
    for (let k = 0; k < 1500; k++) {
      const base = INVOCATIONS[k % INVOCATIONS.length]
      const argv = rng.uniform() < 0.5 ? garbleArgv(base.argv, rng) : base.argv
      const stdin = base.stdin !== undefined && rng.uniform() < 0.7 ? garbleJson(base.stdin, rng) : base.stdin
      const { code, stdout, stderr } = cli(argv, stdin)
      const what = `${JSON.stringify(argv).slice(0, 200)} with stdin ${String(typeof stdin === 'string' ? stdin : JSON.stringify(stdin)).slice(0, 200)}`
      expect([0, 2], `${what}: exit ${code}, ${stderr.slice(0, 300)}`).toContain(code)
      if (code === 2) {
        expect(stderr.trim().split('\n'), what).toHaveLength(1)
        expect(stderr, what).not.toMatch(/internal error/)
        expect(stdout, what).toBe('')
      } else {
        expect(stdout, what).not.toMatch(/:null\b|\bNaN\b/)
      }
    }
  })
})
