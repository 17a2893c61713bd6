import { describe, expect, it } from 'vitest'
import { teamValue } from '../core/envs/coop'
import { cli, expectUsageError, spawnCli } from './testing'

function credit(method: string, input: unknown): number[] {
  const { code, stdout, stderr } = cli(['credit', '--method', method], input)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  return (JSON.parse(stdout) as { credit: number[] }).credit
}

// v(∅) = 0, v({0}) = 1, v({1}) = 2, v({0, 1}) = 5
const TWO = { agents: 2, values: { '': 0, '0': 1, '1': 2, '0,1': 5 } }

describe('credit', () => {
  it('credits a two-agent game with every method', () => {
    expect(credit('shared', TWO)).toEqual([5, 5])
    expect(credit('equal', TWO)).toEqual([2.5, 2.5])
    // (5 − v({1}), 5 − v({0}))
    expect(credit('difference', TWO)).toEqual([3, 4])
    // φ_0 = ½·1 + ½·3, φ_1 = ½·2 + ½·4
    expect(credit('shapley', TWO)).toEqual([2, 3])
  })

  it('reads the coalitions of the coop game by their sorted agent indices', () => {
    // Efforts (2, 1, 1), synergy 0.5 (src/core/envs/coop.ts); keys in any order in the object.
    const efforts = [2, 1, 1]
    const values: Record<string, number> = {}
    for (let S = 7; S >= 0; S--) {
      const key = [0, 1, 2].filter((i) => (S >> i) & 1).join(',')
      values[key] = teamValue(efforts, S, { agents: 3, synergy: 0.5 })
    }
    expect(values).toEqual({ '': 0, '0': 2, '1': 1, '2': 1, '0,1': 4, '0,2': 4, '1,2': 2.5, '0,1,2': 6.5 })
    expect(credit('difference', { agents: 3, values })).toEqual([4, 2.5, 2.5])
    // φ_i = e_i + (s/2)·e_i·Σ_{j≠i} e_j
    const shapley = credit('shapley', { agents: 3, values })
    ;[3, 1.75, 1.75].forEach((value, i) => expect(shapley[i]).toBeCloseTo(value, 12))
    expect(credit('equal', { agents: 3, values })).toEqual([6.5 / 3, 6.5 / 3, 6.5 / 3])
  })

  it('prints full precision', () => {
    // Output only with everyone: Shapley 1/3 each, as a double.
    const values = { '': 0, '0': 0, '1': 0, '2': 0, '0,1': 0, '0,2': 0, '1,2': 0, '0,1,2': 1 }
    const shapley = credit('shapley', { agents: 3, values })
    shapley.forEach((value) => expect(value).toBeCloseTo(1 / 3, 15))
    expect(credit('equal', { agents: 3, values })).toEqual([1 / 3, 1 / 3, 1 / 3])
  })

  it.each<[string[], unknown, string]>([
    [['credit'], TWO, 'credit needs --method; accepted: shared, equal, difference, shapley'],
    [['credit', '--method', 'banzhaf'], TWO, 'unknown method "banzhaf" for credit; accepted: shared, equal, difference, shapley'],
    [['credit', '--method', 'shapley', '--alpha', '0.5'], TWO, 'unknown flag "--alpha" for credit; accepted: --method'],
    [['credit', '--method', 'shapley'], '{"agents": 2,', 'stdin is not valid JSON'],
    [['credit', '--method', 'shapley'], '  \n', 'no JSON on stdin; expected {"agents": n, "values": {"": v, "0": v, "1": v, "0,1": v, ...}}'],
    [['credit', '--method', 'shapley'], { agents: 2, values: { '': 0, '0': 1, '0,1': 5 } }, 'values lacks coalition "1"; 2 agents need all 2^2 = 4 coalitions'],
    [['credit', '--method', 'shapley'], { agents: 2, values: { '': 0, '0': 1, '1': 2, '1,0': 5 } }, 'values has an unknown coalition "1,0"; for 2 agents the keys are the sorted agent indices from 0 to 1 joined by ","'],
    [['credit', '--method', 'shapley'], { agents: 2, values: { ...TWO.values, '2': 1 } }, 'values has an unknown coalition "2"'],
    [['credit', '--method', 'shapley'], { agents: 2, values: { ...TWO.values, '1': 'two' } }, 'values["1"]: expected number, received string'],
    [['credit', '--method', 'shapley'], { agents: 1.5, values: TWO.values }, 'agents: expected int, received number'],
    [['credit', '--method', 'shapley'], { agents: 0, values: { '': 0 } }, 'agents: Too small'],
    [['credit', '--method', 'shapley'], { agents: 2 }, '"values" is missing'],
    [['credit', '--method', 'shapley'], { agents: 2, values: [0, 1, 2, 5] }, 'values: expected record, received array'],
    [['credit', '--method', 'shapley'], { ...TWO, team: 1 }, 'unknown key "team"'],
  ])('rejects %j with stdin %j', (args, input, message) => {
    expect(expectUsageError(cli(args, input))).toContain(message)
  })

  it('runs as a process, reading stdin through a pipe', async () => {
    const { code, stdout, stderr } = await spawnCli(['credit', '--method', 'difference'], JSON.stringify(TWO))
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toBe('{"credit":[3,4]}\n')
    const missing = await spawnCli(['credit', '--method', 'shapley'], '{"agents": 2, "values": {"": 0, "0": 1, "1": 2}}')
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'values lacks coalition "0,1"; 2 agents need all 2^2 = 4 coalitions\n' })
  })
})
