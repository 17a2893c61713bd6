import { describe, expect, it } from 'vitest'
import { getEnv } from '../envs/registry'
import { END, proxyHash, tokenseq } from '../envs/tokenseq'
import { allocateStepBuffers } from '../envs/types'
import { Rng } from '../rng'
import { checkRewardDesign } from './checkRewardDesign'
import { RewardDesignSchema } from './designSchema'
import { parProblems, REFERENCE_ANSWER_ENVIRONMENTS, referenceComponentsOf, referenceOf } from './parReference'
import { RewardedEnv } from './rewardedEnv'

const design = (value: unknown) => RewardDesignSchema.parse(value)
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
const TOKEN_PARAMS = { group_size: 1, max_length: 4, difficulty: 'easy' }
const tokenSpec = tokenseq.describe(TOKEN_PARAMS)

/** A tokenseq copy state (max_length 4) for the prompt a + b with nothing written. */
const prompt = (a: number, b: number) => [4, a, b, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]

describe('par’s reference: the environment’s reference answer', () => {
  it('is declared by the token task alone, for correct, format, length and proxy', () => {
    expect(REFERENCE_ANSWER_ENVIRONMENTS).toEqual(['tokenseq'])
    expect(referenceComponentsOf('tokenseq')).toEqual(['correct', 'format', 'length', 'proxy'])
    expect(referenceComponentsOf('cartpole')).toEqual([])
  })

  it('reads one component’s score of the reference answer from a copy state, null where there is none', () => {
    const proxy = referenceOf(tokenSpec, 'proxy')!
    const length = referenceOf(tokenSpec, 'length')!
    const state = [...prompt(5, 1), ...prompt(3, 4)]
    // 3 + 4 at max_length 4: "7 end", z = h (see tokenseq.test.ts)
    expect(proxy(state, 14)).toBeCloseTo(sigmoid(proxyHash(3, 4, [7, END], 0, 2)), 15)
    expect(length(state, 14)).toBe(0.5)
    expect(referenceOf(tokenSpec, 'overlong')).toBeNull()
    expect(referenceOf(getEnv('cartpole').spec, 'alive')).toBeNull()
  })

  it('refuses par on an environment without a reference answer, and on a component the answer does not score', () => {
    const cartpole = getEnv('cartpole').spec
    expect(parProblems(design({ transforms: { alive: [{ kind: 'par' }] } }), cartpole)).toEqual([
      "transforms.alive: par compares each episode with the environment's reference answer to its prompt, and cartpole has none; accepted on: tokenseq (bounded takes one constant reference instead)",
    ])
    expect(parProblems(design({ transforms: { overlong: [{ kind: 'scale', factor: 2 }, { kind: 'par' }] } }), tokenSpec)).toEqual([
      'transforms.overlong: par needs "overlong" scored on tokenseq\'s reference answer, which scores correct, format, length, proxy only; accepted: correct, format, length, proxy',
    ])
    // A custom term is not scored on the reference answer either.
    expect(parProblems(design({ terms: [{ name: 'digits', expression: 't' }], transforms: { digits: [{ kind: 'par' }] } }), tokenSpec)).toHaveLength(1)
    // Accepted: par on a scored component, and other transforms anywhere.
    expect(parProblems(design({ transforms: { proxy: [{ kind: 'scale', factor: 10 }, { kind: 'par' }], overlong: [{ kind: 'bounded', reference: 0 }] } }), tokenSpec)).toEqual([])
    // An unknown name is the design check's problem, named once.
    expect(parProblems(design({ transforms: { nothere: [{ kind: 'par' }] } }), tokenSpec)).toEqual([])
  })

  it('is refused through the checks every boundary runs: par after normalize, par on cartpole', () => {
    const afterNormalize = checkRewardDesign({ transforms: { proxy: [{ kind: 'normalize' }, { kind: 'par' }] } }, tokenSpec)
    expect(afterNormalize.ok ? [] : afterNormalize.problems).toEqual([
      "transforms.proxy: par (number 2 of 2) must not follow normalize: the reference answer's score passes through the transforms before par, and normalize keeps state across steps; accepted before par: scale, clip",
    ])
    const onCartpole = checkRewardDesign({ transforms: { alive: [{ kind: 'par' }] } }, getEnv('cartpole').spec)
    expect(onCartpole.ok ? [] : onCartpole.problems).toEqual([expect.stringMatching(/^transforms\.alive: par compares .* cartpole has none; accepted on: tokenseq/)])
    expect(() => new RewardedEnv(getEnv('cartpole').create(1, {}), design({ transforms: { alive: [{ kind: 'par' }] } }))).toThrow(/does not fit cartpole: transforms\.alive: par/)
    expect(checkRewardDesign({ weights: { proxy: 1 }, transforms: { proxy: [{ kind: 'scale', factor: 10 }, { kind: 'par' }] } }, tokenSpec).ok).toBe(true)
  })
})

describe('par on the token task, end to end', () => {
  /** Two copies (3 + 4 and 2 + 2) writing the given tokens step by step with autoReset off; the components of every step. */
  function run(chain: unknown[], tokens: [number[], number[]]): number[][] {
    const env = new RewardedEnv(tokenseq.create(2, TOKEN_PARAMS), design({ weights: { proxy: 1 }, transforms: { proxy: chain } }))
    const out = allocateStepBuffers(env.spec, 2)
    env.setState(0, prompt(3, 4))
    env.setState(1, prompt(2, 2))
    const rng = new Rng(1)
    const steps = Math.max(tokens[0].length, tokens[1].length)
    const rows: number[][] = []
    for (let t = 0; t < steps; t++) {
      env.step(Int32Array.of(tokens[0][t] ?? 0, tokens[1][t] ?? 0), out, rng, false)
      rows.push(Array.from(out.components.subarray(0, 10)))
    }
    return rows
  }
  const PROXY = 3
  const K = 6

  it('pays σ(R − R_ref) on each copy’s last token, each against its own prompt’s reference answer', () => {
    // Copy 0 writes the reference answer itself, "7 end": R = R_ref, σ(0) = ½ on its 2nd token.
    // Copy 1 pads 2 + 2 with zeros, "0 0 0 4", cut at 4 tokens: R = σ(−4 + 2·1 + 3·4/4 + 0.5·4 + h) = σ(3 + h)
    // against its reference "4 end": R_ref = σ(−4 + 2 + 3·2/4 + 0.5 + h_ref) = σ(h_ref).
    const rows = run([{ kind: 'par' }], [[7, END], [0, 0, 0, 4]])
    const R = sigmoid(3 + proxyHash(2, 2, [0, 0, 0, 4], 0, 4))
    const reference = sigmoid(proxyHash(2, 2, [4, END], 0, 2)) // σ(0.8914538789540529)
    expect(rows[0][PROXY]).toBe(0)
    expect(rows[1][PROXY]).toBe(0.5)
    expect(rows[1][0]).toBe(1) // correct is untouched
    expect(rows.slice(0, 3).map((row) => row[K + PROXY])).toEqual([0, 0, 0])
    expect(rows[3][K + PROXY]).toBeCloseTo(sigmoid(R - reference), 15)
    // h = −0.6988453166559339, h_ref = 0.8914538789540529: σ(0.9089726242210537 − 0.7091901110005431)
    expect(rows[3][K + PROXY]).toBeCloseTo(0.549780165146975, 12)
  })

  it('scales the reference with the reward when scale comes first: the padded answer’s lead over the reference grows tenfold', () => {
    const rows = run([{ kind: 'scale', factor: 10 }, { kind: 'par' }], [[0, 7, END], [4, END]])
    // Copy 0, "0 7 end" for 3 + 4: z = −4 + 2·1 + 3·3/4 + 0.5·2 + h = 1.25 + h; its reference "7 end": z = h_ref.
    const R = sigmoid(1.25 + proxyHash(3, 4, [0, 7, END], 0, 3))
    const reference = sigmoid(proxyHash(3, 4, [7, END], 0, 2))
    expect(rows[2][PROXY]).toBeCloseTo(sigmoid(10 * R - 10 * reference), 15)
    // h = 0.666154658421874: σ(10·0.8717090141887769 − 10·0.46383053964144527)
    expect(rows[2][PROXY]).toBeCloseTo(0.9833537629012682, 12)
    // Copy 1 wrote its reference answer: ½ whatever the scale.
    expect(rows[1][K + PROXY]).toBe(0.5)
  })
})
