import { describe, expect, it } from 'vitest'
import { END } from '../core/envs/tokenseq'
import { preferenceProbability } from '../core/preferences/labeler'
import { TOKEN_FEATURE_NAMES, tokenFeatures, tokenGold } from '../core/preferences/tokenFeatures'
import { cliAsync, expectUsageError, jsonLines, spawnCli } from './testing'

/* `preferences --env tokenseq`: pairs of the start policy's completions, labelled, one JSON line a pair. */

interface Side {
  tokens: number[]
  features: Record<string, number>
  gold: number
}
interface PairLine {
  prompt: [number, number]
  a: Side
  b: Side
  probability: number
  label: 'a' | 'b'
}

async function pairs(args: string[]): Promise<PairLine[]> {
  const { code, stdout, stderr } = await cliAsync(['preferences', '--env', 'tokenseq', ...args])
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  return jsonLines<PairLine>(stdout)
}

const refused = async (args: string[]) => expectUsageError(await cliAsync(['preferences', ...args]))
const BASE = ['--env', 'tokenseq', '--pairs', '3', '--temperature', '0', '--seed', '1']

describe('preferences', () => {
  it('writes N pairs of two completions of one prompt, with their features, gold and the label', async () => {
    const lines = await pairs(['--pairs', '100', '--temperature', '0', '--seed', '3'])
    // 100 pairs: more than one round's 16 prompts × 4 pairs
    expect(lines).toHaveLength(100)
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['prompt', 'a', 'b', 'probability', 'label'])
      for (const side of [line.a, line.b]) {
        const completion = { prompt: line.prompt, tokens: side.tokens, maxLength: 8 }
        expect(Object.keys(side.features)).toEqual(TOKEN_FEATURE_NAMES)
        expect(Object.values(side.features)).toEqual(Array.from(tokenFeatures(completion)))
        expect(side.gold).toBe(tokenGold(completion))
      }
      // T = 0 without a bias: the right answer wins; two alike are a coin flip
      const expected = line.a.gold > line.b.gold ? 1 : line.a.gold < line.b.gold ? 0 : 0.5
      expect(line.probability).toBe(expected)
      if (expected !== 0.5) expect(line.label).toBe(expected === 1 ? 'a' : 'b')
    }
    // The start policy is near uniform: some pairs have both labels
    expect(new Set(lines.map((line) => line.label))).toEqual(new Set(['a', 'b']))
    // Four pairs a prompt, sixteen prompts a round
    expect(lines[0].prompt).toEqual(lines[3].prompt)
  })

  it('gives the same lines for the same arguments, in a process of its own each time', async () => {
    const args = ['preferences', '--env', 'tokenseq', '--pairs', '300', '--temperature', '0.5', '--seed', '7', '--bias', 'length=0.1']
    const [first, second, other] = await Promise.all([spawnCli(args), spawnCli(args), spawnCli([...args.slice(0, -3), '8', '--bias', 'length=0.1'])])
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(jsonLines(first.stdout)).toHaveLength(300)
    expect(second.stdout).toBe(first.stdout)
    expect(other.code).toBe(0)
    expect(other.stdout).not.toBe(first.stdout)
  }, 120_000)

  it('labels with the biases: P(a ≻ b) = σ((s_a − s_b)/T), s = gold + Σ w·f', async () => {
    const lines = await pairs(['--pairs', '200', '--temperature', '0.5', '--seed', '2', '--bias', 'length=0.25,format=1,token:0=2,token:11=-0.5'])
    const score = (side: Side) => side.gold + 0.25 * side.tokens.length + 1 * side.features.format + 2 * side.features.count_0 - 0.5 * side.tokens.filter((token) => token === END).length
    for (const line of lines) expect(line.probability).toBe(preferenceProbability(score(line.a), score(line.b), 0.5))
    // The labels follow the probabilities: about their mean prefer a
    const mean = lines.reduce((sum, line) => sum + line.probability, 0) / lines.length
    expect(lines.filter((line) => line.label === 'a').length / lines.length).toBeCloseTo(mean, 1)
  })

  it('takes --params as key=value or as JSON', async () => {
    const listed = await pairs(['--params', 'max_length=4,difficulty=easy', '--pairs', '20', '--temperature', '1', '--seed', '5'])
    const json = await pairs(['--params', '{"max_length": 4, "difficulty": "easy"}', '--pairs', '20', '--temperature', '1', '--seed', '5'])
    expect(json).toEqual(listed)
    for (const line of listed) {
      expect(line.a.tokens.length).toBeLessThanOrEqual(4)
      expect(line.prompt[0] + line.prompt[1]).toBeLessThanOrEqual(9)
    }
  })

  it.each([
    [['--pairs', '3'], 'preferences needs --env; accepted: tokenseq'],
    [['--env', 'mountaincar', '--pairs', '3'], '--env "mountaincar" has no completions to pair yet; accepted: tokenseq; for trajectory segments (--segment K): cartpole, gridworld, cliffwalking, frozenlake'],
    [['--env', 'nope'], '--env "nope" has no completions to pair yet; accepted: tokenseq'],
    [['--env', 'tokenseq', '--temperature', '0', '--seed', '1'], 'preferences needs --pairs: a whole number from 1 to 100000'],
    [[...BASE.slice(0, 2), '--pairs', '0', ...BASE.slice(4)], '--pairs must be a whole number from 1 to 100000, got "0"'],
    [[...BASE.slice(0, 2), '--pairs', '100001', ...BASE.slice(4)], '--pairs must be a whole number from 1 to 100000, got "100001"'],
    [[...BASE.slice(0, 2), '--pairs', '2.5', ...BASE.slice(4)], '--pairs must be a whole number from 1 to 100000, got "2.5"'],
    [[...BASE.slice(0, 4), '--seed', '1'], 'preferences needs --temperature: a number from 0 (always the higher score) to 1000'],
    [[...BASE.slice(0, 4), '--temperature', '-1', '--seed', '1'], '--temperature must be from 0 (always the higher score) to 1000, got -1'],
    [[...BASE.slice(0, 4), '--temperature', '1001', '--seed', '1'], '--temperature must be from 0 (always the higher score) to 1000, got 1001'],
    [[...BASE.slice(0, 4), '--temperature', 'NaN', '--seed', '1'], '--temperature must be a finite number, got "NaN"'],
    [BASE.slice(0, 6), 'preferences needs --seed: a whole number from 0 to 2147483647'],
    [[...BASE.slice(0, 6), '--seed', '-1'], '--seed must be a whole number from 0 to 2147483647, got "-1"'],
    [[...BASE.slice(0, 6), '--seed', '2147483648'], '--seed must be a whole number from 0 to 2147483647, got "2147483648"'],
    [[...BASE, '--bias', 'wordy=1'], 'unknown --bias term "wordy"; accepted: length, format, token:<id> (id 0–9 a digit, 10 think, 11 end)'],
    [[...BASE, '--bias', 'constructor=1'], 'unknown --bias term "constructor"; accepted: length, format'],
    [[...BASE, '--bias', 'token:12=1'], 'token:12 names no token; accepted: token:0 … token:9 (digits), token:10 (think), token:11 (end)'],
    [[...BASE, '--bias', 'token:7=1,token:07=2'], 'the labeler bias token:7 is given twice'],
    [[...BASE, '--bias', 'length=1,length=2'], '"length" given twice in --bias'],
    [[...BASE, '--bias', 'length=x'], '--bias length must be a finite number, got "x"'],
    [[...BASE, '--bias', 'length=2000'], 'the labeler bias length must weigh a finite number from -1000 to 1000, got 2000'],
    [[...BASE, '--bias', 'length'], 'malformed --bias entry "length"; expected name=value[,name=value...]'],
    [[...BASE, '--params', 'group_size=1'], "tokenseq's group_size is 1; a pair is two completions of one prompt, so group_size must be at least 2"],
    [[...BASE, '--params', 'max_length=99'], 'parameter "max_length" of tokenseq must be an integer from 3 to 32, got 99'],
    [[...BASE, '--params', '__proto__=1'], 'unknown parameter "__proto__" for tokenseq; accepted: group_size, max_length, overlong_cache, difficulty'],
    [[...BASE, '--params', '{"__proto__": 1}'], 'unknown parameter "__proto__" for tokenseq'],
    [[...BASE, '--params', '{"max_length": [4]}'], '--params "max_length" is [4]; a parameter is a number, a string or true/false'],
    [[...BASE, '--params', '{"max_length": 4'], '--params is not valid JSON ('],
    [[...BASE, '--params', '{}x'], '--params is not valid JSON ('],
    [[...BASE, '--labeler', 'gold'], 'unknown flag "--labeler" for preferences; accepted: --env, --params, --pairs, --temperature, --seed, --bias'],
  ])('refuses %j with one line naming the problem', async (args, message) => {
    expect(await refused(args)).toContain(message)
  })
})

describe('preferences --env cartpole|gridworld: pairs of trajectory segments', () => {
  const SEGMENT_BASE = ['--env', 'cartpole', '--pairs', '3', '--temperature', '0', '--seed', '1']
  interface SegmentSide {
    states: number[][]
    actions: number[]
    features: Record<string, number>
    gold: number
  }
  interface SegmentLine {
    env: string
    a: SegmentSide
    b: SegmentSide
    probability: number
    label: 'a' | 'b'
  }
  const segmentPairs = async (args: string[]): Promise<SegmentLine[]> => {
    const { code, stdout, stderr } = await cliAsync(['preferences', ...args])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    return jsonLines<SegmentLine>(stdout)
  }

  it('writes N pairs of segments of K steps with their states, actions, summed features and gold, labelled by σ((g_a − g_b)/T)', async () => {
    const lines = await segmentPairs(['--env', 'cartpole', '--segment', '20', '--pairs', '300', '--temperature', '0.5', '--seed', '2'])
    expect(lines).toHaveLength(300)
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['env', 'a', 'b', 'probability', 'label'])
      expect(line.env).toBe('cartpole')
      for (const side of [line.a, line.b]) {
        expect(Object.keys(side)).toEqual(['states', 'actions', 'features', 'gold'])
        expect(side.actions.length).toBeLessThanOrEqual(20)
        expect(side.states).toHaveLength(side.actions.length + 1)
        expect(Object.keys(side.features)).toEqual(['steps', 'abs_x', 'abs_theta', 'x_sq', 'theta_sq', 'x_dot_sq', 'theta_dot_sq'])
        // CartPole's default reward is +1 a step
        expect(side.gold).toBe(side.actions.length)
        expect(side.features.steps).toBe(side.actions.length)
      }
      expect(line.probability).toBeCloseTo(preferenceProbability(line.a.gold, line.b.gold, 0.5), 15)
    }
    expect(new Set(lines.map((line) => line.label))).toEqual(new Set(['a', 'b']))
  })

  it('defaults K to 25 on CartPole and 10 on a grid, takes --params, and gives the same lines for the same arguments', async () => {
    const cartpole = await segmentPairs([...SEGMENT_BASE.slice(0, 2), '--pairs', '50', ...SEGMENT_BASE.slice(4)])
    expect(Math.max(...cartpole.map((line) => line.a.actions.length))).toBe(25)
    const grid = await segmentPairs(['--env', 'gridworld', '--params', 'map=cliff', '--pairs', '20', '--temperature', '1', '--seed', '3'])
    expect(grid.every((line) => line.env === 'gridworld' && line.a.actions.length <= 10 && line.a.states[0].length === 2)).toBe(true)
    expect(Object.keys(grid[0].a.features)).toEqual(['steps', 'goal_distance', 'in_hazard'])
    const again = await cliAsync(['preferences', '--env', 'gridworld', '--params', 'map=cliff', '--pairs', '20', '--temperature', '1', '--seed', '3'])
    expect(jsonLines(again.stdout)).toEqual(grid)
  })

  it('writes lines that reward-model fit reads', async () => {
    const written = await cliAsync(['preferences', '--env', 'cartpole', '--pairs', '400', '--temperature', '0', '--seed', '1'])
    const fit = await cliAsync(['reward-model', 'fit', '--pairs', '-'], written.stdout)
    expect(fit.stderr).toBe('')
    const output = JSON.parse(fit.stdout) as { model: { featureNames: string[]; members: { weights: number[] }[] }; pairs: { total: number }; ensemble: { heldOutGoldAccuracy: number } }
    expect(output.pairs.total).toBe(400)
    expect(output.model.featureNames[0]).toBe('steps')
    // The labeler prefers the longer segment: a step alive is worth something.
    expect(output.model.members[0].weights[0]).toBeGreaterThan(0)
    expect(output.ensemble.heldOutGoldAccuracy).toBeGreaterThan(0.9)
  })

  it('is refused by reward-model fit --decorrelate length with one line: a segment has no length feature', async () => {
    const written = await cliAsync(['preferences', '--env', 'cartpole', '--pairs', '5', '--temperature', '0', '--seed', '1'])
    const fit = await cliAsync(['reward-model', 'fit', '--pairs', '-', '--decorrelate', 'length'], written.stdout)
    expect(expectUsageError(fit)).toBe('--decorrelate length needs pairs with a feature named "length" (the token task\'s); --pairs stdin has steps, abs_x, abs_theta, x_sq, theta_sq, x_dot_sq, theta_dot_sq')
  })

  it.each([
    [[...SEGMENT_BASE, '--segment', '0'], '--segment must be a whole number from 1 to 200, got "0"'],
    [[...SEGMENT_BASE, '--segment', '201'], '--segment must be a whole number from 1 to 200, got "201"'],
    [[...SEGMENT_BASE, '--segment', 'x'], '--segment must be a finite number, got "x"'],
    [[...SEGMENT_BASE, '--bias', 'length=1'], "--bias terms are the token task's (length, format, a token); a labeler of segments judges by their gold alone, so leave --bias out for cartpole"],
    [[...BASE, '--segment', '5'], '--segment K pairs trajectory segments, which tokenseq does not have (it pairs completions); for trajectory segments (--segment K): cartpole, gridworld, cliffwalking, frozenlake'],
    [['--env', 'gridworld', '--params', 'map=maze', '--pairs', '3', '--temperature', '0', '--seed', '1'], 'parameter "map" of gridworld'],
    [SEGMENT_BASE.slice(0, 6), 'preferences needs --seed: a whole number from 0 to 2147483647'],
  ])('refuses %j with one line naming the problem', async (args, message) => {
    expect(await refused(args)).toContain(message)
  })
})
