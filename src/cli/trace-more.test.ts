import { describe, expect, it } from 'vitest'
import { cli, spawnCli, traceLines } from './testing'

describe('envs lists bandit, tokenseq and coop', () => {
  it('with their state layouts, components and parameters', () => {
    const { code, stdout } = cli(['envs'])
    expect(code).toBe(0)
    const envs = JSON.parse(stdout) as { id: string; stateVars: string[]; components: { name: string; defaultWeight: number }[]; params: { name: string }[]; discreteStates: number | null }[]
    const byId = new Map(envs.map((env) => [env.id, env]))
    expect(byId.get('bandit')?.stateVars.slice(0, 5)).toEqual(['k', 'context', 'last_context', 'last_arm', 'last_payout'])
    expect(byId.get('bandit')?.discreteStates).toBe(1)
    expect(byId.get('bandit')?.params.map((p) => p.name)).toEqual(['k', 'arms', 'means', 'noise', 'contexts'])
    expect(byId.get('tokenseq')?.components.map((c) => [c.name, c.defaultWeight])).toEqual([
      ['correct', 1],
      ['format', 0],
      ['length', 0],
      ['proxy', 0],
      ['overlong', 0],
      ['closeness', 0],
      ['digits', 0],
    ])
    expect(byId.get('tokenseq')?.params.map((p) => p.name)).toEqual(['group_size', 'max_length', 'overlong_cache', 'difficulty', 'closeness_scale'])
    expect(byId.get('coop')?.stateVars).toEqual(['agents', 'agent', 'round', 'output', 'effort_0', 'effort_1', 'effort_2', 'effort_3'])
    expect(byId.get('coop')?.components.map((c) => [c.name, c.defaultWeight])).toEqual([
      ['team', 1],
      ['effort', 1],
      ['local', 0],
    ])
  })
})

describe('trace on bandit, tokenseq and coop', () => {
  it('pulls a bandit arm: one pull, one episode', () => {
    // means [0, 1]: Bernoulli payouts are certain, whatever the random numbers.
    const { code, stdout, stderr } = cli(['trace', '--env', 'bandit', '--params', 'k=2,means=0;1', '--state', '2,0,0,-1,0,0,1', '--actions', '1,0', '--weights', 'lure=3'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(1)
    expect(steps[0]).toEqual({ t: 0, state: [2, 0, 0, 1, 1, 0, 1], obs: [0], components: { payout: 1, expected: 1, lure: 0 }, reward: 1, terminated: true, truncated: false })
    const lured = traceLines(cli(['trace', '--env', 'bandit', '--params', 'k=2,means=0;1', '--state', '2,0,0,-1,0,0,1', '--actions', '0', '--weights', 'lure=3']).stdout)
    // reward = 1·payout 0 + 3·lure 1
    expect(lured[0].components).toEqual({ payout: 0, expected: 0, lure: 1 })
    expect(lured[0].reward).toBe(3)
  })

  it('writes a completion token by token and judges it on end', () => {
    // max_length 4: [max_length, a, b, t, token_0..3, last_a, last_b, last_token_0..3]
    const start = [4, 3, 4, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
    const { code, stdout, stderr } = cli(['trace', '--env', 'tokenseq', '--params', 'max_length=4', '--state', start.join(','), '--actions', '10,7,11,5', '--weights', 'length=2'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    // Stops at end: the fourth action is never taken.
    expect(steps).toHaveLength(3)
    expect(steps[0].components).toEqual({ correct: 0, format: 0, length: 0, proxy: 0, overlong: 0, closeness: 0, digits: 0 })
    expect(steps[0].terminated).toBe(false)
    expect(steps[1].state.slice(0, 8)).toEqual([4, 3, 4, 2, 10, 7, -1, -1])
    const last = steps[2]
    expect(last.terminated).toBe(true)
    expect(last.truncated).toBe(false)
    expect(last.state).toEqual([4, 3, 4, 3, 10, 7, 11, -1, -1, -1, -1, -1, -1, -1])
    expect(last.components.correct).toBe(1)
    expect(last.components.format).toBe(1)
    expect(last.components.length).toBe(0.75)
    // reward = 1·correct + 2·length = 1 + 1.5
    expect(last.reward).toBe(2.5)
    expect(last.obs).toHaveLength(47)
    // 3 tokens under max_length 4 and the default overlong_cache 2: (2 − 3)/2, at weight 0
    expect(last.components.overlong).toBe(-0.5)
    // "think 7 end" for 3 + 4: closeness 1 − 0/10 = 1, digits 1/1, both at weight 0
    expect([last.components.closeness, last.components.digits]).toEqual([1, 1])
  })

  it('charges the overlong penalty on the last token: −1 for a completion cut at max_length, its parameter from --params', () => {
    const start = [4, 3, 4, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
    const trace = (params: string, actions: string) => traceLines(cli(['trace', '--env', 'tokenseq', '--params', params, '--state', start.join(','), '--actions', actions, '--weights', 'correct=0,overlong=1']).stdout)
    const cut = trace('max_length=4', '10,10,10,7')
    expect(cut.map((step) => step.components.overlong)).toEqual([0, 0, 0, -1])
    expect(cut[3].reward).toBe(-1)
    // overlong_cache 1: free up to 3 tokens, −1 at 4 whether cut or ended
    expect(trace('max_length=4,overlong_cache=1', '10,7,11').at(-1)!.reward).toBe(0)
    expect(trace('max_length=4,overlong_cache=1', '10,10,7,11').at(-1)!.reward).toBe(-1)
    const refused = cli(['trace', '--env', 'tokenseq', '--params', 'max_length=4,overlong_cache=4', '--state', start.join(','), '--actions', '11'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('parameter "overlong_cache" of tokenseq must be an integer from 0 to 3 (less than max_length, 4), got 4')
  })

  it('plays one coop seat against teammates that repeat their efforts', () => {
    const { code, stdout, stderr } = cli(['trace', '--env', 'coop', '--params', 'agents=3,rounds=2', '--state', '3,0,0,0,0,2,2', '--actions', '2,0,2'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(2)
    // [2, 2, 2]: y = 6 + 0.5·12 = 12; team = 12/3; effort = −1.2·2
    expect(steps[0].components.team).toBe(4)
    expect(steps[0].components.effort).toBeCloseTo(-2.4, 12)
    expect(steps[0].components.local).toBe(2)
    expect(steps[0].state).toEqual([3, 0, 1, 12, 2, 2, 2])
    expect(steps[0].obs).toEqual([1, 0, 0, 1, 1, 1])
    // [0, 2, 2]: y = 4 + 0.5·4 = 6; the second round is the last: a cut, not a failure
    expect(steps[1].components).toEqual({ team: 2, effort: 0, local: 0 })
    expect(steps[1].reward).toBe(2)
    expect(steps[1].truncated).toBe(true)
    expect(steps[1].terminated).toBe(false)
  })

  it('names means that do not fit k', () => {
    // A rule between parameters is checked by the environment's describe(): still a usage error.
    const { code, stdout, stderr } = cli(['trace', '--env', 'bandit', '--params', 'k=3,means=0.1;0.2', '--state', '0', '--actions', '0'])
    expect(code).toBe(2)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stdout).toBe('')
    expect(stderr).toContain('parameter "means" of bandit lists 2 values but k is 3: give exactly 3 means separated by ";", or leave it empty for evenly spread means')
  })

  it.each([
    [['trace', '--env', 'tokenseq', '--params', 'max_length=3', '--state', '3,1,2,0,-1,-1,-1,-1,-1,-1,-1,-1', '--actions', '12'], 'action 12 is out of range for tokenseq'],
    [['trace', '--env', 'tokenseq', '--params', 'max_length=3', '--state', '3,1,2,1,-1,-1,-1,-1,-1,-1,-1,-1', '--actions', '1'], 'tokenseq state value token_0 must be a token from 0 to 11'],
    [['trace', '--env', 'coop', '--params', 'agents=2', '--state', '2,1,0,0,0,0', '--actions', '1'], 'coop state value agent must be 0 (copy 0 is agent 0 of team 0), got 1'],
  ])('explains a bad trace of %j on one line with exit 2', (args, message) => {
    const { code, stdout, stderr } = cli(args)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(message)
    expect(stderr.trim().split('\n')).toHaveLength(1)
  })

  it('traces tokenseq through the real command line', async () => {
    const { stdout } = await spawnCli(['trace', '--env', 'tokenseq', '--params', 'max_length=3', '--state', '3,9,9,0,-1,-1,-1,-1,-1,-1,-1,-1', '--actions', '1,8,11'])
    const steps = traceLines(stdout)
    expect(steps).toHaveLength(3)
    // 9 + 9 = 18 in exactly three tokens: right, well-formed, full length.
    expect(steps[2].components).toMatchObject({ correct: 1, format: 1, length: 1 })
  })
})
