import { describe, expect, it } from 'vitest'
import { garbleJson } from '../core/fuzzJson'
import { Rng } from '../core/rng'
import { MAX_INPUT_BYTES } from './limits'
import { cli, expectUsageError, spawnCli } from './testing'

interface LossOutput {
  loss: number
  policyLoss: number
  kl: number
  clipFraction: number
  tokenLoss: number[][]
}

function ok(args: string[], input: unknown): LossOutput {
  const { code, stdout, stderr } = cli(['loss', ...args], input)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(stdout.endsWith('\n')).toBe(true)
  expect(stdout.trim().split('\n')).toHaveLength(1)
  const output = JSON.parse(stdout) as LossOutput
  expect(Object.keys(output)).toEqual(['loss', 'policyLoss', 'kl', 'clipFraction', 'tokenLoss'])
  return output
}

const refused = (args: string[], input?: unknown) => expectUsageError(cli(['loss', ...args], input))

/*
 * Two sequences of unequal length, advantages per sequence (1, −1), default clip ε = 0.2:
 *   log π − log π_old = (0.2, 0 | −1): r = (e^0.2 ≈ 1.221, 1 | e^−1 ≈ 0.368)
 *   ppo: (−1·clip(r) = −1.2 clipped, −1 | max(e^−1, 0.8) = 0.8 clipped); Σ = −1.4, 2 of 3 clipped
 * The reference gives d = log π_ref − log π = (−0.5, 0 | 1): k1 = (0.5, 0 | −1), k2 = (0.125, 0 | 0.5).
 */
const INPUT = { logProbs: [[-1, -0.5], [-2]], oldLogProbs: [[-1.2, -0.5], [-1]], advantages: [1, -1] }
const REF = [[-1.5, -0.5], [-1]]
const WITH_REF = { ...INPUT, refLogProbs: REF }
const PPO = ['--policy-loss', 'ppo']

/*
 * A sampler that is not the learner: log π_old − log π_s = (ln 4, −ln 2 | 0), so ρ = (4, 0.5 | 1) and the
 * sequence ratios are ρ_1 = 4·0.5 = 2 and ρ_2 = 1. PPO's token losses on INPUT are (−1.2, −1 | 0.8).
 */
const WITH_SAMPLER = { ...INPUT, samplerLogProbs: [[-1.2 - Math.log(4), -0.5 + Math.log(2)], [-1]] }

function corrected(args: string[]): { loss: number; correctedFraction: number; tokenLoss: number[][] } {
  const { code, stdout, stderr } = cli(['loss', ...PPO, ...args], WITH_SAMPLER)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  const output = JSON.parse(stdout) as { loss: number; correctedFraction: number; tokenLoss: number[][] }
  expect(Object.keys(output)).toEqual(['loss', 'policyLoss', 'kl', 'clipFraction', 'correctedFraction', 'tokenLoss'])
  return output
}

describe('loss with a sampler correction (TRL’s vllm_importance_sampling_mode)', () => {
  it('token_truncate weighs each token by min(ρ, C_max), C_max 3 by default', () => {
    // c = (3, 0.5 | 1): (−3.6, −0.5 | 0.8), token mean −3.3/3 = −1.1; one token of three truncated
    const output = corrected(['--vllm-importance-sampling-mode', 'token_truncate'])
    expect(output.loss).toBeCloseTo(-1.1, 12)
    expect(output.correctedFraction).toBeCloseTo(1 / 3, 12)
    expect(output.tokenLoss[0][0]).toBeCloseTo(-3.6, 12)
  })

  it('token_mask zeroes a token whose ratio leaves [C_min, C_max]', () => {
    // c = (0, 0.5 | 1): (0, −0.5 | 0.8), mean 0.3/3 = 0.1
    expect(corrected(['--vllm-importance-sampling-mode', 'token_mask']).loss).toBeCloseTo(0.1, 12)
    // C_min 0.6 masks the 0.5 too: (0, 0 | 0.8), mean 0.8/3
    expect(corrected(['--vllm-importance-sampling-mode', 'token_mask', '--vllm-importance-sampling-clip-min', '0.6']).loss).toBeCloseTo(0.8 / 3, 12)
  })

  it('the sequence modes weigh a sequence’s tokens by its product of ratios', () => {
    // c = (2, 2 | 1): (−2.4, −2 | 0.8), mean −3.6/3 = −1.2
    expect(corrected(['--vllm-importance-sampling-mode', 'sequence_truncate']).loss).toBeCloseTo(-1.2, 12)
    // ρ_1 = 2 > 1.5 masks the first sequence: (0, 0 | 0.8), two of three tokens corrected
    const masked = corrected(['--vllm-importance-sampling-mode', 'sequence_mask', '--vllm-importance-sampling-clip-max', '1.5'])
    expect(masked.loss).toBeCloseTo(0.8 / 3, 12)
    expect(masked.correctedFraction).toBeCloseTo(2 / 3, 12)
  })

  it.each([
    [['--vllm-importance-sampling-mode', 'tis'], 'unknown --vllm-importance-sampling-mode "tis"; accepted: token_truncate, token_mask, sequence_truncate, sequence_mask', WITH_SAMPLER],
    [['--vllm-importance-sampling-clip-max', '2'], 'flag --vllm-importance-sampling-clip-max needs --vllm-importance-sampling-mode', WITH_SAMPLER],
    [['--vllm-importance-sampling-mode', 'token_truncate', '--vllm-importance-sampling-clip-max', 'none'], '--vllm-importance-sampling-mode token_truncate truncates the ratio at C_max; give --vllm-importance-sampling-clip-max a number above 0, not none', WITH_SAMPLER],
    [['--vllm-importance-sampling-mode', 'token_mask', '--vllm-importance-sampling-clip-max', 'none'], '--vllm-importance-sampling-mode token_mask with neither bound masks nothing', WITH_SAMPLER],
    [['--vllm-importance-sampling-mode', 'token_mask', '--vllm-importance-sampling-clip-min', '3'], '--vllm-importance-sampling-clip-min must be below --vllm-importance-sampling-clip-max, got 3 and 3', WITH_SAMPLER],
    [['--vllm-importance-sampling-mode', 'token_mask', '--vllm-importance-sampling-clip-min', '0'], '--vllm-importance-sampling-clip-min must be a number above 0 or none, got 0', WITH_SAMPLER],
    [['--vllm-importance-sampling-mode', 'token_mask'], '--vllm-importance-sampling-mode token_mask needs "samplerLogProbs" on stdin', INPUT],
    [[], 'samplerLogProbs is given but there is no correction', WITH_SAMPLER],
  ])('refuses %j in one line', (args, message, input) => {
    expect(refused([...PPO, ...args], input)).toContain(message)
  })
})

describe('loss', () => {
  it('prints PPO’s token losses, their token mean and the clip fraction by default', () => {
    const output = ok(PPO, INPUT)
    expect(output.tokenLoss).toEqual([[-1.2, -1], [0.8]])
    expect(output.policyLoss).toBeCloseTo(-1.4 / 3, 15)
    expect(output.loss).toBe(output.policyLoss)
    expect(output.kl).toBe(0)
    expect(output.clipFraction).toBe(2 / 3)
    expect(ok([...PPO, '--clip-low', '0.2', '--clip-high', '0.2', '--aggregation', 'token-mean', '--kl', 'none'], INPUT)).toEqual(output)
  })

  it('aggregates as each of verl’s modes, and as the older names for three of them', () => {
    const cases: [string[], number][] = [
      [['--aggregation', 'token-sum'], -1.4],
      [['--aggregation', 'seq-mean-token-mean'], -0.15], // (−2.2/2 + 0.8)/2
      [['--aggregation', 'seq-mean-token-sum'], -0.7], // (−2.2 + 0.8)/2
      [['--aggregation', 'seq-mean-token-sum-norm', '--max-length', '4'], -0.175], // −1.4/(2·4)
      [['--aggregation', 'seq-mean-token-sum-norm', '--max-length', '2'], -0.35],
    ]
    for (const [flags, value] of cases) expect(ok([...PPO, ...flags], INPUT).policyLoss).toBeCloseTo(value, 15)
    expect(ok([...PPO, '--aggregation', 'sequence'], INPUT)).toEqual(ok([...PPO, '--aggregation', 'seq-mean-token-mean'], INPUT))
    expect(ok([...PPO, '--aggregation', 'token'], INPUT)).toEqual(ok([...PPO, '--aggregation', 'token-mean'], INPUT))
    expect(ok([...PPO, '--aggregation', 'constant', '--max-length', '4'], INPUT)).toEqual(ok([...PPO, '--aggregation', 'seq-mean-token-sum-norm', '--max-length', '4'], INPUT))
  })

  it('takes advantages per token as well as per sequence', () => {
    expect(ok(PPO, { ...INPUT, advantages: [[1, 1], [-1]] })).toEqual(ok(PPO, INPUT))
    // token 1 with A = −1 and r = 1: max(1, 1) = 1
    expect(ok(PPO, { ...INPUT, advantages: [[1, -1], [-1]] }).tokenLoss).toEqual([[-1.2, 1], [0.8]])
  })

  it('clips asymmetrically and caps negative advantages with --dual-clip', () => {
    // ε_high = 0.3: r = e^0.2 is inside [0.8, 1.3], so token 0 keeps −e^0.2 and only token 2 is clipped
    const wide = ok([...PPO, '--clip-high', '0.3'], INPUT)
    expect(wide.tokenLoss[0][0]).toBeCloseTo(-Math.exp(0.2), 14)
    expect(wide.clipFraction).toBe(1 / 3)
    // log-ratio 2.9 with A = −2: 2e^2.9 ≈ 36.3 unclipped; C = 3 caps it at 6, C = 20 (cap 40) does not bind
    const far = { logProbs: [[-0.1]], oldLogProbs: [[-3]], advantages: [-2] }
    expect(ok(PPO, far).tokenLoss[0][0]).toBeCloseTo(2 * Math.exp(2.9), 12)
    expect(ok([...PPO, '--dual-clip', '3'], far)).toEqual({ loss: 6, policyLoss: 6, kl: 0, clipFraction: 0, tokenLoss: [[6]] })
    expect(ok([...PPO, '--dual-clip', '20'], far).tokenLoss[0][0]).toBeCloseTo(2 * Math.exp(2.9), 12)
  })

  it('clamps log-ratios beyond ±20, and gives A = 0 a zero loss that is not clipped', () => {
    // log-ratio 30 → r = e^20 with A = −1: e^20; log-ratio −30 → e^−20 with A = −1: clipped to 0.8
    expect(ok(PPO, { logProbs: [[0], [-30]], oldLogProbs: [[-30], [0]], advantages: [-1, -1] }).tokenLoss).toEqual([[Math.exp(20)], [0.8]])
    expect(ok(PPO, { ...INPUT, advantages: [0, 0] })).toEqual({ loss: 0, policyLoss: 0, kl: 0, clipFraction: 0, tokenLoss: [[0, 0], [0]] })
  })

  it('prints GSPO with its sequence ratio, aggregated per sequence whatever --aggregation, the KL following it', () => {
    // s_0 = e^mean(0.2, 0) = e^0.1, inside the range: (−e^0.1, −e^0.1); s_1 = e^−1, A = −1: 0.8, clipped
    const policy = (-Math.exp(0.1) + 0.8) / 2
    for (const aggregation of ['token-mean', 'token-sum', 'seq-mean-token-sum']) {
      const output = ok(['--policy-loss', 'gspo', '--aggregation', aggregation], INPUT)
      expect(output.policyLoss).toBeCloseTo(policy, 15)
      expect(output.clipFraction).toBe(1 / 3)
    }
    // k2 summed = 0.625; loss = policy + 1·0.625
    const withKl = ok(['--policy-loss', 'gspo', '--aggregation', 'token-sum', '--kl', 'k2', '--beta', '1'], WITH_REF)
    expect(withKl.policyLoss).toBeCloseTo(policy, 15)
    expect(withKl.kl).toBeCloseTo(0.625, 15)
    expect(withKl.loss).toBeCloseTo(policy + 0.625, 15)
    expect(ok(['--policy-loss', 'gspo_token', '--aggregation', 'token-sum', '--kl', 'k2', '--beta', '1'], WITH_REF)).toEqual(withKl)
  })

  it('prints CISPO and REINFORCE', () => {
    // CISPO −clip(r)·A·log π: (−1.2·1·(−1), −1·1·(−0.5) | −0.8·(−1)·(−2)) = (1.2, 0.5 | −1.6); r_0 and r_2 outside
    const cispo = ok(['--policy-loss', 'cispo', '--aggregation', 'token-sum'], INPUT)
    expect(cispo.tokenLoss).toEqual([[1.2, 0.5], [-1.6]])
    expect(cispo.policyLoss).toBeCloseTo(0.1, 15)
    expect(cispo.clipFraction).toBe(2 / 3)
    // REINFORCE −A·log π: (1, 0.5 | −2), never clipped
    const reinforce = ok(['--policy-loss', 'reinforce', '--aggregation', 'seq-mean-token-mean'], INPUT)
    expect(reinforce.tokenLoss).toEqual([[1, 0.5], [-2]])
    expect(reinforce.policyLoss).toBe(-0.625) // (1.5/2 − 2)/2
    expect(reinforce.clipFraction).toBe(0)
  })

  it('adds β times each KL estimator', () => {
    // token-mean: k1 (0.5 + 0 − 1)/3, k2 0.625/3, k3 (e^−0.5 − 0.5 + 0 + e − 2)/3
    const expected: [string, number][] = [['k1', -0.5 / 3], ['k2', 0.625 / 3], ['k3', (Math.exp(-0.5) - 0.5 + Math.E - 2) / 3]]
    for (const [kl, value] of expected) {
      const output = ok([...PPO, '--kl', kl, '--beta', '0.5'], WITH_REF)
      expect(output.kl).toBeCloseTo(value, 15)
      expect(output.loss).toBeCloseTo(-1.4 / 3 + 0.5 * value, 15)
      expect(output.tokenLoss).toEqual([[-1.2, -1], [0.8]])
    }
    // β defaults to 0: the KL is reported, the loss is the policy loss
    const unweighted = ok([...PPO, '--kl', 'k2'], WITH_REF)
    expect(unweighted.loss).toBe(unweighted.policyLoss)
    expect(unweighted.kl).toBeCloseTo(0.625 / 3, 15)
  })

  it('prints GMPO with its clipped geometric-mean ratio, the mean over sequences whatever --aggregation', () => {
    // Sequence 0 (A = 1): x = (0.2, 0), inside [−0.2, 0.2]: g = e^0.1, ℓ = −e^0.1 at both tokens.
    // Sequence 1 (A = −1): x = −1 → x′ = −0.2: ℓ = e^−0.2; its one token counts as clipped.
    for (const aggregation of ['token-mean', 'token-sum', 'seq-mean-token-mean']) {
      const output = ok(['--policy-loss', 'geo_mean', '--aggregation', aggregation], INPUT)
      expect(output.tokenLoss[0][0]).toBeCloseTo(-Math.exp(0.1), 15)
      expect(output.tokenLoss[0][1]).toBe(output.tokenLoss[0][0])
      expect(output.tokenLoss[1][0]).toBeCloseTo(Math.exp(-0.2), 15)
      expect(output.policyLoss).toBeCloseTo((-Math.exp(0.1) + Math.exp(-0.2)) / 2, 15)
      expect(output.clipFraction).toBe(1 / 3)
    }
    // ε_high = 0.05: sequence 0's x = 0.2 clamps to 0.05, mean 0.025
    expect(ok(['--policy-loss', 'geo_mean', '--clip-high', '0.05'], INPUT).tokenLoss[0][0]).toBeCloseTo(-Math.exp(0.025), 15)
  })

  it('prints SAPO’s gated tokens, with verl’s temperatures or --tau-pos and --tau-neg', () => {
    // ℓ = −A·σ(τ·(r − 1))·4/τ, r = (e^0.2, 1 | e^−1), τ = 1 for A = 1 and 1.05 for A = −1
    const sigmoid = (x: number) => 1 / (1 + Math.exp(-x))
    const tokens = [-4 * sigmoid(Math.exp(0.2) - 1), -2, (4 / 1.05) * sigmoid(1.05 * (Math.exp(-1) - 1))]
    const output = ok(['--policy-loss', 'sapo', '--aggregation', 'token-sum'], INPUT)
    output.tokenLoss.flat().forEach((loss, t) => expect(loss).toBeCloseTo(tokens[t], 15))
    // always seq-mean-token-mean, never clipped
    expect(output.policyLoss).toBeCloseTo(((tokens[0] + tokens[1]) / 2 + tokens[2]) / 2, 15)
    expect(output.clipFraction).toBe(0)
    expect(ok(['--policy-loss', 'sapo', '--tau-pos', '1', '--tau-neg', '1.05'], INPUT)).toEqual(ok(['--policy-loss', 'sapo'], INPUT))
    // τ = 2 at r = 1: −(4/2)·½ = −1; A = −1 at r = e^−1 under τ_neg = 3: (4/3)·σ(3·(e^−1 − 1))
    const hot = ok(['--policy-loss', 'sapo', '--tau-pos', '2', '--tau-neg', '3'], INPUT)
    expect(hot.tokenLoss[0][1]).toBe(-1)
    expect(hot.tokenLoss[1][0]).toBeCloseTo((4 / 3) * sigmoid(3 * (Math.exp(-1) - 1)), 15)
  })

  it('caps PPO’s unclipped ratio at --delta, before the dual clip', () => {
    // log-ratio 2.9 with A = −2: 2e^2.9 ≈ 36.3; δ = 4 caps it at 8, C = 3 then at 6; δ = 20 does not bind
    const far = { logProbs: [[-0.1]], oldLogProbs: [[-3]], advantages: [-2] }
    expect(ok([...PPO, '--delta', '4'], far)).toEqual({ loss: 8, policyLoss: 8, kl: 0, clipFraction: 0, tokenLoss: [[8]] })
    expect(ok([...PPO, '--delta', '4', '--dual-clip', '3'], far).tokenLoss).toEqual([[6]])
    expect(ok([...PPO, '--delta', '20'], far).tokenLoss[0][0]).toBeCloseTo(2 * Math.exp(2.9), 12)
    // A > 0 is left to the clip: the default input's numbers do not move
    expect(ok([...PPO, '--delta', '4'], INPUT)).toEqual(ok(PPO, INPUT))
  })

  it('adds β times abs, k1+ and k3+, the last two with the values of k1 and k3', () => {
    // d = (−0.5, 0 | 1): abs = (0.5, 0 | 1), token-mean 0.5
    expect(ok([...PPO, '--kl', 'abs', '--beta', '1'], WITH_REF).kl).toBeCloseTo(0.5, 15)
    for (const [plus, plain] of [['k1+', 'k1'], ['k3+', 'k3']]) expect(ok([...PPO, '--kl', plus, '--beta', '0.5'], WITH_REF)).toEqual(ok([...PPO, '--kl', plain, '--beta', '0.5'], WITH_REF))
  })

  /*
   * A = (2, 2 | −2, −2), log π = (−1, −3 | −1, −3.5): cov = (2.25, −1.75 | −2.25, 2.75); log-ratios
   * (0.1, −0.2 | 0.3, −0.4). PPO's clip (ε = 0.2) binds on the last token only: −A·clip(r) = 1.6.
   */
  const COV_INPUT = { logProbs: [[-1, -3], [-1, -3.5]], oldLogProbs: [[-1.1, -2.8], [-1.3, -3.1]], advantages: [2, -2] }
  const covOk = (args: string[]) => {
    const { code, stdout, stderr } = cli(['loss', ...args], COV_INPUT)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const output = JSON.parse(stdout) as LossOutput & { selectedFraction: number }
    expect(Object.keys(output)).toEqual(['loss', 'policyLoss', 'kl', 'clipFraction', 'selectedFraction', 'tokenLoss'])
    return output
  }

  it('prints Clip-Cov with the token it detached, drawn from --seed', () => {
    // verl's band (1, 5) holds tokens 0 and 3; 3 is clipped, so token 0 is detached whatever the seed
    const output = covOk(['--policy-loss', 'clip_cov', '--aggregation', 'token-sum'])
    expect(output.tokenLoss[0][0]).toBe(0)
    expect(output.tokenLoss[1][1]).toBeCloseTo(1.6, 12)
    expect(output.clipFraction).toBe(0.25)
    expect(output.selectedFraction).toBe(0.25)
    expect(covOk(['--policy-loss', 'clip_cov', '--seed', '9', '--aggregation', 'token-sum'])).toEqual(output)
    // a band (−3, 0) holds tokens 1 and 2: ratio 0.25 of 4 takes one of them, each for some seed
    const picks = new Set([0, 1, 2, 3, 4, 5].map((seed) => covOk(['--policy-loss', 'clip_cov', '--clip-cov-lb', '-3', '--clip-cov-ub', '0', '--clip-cov-ratio', '0.25', '--seed', String(seed)]).tokenLoss.flat().indexOf(0)))
    expect([...picks].sort()).toEqual([1, 2])
  })

  it('prints KL-Cov with the penalty on the tokens of largest covariance', () => {
    const unclipped = [-2 * Math.exp(0.1), -2 * Math.exp(-0.2), 2 * Math.exp(0.3), 2 * Math.exp(-0.4)]
    const output = covOk(['--policy-loss', 'kl_cov', '--aggregation', 'token-sum'])
    output.tokenLoss.flat().forEach((value, t) => expect(value).toBeCloseTo(unclipped[t] + (t === 3 ? 0.1 * 0.4 : 0), 12))
    expect(output.clipFraction).toBe(0)
    expect(output.selectedFraction).toBe(0.25)
    const wide = covOk(['--policy-loss', 'kl_cov', '--kl-cov-ratio', '0.5', '--ppo-kl-coef', '1', '--aggregation', 'token-sum'])
    expect(wide.policyLoss).toBeCloseTo(unclipped.reduce((sum, value) => sum + value, 0) + 0.1 + 0.4, 12)
  })

  it('refuses Clip-Cov’s and KL-Cov’s flags off their loss or out of range', () => {
    for (const [args, message] of [
      [[...PPO, '--clip-cov-ratio', '0.1'], 'flag --clip-cov-ratio does not apply to --policy-loss ppo; it applies to --policy-loss clip_cov'],
      [[...PPO, '--seed', '1'], 'flag --seed does not apply to --policy-loss ppo; it applies to --policy-loss clip_cov'],
      [['--policy-loss', 'clip_cov', '--ppo-kl-coef', '1'], 'flag --ppo-kl-coef does not apply to --policy-loss clip_cov; it applies to --policy-loss kl_cov'],
      [['--policy-loss', 'kl_cov', '--clip-low', '0.1'], 'flag --clip-low does not apply to --policy-loss kl_cov, which has no clip'],
      [['--policy-loss', 'clip_cov', '--clip-cov-ratio', '0'], "--clip-cov-ratio must be above 0 and at most 1 (a share of the batch's tokens), got 0"],
      [['--policy-loss', 'kl_cov', '--kl-cov-ratio', '2'], '--kl-cov-ratio must be above 0 and at most 1'],
      [['--policy-loss', 'clip_cov', '--clip-cov-lb', '5'], '--clip-cov-lb must be below --clip-cov-ub (the band of covariance tokens are drawn from), got 5 and 5'],
      [['--policy-loss', 'clip_cov', '--seed', '1.5'], '--seed must be a whole number from 0 to 2147483647, got "1.5"'],
      [['--policy-loss', 'kl_cov', '--ppo-kl-coef', '-1'], '--ppo-kl-coef must be at least 0, got -1'],
    ] as const) {
      expect(refused([...args], COV_INPUT)).toContain(message)
    }
  })

  it('takes single-token sequences', () => {
    // r = 1, A = 2: −2
    expect(ok(PPO, { logProbs: [[-1]], oldLogProbs: [[-1]], advantages: [2] })).toEqual({ loss: -2, policyLoss: -2, kl: 0, clipFraction: 0, tokenLoss: [[-2]] })
  })

  it.each([
    [[], 'loss needs --policy-loss; accepted: ppo, gspo, gspo_token, geo_mean, cispo, sapo, clip_cov, kl_cov, reinforce'],
    [['--policy-loss', 'grpo'], 'unknown --policy-loss "grpo"; accepted: ppo, gspo, gspo_token, geo_mean, cispo, sapo, clip_cov, kl_cov, reinforce'],
    [['--policy-loss', 'constructor'], 'unknown --policy-loss "constructor"'],
    [['--policy-loss'], 'flag --policy-loss needs a value'],
    [[...PPO, '--policy-loss', 'gspo'], 'flag --policy-loss given twice'],
    [[...PPO, 'ppo'], 'unexpected argument "ppo" for loss'],
    [[...PPO, '--eps', '0.2'], 'unknown flag "--eps" for loss; accepted: --policy-loss, --clip-low, --clip-high, --dual-clip, --delta, --tau-pos, --tau-neg, --clip-cov-ratio, --clip-cov-lb, --clip-cov-ub, --kl-cov-ratio, --ppo-kl-coef, --seed, --aggregation, --max-length, --kl, --beta, --vllm-importance-sampling-mode, --vllm-importance-sampling-clip-max, --vllm-importance-sampling-clip-min'],
    [[...PPO, '--clip-low', '1.5'], '--clip-low must be from 0 to 1 (ε_low: the ratio is clipped below at 1 − ε_low), got 1.5'],
    [[...PPO, '--clip-low', '-0.1'], '--clip-low must be from 0 to 1'],
    [[...PPO, '--clip-low', 'x'], '--clip-low must be a finite number, got "x"'],
    [[...PPO, '--clip-low', 'NaN'], '--clip-low must be a finite number, got "NaN"'],
    [[...PPO, '--clip-high', '-0.2'], '--clip-high must be at least 0 (ε_high: the ratio is clipped above at 1 + ε_high), got -0.2'],
    [[...PPO, '--clip-high', 'Infinity'], '--clip-high must be a finite number, got "Infinity"'],
    [[...PPO, '--dual-clip', '1'], "--dual-clip must be greater than 1 (C caps a negative advantage's loss at −A·C), got 1"],
    [['--policy-loss', 'gspo', '--dual-clip', '3'], 'flag --dual-clip does not apply to --policy-loss gspo; it applies to --policy-loss ppo'],
    [['--policy-loss', 'cispo', '--dual-clip', '3'], 'flag --dual-clip does not apply to --policy-loss cispo'],
    [['--policy-loss', 'reinforce', '--clip-low', '0.2'], 'flag --clip-low does not apply to --policy-loss reinforce, which has no clip; it applies to --policy-loss ppo, gspo, gspo_token, geo_mean, cispo'],
    [['--policy-loss', 'reinforce', '--clip-high', '0.2'], 'flag --clip-high does not apply to --policy-loss reinforce'],
    [[...PPO, '--aggregation', 'mean'], 'unknown --aggregation "mean"; accepted: token-mean, token-sum, seq-mean-token-mean, seq-mean-token-sum, seq-mean-token-sum-norm, or the names older setups use sequence (= seq-mean-token-mean), token (= token-mean), constant (= seq-mean-token-sum-norm)'],
    [[...PPO, '--aggregation', '__proto__'], 'unknown --aggregation "__proto__"'],
    [[...PPO, '--aggregation', 'seq-mean-token-sum-norm'], '--aggregation seq-mean-token-sum-norm needs --max-length L, the longest a sequence may be'],
    [[...PPO, '--aggregation', 'constant'], '--aggregation constant needs --max-length L'],
    [[...PPO, '--max-length', '4'], 'flag --max-length does not apply to --aggregation token-mean; it applies to --aggregation seq-mean-token-sum-norm (or constant)'],
    [[...PPO, '--aggregation', 'constant', '--max-length', '2.5'], '--max-length must be a whole number from 1 to 9007199254740991, got 2.5'],
    [[...PPO, '--aggregation', 'constant', '--max-length', '0'], '--max-length must be a whole number from 1 to 9007199254740991, got 0'],
    [[...PPO, '--aggregation', 'constant', '--max-length', '1e300'], '--max-length must be a whole number from 1 to 9007199254740991, got 1e300'],
    [[...PPO, '--delta', '1'], "--delta must be greater than 1 (δ caps the unclipped ratio, so a negative advantage's loss is at most −A·δ), got 1"],
    [[...PPO, '--delta', 'Infinity'], '--delta must be a finite number, got "Infinity"'],
    [['--policy-loss', 'cispo', '--delta', '4'], 'flag --delta does not apply to --policy-loss cispo; it applies to --policy-loss ppo'],
    [[...PPO, '--tau-pos', '1'], 'flag --tau-pos does not apply to --policy-loss ppo; it applies to --policy-loss sapo'],
    [['--policy-loss', 'gspo', '--tau-neg', '1'], 'flag --tau-neg does not apply to --policy-loss gspo; it applies to --policy-loss sapo'],
    [['--policy-loss', 'sapo', '--tau-pos', '0'], "--tau-pos must be greater than 0 (the SAPO gate's temperature τ: σ(τ·(r − 1))·4/τ), got 0"],
    [['--policy-loss', 'sapo', '--tau-neg', '-1'], '--tau-neg must be greater than 0'],
    [['--policy-loss', 'sapo', '--clip-low', '0.2'], 'flag --clip-low does not apply to --policy-loss sapo, which has no clip'],
    [[...PPO, '--kl', 'k4'], 'unknown --kl "k4"; accepted: none, k1, k2, k3, abs, k1+, k3+'],
    [[...PPO, '--beta', '0.1'], 'flag --beta needs --kl k1, k2, k3, abs, k1+ or k3+: without a KL estimator there is no KL term for it to weigh'],
    [[...PPO, '--kl', 'none', '--beta', '0'], 'flag --beta needs --kl k1, k2, k3, abs, k1+ or k3+'],
    [[...PPO, '--kl', 'k3', '--beta', '-1'], '--beta must be at least 0, got -1'],
  ])('refuses the flags %j', (args, message) => {
    expect(refused(args, WITH_REF)).toContain(message)
  })

  const SHAPE = 'expected {"logProbs": [[log π per token], ...], "oldLogProbs": [[...], ...], "refLogProbs": [[...], ...] (with --kl only), "samplerLogProbs": [[...], ...] (with --vllm-importance-sampling-mode only), "advantages": [[A per token], ...] or [A per sequence]}'
  it.each([
    ['', `no JSON on stdin; ${SHAPE}`],
    ['{"logProbs": [[-1', 'stdin is not valid JSON'],
    ['{"logProbs": [[NaN]], "oldLogProbs": [[0]], "advantages": [1]}', 'stdin is not valid JSON'],
    ['{"logProbs": [[-1e999]], "oldLogProbs": [[0]], "advantages": [1]}', 'logProbs[0][0]: expected number, received -Infinity'],
    [[1, 2], 'input: expected object, received array'],
    [{ ...INPUT, oldLogProbs: undefined }, `"oldLogProbs" is missing; ${SHAPE}`],
    [{ ...INPUT, advantages: undefined }, '"advantages" is missing'],
    [{ ...INPUT, beta: 0.1 }, 'unknown key "beta"'],
    [{ ...INPUT, constructor: [[0]] }, 'unknown key "constructor"'],
    [JSON.parse(`{"__proto__": [[1]], ${JSON.stringify(INPUT).slice(1)}`), 'unknown key "__proto__"'],
    [{ ...INPUT, logProbs: [[-1, 'x'], [-2]] }, 'logProbs[0][1]: expected number, received string'],
    [{ ...INPUT, oldLogProbs: [[-1, null], [-2]] }, 'oldLogProbs[0][1]: expected number, received null'],
    [{ ...INPUT, logProbs: 3 }, 'logProbs: expected array, received number'],
    [{ ...INPUT, logProbs: [-1, -2] }, 'logProbs[0]: expected array, received number'],
    [{ ...INPUT, advantages: 'x' }, 'advantages: expected array, received string'],
    [{ ...INPUT, advantages: [1, [2]] }, 'advantages[1]: expected number, received array'],
    [{ ...INPUT, advantages: [[1, 1], 2] }, 'advantages[1]: expected array, received number'],
    [{ ...INPUT, advantages: [[1, true], [2]] }, 'advantages[0][1]: expected number, received boolean'],
    [{ logProbs: [], oldLogProbs: [], advantages: [] }, 'logProbs is empty; give at least one sequence'],
    [{ logProbs: [[-1], []], oldLogProbs: [[-1], []], advantages: [1, 1] }, 'logProbs[1] is empty; every sequence needs at least one token'],
    [{ ...INPUT, oldLogProbs: [[-1.2, -0.5]] }, 'oldLogProbs has 1 sequences but logProbs has 2; every array needs one inner array per sequence'],
    [{ ...INPUT, oldLogProbs: [[-1.2], [-1]] }, 'oldLogProbs[0] has 1 tokens but logProbs[0] has 2; every sequence needs one entry per token in each array'],
    [{ ...INPUT, advantages: [1] }, 'advantages has 1 entries but logProbs has 2 sequences; give one advantage per sequence, or one per token as [[A, ...], ...]'],
    [{ ...INPUT, advantages: [] }, 'advantages has 0 entries but logProbs has 2 sequences'],
    [{ ...INPUT, advantages: [[1, 1], [1, 1]] }, 'advantages[1] has 2 tokens but logProbs[1] has 1'],
    [{ ...INPUT, advantages: [[1, 1]] }, 'advantages has 1 sequences but logProbs has 2'],
    [WITH_REF, 'refLogProbs is given but there is no KL estimator; give --kl k1, k2, k3, abs, k1+ or k3+ to use it, or leave refLogProbs out'],
  ])('refuses stdin %j', (input, message) => {
    expect(refused(PPO, input)).toContain(message)
  })

  it('refuses a KL without refLogProbs, and refLogProbs that do not fit', () => {
    expect(refused([...PPO, '--kl', 'k3'], INPUT)).toBe('--kl k3 needs "refLogProbs" on stdin: each token\'s log-probability under the reference policy')
    expect(refused([...PPO, '--kl', 'k1'], { ...INPUT, refLogProbs: [[-1], [-1]] })).toContain('refLogProbs[0] has 1 tokens but logProbs[0] has 2')
  })

  it('refuses a --max-length shorter than the longest sequence', () => {
    expect(refused([...PPO, '--aggregation', 'constant', '--max-length', '1'], INPUT)).toBe('--max-length 1 is shorter than logProbs[0], which has 2 tokens; L must be at least the longest sequence')
  })

  it('refuses results that overflow instead of printing null', () => {
    // A = −1e308 with r = e^2.9: −A·r overflows
    expect(refused(PPO, { logProbs: [[-0.1]], oldLogProbs: [[-3]], advantages: [-1e308] })).toBe('tokenLoss[0][0] came out as Infinity: the input is too large to compute with')
    // Each token −A·log π = 1e308 is finite, their sum is not
    expect(refused(['--policy-loss', 'reinforce', '--aggregation', 'token-sum'], { logProbs: [[-1, -1]], oldLogProbs: [[-1, -1]], advantages: [1e308] })).toBe('policyLoss came out as Infinity: the input is too large to compute with')
    // k1 = log π − log π_ref = 1e308 − (−1e308)
    expect(refused([...PPO, '--kl', 'k1'], { logProbs: [[1e308]], oldLogProbs: [[1e308]], refLogProbs: [[-1e308]], advantages: [0] })).toBe('kl came out as Infinity: the input is too large to compute with')
  })

  it('says so when there is no stdin to read', () => {
    expect(cli(['loss', ...PPO])).toEqual({ code: 2, stdout: '', stderr: 'loss reads JSON on stdin, and there is none to read\n' })
  })

  it('exits 0, or 2 with one line, for 300 garbled inputs and never prints null for a number', () => {
    const rng = new Rng(23)
    const flagSets = [PPO, ['--policy-loss', 'gspo', '--kl', 'k3', '--beta', '0.1'], ['--policy-loss', 'cispo', '--kl', 'k1'], ['--policy-loss', 'reinforce', '--aggregation', 'constant', '--max-length', '3']]
    for (let k = 0; k < 300; k++) {
      const input = garbleJson(WITH_REF, rng)
      const { code, stdout, stderr } = cli(['loss', ...flagSets[k % flagSets.length]], input)
      expect([0, 2], `${input.slice(0, 300)}: ${stderr}`).toContain(code)
      if (code === 2) {
        expect(stderr.trim().split('\n'), input.slice(0, 300)).toHaveLength(1)
        expect(stdout).toBe('')
      } else expect(stdout, input.slice(0, 300)).not.toMatch(/null|NaN/)
    }
  })
})

describe.concurrent('loss as a process', () => {
  it('reads stdin through a pipe and prints one JSON line at full precision', async () => {
    const { code, stdout, stderr } = await spawnCli(['loss', '--policy-loss', 'reinforce', '--aggregation', 'seq-mean-token-mean'], JSON.stringify(INPUT))
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toBe('{"loss":-0.625,"policyLoss":-0.625,"kl":0,"clipFraction":0,"tokenLoss":[[1,0.5],[-2]]}\n')
  })

  it('fails on bad flags and malformed JSON with exit 2, one line on stderr, nothing on stdout', async () => {
    expect(expectUsageError(await spawnCli(['loss', '--policy-loss', 'ppo', '--aggregation', 'constant'], JSON.stringify(INPUT)))).toMatch(/^--aggregation constant needs --max-length/)
    expect(expectUsageError(await spawnCli(['loss', '--policy-loss', 'ppo'], '{"logProbs": ['))).toMatch(/^stdin is not valid JSON/)
  })

  it('refuses more than 16 MiB on stdin with exit 2 and one line, as every command does', async () => {
    const input = JSON.stringify(INPUT).padEnd(MAX_INPUT_BYTES + 1, ' ')
    expect(expectUsageError(await spawnCli(['loss', '--policy-loss', 'ppo'], input))).toBe('stdin holds more than 16 MiB, the most the command line reads; give a smaller input')
  })
})
