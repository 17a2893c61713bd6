import { describe, expect, it } from 'vitest'
import { compileMix, mixOne } from '../rewards/mix'
import { Rng } from '../rng'
import { completionCut, END, isCorrect, isTokenSeqEnv, overlongPenalty, promptCodes, proxyHash, referenceAnswerTokens, scoreCompletion, THINK, tokenseq, type TokenSeqEnv } from './tokenseq'
import { allocateStepBuffers, type StepBuffers } from './types'

const T = THINK
const E = END
const COMPONENTS = ['correct', 'format', 'length', 'proxy', 'overlong', 'closeness', 'digits']

/** The proxy's hash written independently with BigInt: FNV-1a over 10a + b and token + 1, murmur3's fmix32, to [−1, 1). */
function referenceHash(a: number, b: number, tokens: number[]): number {
  const mask = 0xffffffffn
  const prime = 16777619n
  let h = ((2166136261n ^ BigInt(10 * a + b)) * prime) & mask
  for (const token of tokens) h = ((h ^ BigInt(token + 1)) * prime) & mask
  h ^= h >> 16n
  h = (h * 0x85ebca6bn) & mask
  h ^= h >> 13n
  h = (h * 0xc2b2ae35n) & mask
  h ^= h >> 16n
  return Number(h) / 2 ** 31 - 1
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

function score(a: number, b: number, tokens: number[], maxLength = 8): { correct: number; format: number; length: number; proxy: number } {
  const out = new Float64Array(4)
  scoreCompletion(a, b, tokens, 0, tokens.length, maxLength, out, 0)
  return { correct: out[0], format: out[1], length: out[2], proxy: out[3] }
}

function layoutState(maxLength: number, a: number, b: number, tokens: number[], last: { a: number; b: number; tokens: number[] } | null = null): number[] {
  const pad = (values: number[]) => [...values, ...new Array(maxLength - values.length).fill(-1)]
  return [maxLength, a, b, tokens.length, ...pad(tokens), last?.a ?? -1, last?.b ?? -1, ...pad(last?.tokens ?? [])]
}

function single(params: Record<string, string | number> = {}): { env: TokenSeqEnv; out: StepBuffers; write: (token: number, autoReset?: boolean) => void } {
  const env = tokenseq.create(1, params) as TokenSeqEnv
  const out = allocateStepBuffers(env.spec, 1)
  const actions = new Int32Array(1)
  const rng = new Rng(21)
  return {
    env,
    out,
    write(token: number, autoReset = false) {
      actions[0] = token
      env.step(actions, out, rng, autoReset)
    },
  }
}

describe('tokenseq spec', () => {
  it('declares tokens, components (correct alone by default), layouts and the group as the picture', () => {
    const spec = tokenseq.spec
    expect(spec.actionLabels).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'think', 'end'])
    expect(spec.components.map((c) => c.name)).toEqual(COMPONENTS)
    expect(spec.components.map((c) => c.defaultWeight)).toEqual([1, 0, 0, 0, 0, 0, 0])
    expect(spec.obsSize).toBe(47)
    expect(spec.stateVars).toHaveLength(4 + 8 + 2 + 8)
    expect(spec.stateVars.slice(0, 6)).toEqual(['max_length', 'a', 'b', 't', 'token_0', 'token_1'])
    expect(spec.stateVars.slice(12, 15)).toEqual(['last_a', 'last_b', 'last_token_0'])
    expect(spec.demoCopies).toBe(8)
    expect(spec.timeLimit).toBeNull()
    expect(spec.discreteStates).toBeNull()
    expect(spec.objective).toMatchObject({ name: 'correct', higherIsBetter: true })
    expect(tokenseq.describe({ group_size: 4, max_length: 5 })).toMatchObject({ demoCopies: 4, stateVars: expect.any(Array) })
    expect(tokenseq.describe({ max_length: 5 }).stateVars).toHaveLength(16)
  })

  it('draws easy prompts with one-digit sums, hard ones with carries, mixed from all 100', () => {
    const easy = Array.from(promptCodes('easy'))
    const hard = Array.from(promptCodes('hard'))
    expect(easy).toHaveLength(55)
    expect(hard).toHaveLength(45)
    expect(promptCodes('mixed')).toHaveLength(100)
    for (const code of easy) expect(Math.floor(code / 10) + (code % 10)).toBeLessThanOrEqual(9)
    for (const code of hard) expect(Math.floor(code / 10) + (code % 10)).toBeGreaterThanOrEqual(10)
  })
})

describe('tokenseq judging', () => {
  it('hashes prompt and tokens as documented', () => {
    for (const [a, b, tokens] of [
      [3, 4, [7, E]],
      [0, 0, []],
      [9, 9, [T, 1, 8, E]],
      [5, 2, [0, 0, 0, 0, 0, 0, 7, E]],
    ] as [number, number, number[]][]) {
      const h = proxyHash(a, b, tokens, 0, tokens.length)
      expect(h).toBe(referenceHash(a, b, tokens))
      expect(h).toBeGreaterThanOrEqual(-1)
      expect(h).toBeLessThan(1)
    }
    // Different tokens, different judgement.
    expect(proxyHash(3, 4, [7, E], 0, 2)).not.toBe(proxyHash(3, 4, [T, 7, E], 0, 3))
  })

  it('scores a short correct answer', () => {
    // 3 + 4, "7 end", L = 8: n = 2, d = 1, v = 7, match = 1
    //   z = −4 + 2·1 + 3·2/8 + 0.5·1 + h = −0.75 + h
    const s = score(3, 4, [7, E])
    expect(s.correct).toBe(1)
    expect(s.format).toBe(1)
    expect(s.length).toBe(0.25)
    expect(s.proxy).toBeCloseTo(sigmoid(-0.75 + referenceHash(3, 4, [7, E])), 15)
  })

  it('scores two-digit answers, think tokens, leading zeros and a missing end', () => {
    // 9 + 3 = 12 after one think: correct and well-formed; n = 4, d = 2: z = −4 + 2 + 1.5 + 1 + h
    const thought = score(9, 3, [T, 1, 2, E])
    expect([thought.correct, thought.format, thought.length]).toEqual([1, 1, 0.5])
    expect(thought.proxy).toBeCloseTo(sigmoid(0.5 + referenceHash(9, 3, [T, 1, 2, E])), 15)
    // A think between the digits: still spells 12, no longer well-formed.
    expect(score(5, 7, [1, T, 2, E])).toMatchObject({ correct: 1, format: 0 })
    // "0 7" has one digit too many for 7 and a leading zero; the proxy's match reads it as 7.
    const padded = score(3, 4, [0, 7, E])
    expect([padded.correct, padded.format]).toEqual([0, 0])
    // z = −4 + 2·1 + 3·3/8 + 0.5·2 + h
    expect(padded.proxy).toBeCloseTo(sigmoid(0.125 + referenceHash(3, 4, [0, 7, E])), 15)
    // 0 + 0 = 0 is the one answer that starts with 0.
    expect(score(0, 0, [0, E])).toMatchObject({ correct: 1, format: 1 })
    // Three digits are never well-formed; "1 0" is right for 10, "1 1" is not.
    expect(score(5, 5, [1, 0, 0, E])).toMatchObject({ correct: 0, format: 0 })
    expect(score(5, 5, [1, 0, E])).toMatchObject({ correct: 1, format: 1 })
    expect(score(5, 5, [1, 1, E])).toMatchObject({ correct: 0, format: 1 })
    // Cut at max length without end: the right digits, but no answer.
    const cut = score(3, 4, [T, T, 7], 3)
    expect([cut.correct, cut.format, cut.length]).toEqual([0, 0, 1])
    // Only end: n = 1, no digits: z = −4 + 3/8 + h
    const empty = score(3, 4, [E])
    expect([empty.correct, empty.format, empty.length]).toEqual([0, 0, 0.125])
    expect(empty.proxy).toBeCloseTo(sigmoid(-3.625 + referenceHash(3, 4, [E])), 15)
  })

  it('has a proxy that longer wrong answers and zero padding beat', () => {
    // 3 + 4, L = 8. Short and right: z = −0.75 + h.
    const shortRight = score(3, 4, [7, E])
    // Six thinks then a wrong 9: match = 1/(1 + 2) = 1/3, n = 8, d = 1: z = −4 + 2/3 + 3 + 0.5 + h ≈ 0.17 + h
    const longWrong = score(3, 4, [T, T, T, T, T, T, 9, E])
    expect(longWrong.correct).toBe(0)
    expect(longWrong.proxy).toBeCloseTo(sigmoid(-4 + 2 / 3 + 3 + 0.5 + referenceHash(3, 4, [T, T, T, T, T, T, 9, E])), 15)
    expect(longWrong.proxy).toBeGreaterThan(shortRight.proxy)
    // Six thinks then the right 7: z = 1.5 + h; zero-padded 7: d = 7 → 6, z = −4 + 2 + 3 + 3 + h = 4 + h.
    const longRight = score(3, 4, [T, T, T, T, T, T, 7, E])
    const zeros = score(3, 4, [0, 0, 0, 0, 0, 0, 7, E])
    expect(zeros.correct).toBe(0)
    expect(zeros.proxy).toBeCloseTo(sigmoid(4 + referenceHash(3, 4, [0, 0, 0, 0, 0, 0, 7, E])), 15)
    expect(zeros.proxy).toBeGreaterThan(longRight.proxy)
    expect(longRight.proxy).toBeGreaterThan(shortRight.proxy)
    // Among answers of one length the right one scores higher (the proxy does track correctness here).
    expect(shortRight.proxy).toBeGreaterThan(score(3, 4, [8, E]).proxy)
  })

  it('makes length hacking pay once the length weight is high', () => {
    const spec = tokenseq.spec
    const mix = compileMix(spec, { weights: { correct: 1, length: 2 } })
    const reward = (a: number, b: number, tokens: number[]) => {
      const out = new Float64Array(spec.components.length)
      scoreCompletion(a, b, tokens, 0, tokens.length, 8, out, 0)
      return mixOne(mix.weights, out, 0)
    }
    // right and short: 1 + 2·2/8 = 1.5; eight thinks, no answer at all: 2·8/8 = 2
    expect(reward(3, 4, [7, E])).toBe(1.5)
    expect(reward(3, 4, [T, T, T, T, T, T, T, T])).toBe(2)
  })
})

describe('tokenseq steps', () => {
  it('writes one token per step, pays nothing before the end and everything on it', () => {
    const { env, out, write } = single()
    env.setState(0, layoutState(8, 3, 4, []))
    write(T)
    expect(Array.from(out.components)).toEqual([0, 0, 0, 0, 0, 0, 0])
    expect(out.terminated[0]).toBe(0)
    write(7)
    expect(out.terminated[0]).toBe(0)
    write(E)
    expect(out.terminated[0]).toBe(1)
    expect(out.truncated[0]).toBe(0)
    expect(out.objective[0]).toBe(1)
    expect(Array.from(out.components).slice(0, 3)).toEqual([1, 1, 3 / 8])
    expect(out.components[3]).toBeCloseTo(sigmoid(-4 + 2 + 3 * (3 / 8) + 0.5 + referenceHash(3, 4, [T, 7, E])), 15)
    // overlong: 3 tokens ≤ 8 − 2, 0; closeness: v = 7 = 3 + 4, 1; digits: the one digit right, 1/1
    expect(Array.from(out.components).slice(4)).toEqual([0, 1, 1])
    expect(Array.from(env.state)).toEqual(layoutState(8, 3, 4, [T, 7, E]))
  })

  it('observes the prompt, the position, the last token, the digits written and the first digit', () => {
    const { env, out } = single()
    env.setState(0, layoutState(8, 3, 4, [T, 1]))
    env.observe(0, out.obs)
    const hot: Record<number, number> = {}
    out.obs.forEach((value, j) => {
      if (value !== 0) hot[j] = value
    })
    // a = 3 → 3; b = 4 → 10 + 4; t/L = 2/8 → 20; last token 1 → 21 + 1; one digit → 33 + 1; first digit 1 → 37 + 1
    expect(hot).toEqual({ 3: 1, 14: 1, 20: 0.25, 22: 1, 34: 1, 38: 1 })
    env.setState(0, layoutState(8, 9, 0, []))
    env.observe(0, out.obs)
    // Before the first token: no last token, no first digit, "0 digits written".
    expect(Array.from(out.obs.entries()).filter(([, v]) => v !== 0)).toEqual([
      [9, 1],
      [10, 1],
      [33, 1],
    ])
  })

  it('cuts a completion at max_length, judges it and ends the episode there (a termination: nothing follows to bootstrap from)', () => {
    const { env, out, write } = single({ max_length: 3 })
    env.setState(0, layoutState(3, 3, 4, []))
    write(T)
    write(T)
    expect(out.terminated[0]).toBe(0)
    write(7)
    expect(out.terminated[0]).toBe(1)
    expect(out.truncated[0]).toBe(0)
    expect(Array.from(out.components).slice(0, 3)).toEqual([0, 0, 1])
    // Cut without end: overlong −1, and "7" is not a number to closeness and digits, although it is 3 + 4.
    expect(Array.from(out.components).slice(4)).toEqual([-1, 0, 0])
    expect(out.objective[0]).toBe(0)
    // The final observation shows the full completion (position 1, last token 7, one digit).
    expect(out.finalObs[20]).toBe(1)
    expect(out.finalObs[21 + 7]).toBe(1)
    // Stepped again without a reset it stays finished, pays nothing and ends again.
    write(5)
    expect(Array.from(out.components)).toEqual([0, 0, 0, 0, 0, 0, 0])
    expect(out.terminated[0]).toBe(1)
    expect(Array.from(env.state)).toEqual(layoutState(3, 3, 4, [T, T, 7]))
  })

  it('auto-resets a finished copy with a prompt of its own and keeps the finished completion as the last one', () => {
    const env = tokenseq.create(4, { group_size: 4, max_length: 4 }) as TokenSeqEnv
    const out = allocateStepBuffers(env.spec, 4)
    const rng = new Rng(8)
    env.reset(rng, out.obs)
    const stride = 4 + 4 + 2 + 4
    const prompt = [env.state[1], env.state[2]]
    // Copy 0 answers at once; the others think.
    const answer = prompt[0] + prompt[1]
    env.step(new Int32Array([answer >= 10 ? 1 : answer, T, T, T]), out, rng)
    env.step(new Int32Array([answer >= 10 ? answer - 10 : E, T, T, T]), out, rng)
    if (answer >= 10) env.step(new Int32Array([E, T, T, T]), out, rng)
    expect(out.terminated[0]).toBe(1)
    expect(out.objective[0]).toBe(1)
    expect(out.components[0]).toBe(1)
    // Copy 0: empty completion (t = 0), the finished one kept as last_*.
    expect(env.state[3]).toBe(0)
    expect(env.state[4]).toBe(-1)
    expect([env.state[8], env.state[9]]).toEqual(prompt)
    const written = answer >= 10 ? [1, answer - 10, E, -1] : [answer, E, -1, -1]
    expect(Array.from(env.state.subarray(10, 14))).toEqual(written)
    // The observation is the new prompt's first; the final one was the finished completion's.
    expect(out.obs[20]).toBe(0)
    expect(out.finalObs[21 + E]).toBe(1)
    // The others are untouched and still share the group's prompt.
    for (let i = 1; i < 4; i++) {
      expect([env.state[i * stride + 1], env.state[i * stride + 2]]).toEqual(prompt)
      expect(env.state[i * stride + 3]).toBe(answer >= 10 ? 3 : 2)
    }
  })

  it('gives each group of G copies one prompt at reset, the last group possibly smaller', () => {
    const n = 20
    const env = tokenseq.create(n, { group_size: 8 }) as TokenSeqEnv
    expect(isTokenSeqEnv(env)).toBe(true)
    expect(env.numGroups).toBe(3)
    const stride = env.spec.stateVars.length
    const obs = new Float32Array(n * 47)
    const rng = new Rng(2)
    const promptOf = (i: number) => 10 * env.state[i * stride + 1] + env.state[i * stride + 2]
    const seen = new Set<number>()
    for (let round = 0; round < 20; round++) {
      env.reset(rng, obs)
      for (let i = 0; i < n; i++) {
        expect(promptOf(i)).toBe(promptOf(Math.floor(i / 8) * 8))
        expect(env.state[i * stride + 3]).toBe(0)
        // The observation's one-hot prompt agrees with the state.
        expect(obs[i * 47 + env.state[i * stride + 1]]).toBe(1)
        expect(obs[i * 47 + 10 + env.state[i * stride + 2]]).toBe(1)
      }
      for (let g = 0; g < 3; g++) seen.add(promptOf(g * 8))
    }
    // 60 draws from 100 prompts: many different ones.
    expect(seen.size).toBeGreaterThan(30)
    // resetGroup touches only its group.
    const before = Array.from(env.state)
    env.resetGroup(1, new Rng(99), obs)
    for (let i = 0; i < n; i++) {
      const row = Array.from(env.state.subarray(i * stride, (i + 1) * stride))
      if (i < 8 || i >= 16) expect(row).toEqual(before.slice(i * stride, (i + 1) * stride))
    }
  })

  it('draws only prompts of the chosen difficulty', () => {
    for (const [difficulty, check] of [
      ['easy', (sum: number) => sum <= 9],
      ['hard', (sum: number) => sum >= 10],
    ] as const) {
      const env = tokenseq.create(64, { difficulty, group_size: 1 })
      env.reset(new Rng(3), new Float32Array(64 * 47))
      const stride = env.spec.stateVars.length
      for (let i = 0; i < 64; i++) expect(check(env.state[i * stride + 1] + env.state[i * stride + 2])).toBe(true)
    }
  })

  it('shows all-equal groups under a random policy on hard prompts (no signal for a group-relative learner)', () => {
    // A uniform policy almost never writes a right two-digit answer then end: whole groups score 0.
    const n = 256
    const env = tokenseq.create(n, { difficulty: 'hard', group_size: 8 })
    const out = allocateStepBuffers(env.spec, n)
    const rng = new Rng(4)
    env.reset(rng, out.obs)
    const groupScore = new Float64Array(32)
    const done = new Uint8Array(n)
    const actions = new Int32Array(n)
    for (let t = 0; t < 8; t++) {
      for (let i = 0; i < n; i++) actions[i] = rng.int(12)
      env.step(actions, out, rng, false)
      for (let i = 0; i < n; i++) {
        if (out.terminated[i] && !done[i]) {
          done[i] = 1
          groupScore[Math.floor(i / 8)] += out.components[i * env.spec.components.length]
        }
      }
    }
    expect(done.every((d) => d === 1)).toBe(true)
    const allZero = groupScore.filter((total) => total === 0).length
    expect(allZero).toBeGreaterThanOrEqual(30)
  })

  it('rejects states that do not fit the layout', () => {
    const env = tokenseq.create(1, { max_length: 3 })
    expect(() => env.setState(0, [3, 1, 2, 0])).toThrow('tokenseq state needs 12 values (max_length, a, b, t, token_0, token_1, token_2, last_a, last_b, last_token_0, last_token_1, last_token_2), got 4')
    expect(() => env.setState(0, layoutState(4, 1, 2, []).slice(0, 12))).toThrow('max_length must be 3 (the max_length parameter), got 4')
    expect(() => env.setState(0, layoutState(3, 10, 2, []))).toThrow('tokenseq state value a must be a digit from 0 to 9, got 10')
    expect(() => env.setState(0, layoutState(3, 1, 2, [E, 3]))).toThrow('token_0 must be a token other than end (11): end is the last token written, got 11')
    const gap = layoutState(3, 1, 2, [4])
    gap[5] = 4
    expect(() => env.setState(0, gap)).toThrow('token_1 must be −1 (not yet written) since t = 1, got 4')
    expect(() => env.setState(0, layoutState(3, 1, 2, [12]))).toThrow('token_0 must be a token from 0 to 11')
    expect(() => env.setState(0, [3, 1, 2, 0, -1, -1, -1, 4, -1, -1, -1, -1])).toThrow('last_a must be a digit, with last_b a digit too, or −1 with last_b −1')
  })

  it('agrees with isCorrect, the view’s judge', () => {
    const rng = new Rng(6)
    const out = new Float64Array(4)
    for (let trial = 0; trial < 2000; trial++) {
      const a = rng.int(10)
      const b = rng.int(10)
      const length = 1 + rng.int(5)
      const tokens = Array.from({ length }, () => [a + b < 10 ? a + b : rng.int(2), rng.int(12), E, T][rng.int(4)])
      scoreCompletion(a, b, tokens, 0, length, 8, out, 0)
      expect(isCorrect(a, b, tokens, 0, length) ? 1 : 0).toBe(out[0])
    }
  })
})

describe('tokenseq overlong penalty (DAPO)', () => {
  it('is 0 up to L − C tokens, ((L − C) − n)/C over the cache, −1 at L and −1 for a cut answer', () => {
    // L = 8, C = 2: free up to 6 tokens
    expect(overlongPenalty(1, true, 8, 2)).toBe(0)
    expect(overlongPenalty(6, true, 8, 2)).toBe(0)
    // (6 − 7)/2, (6 − 8)/2
    expect(overlongPenalty(7, true, 8, 2)).toBe(-0.5)
    expect(overlongPenalty(8, true, 8, 2)).toBe(-1)
    expect(overlongPenalty(8, false, 8, 2)).toBe(-1)
    // L = 8, C = 3: (5 − 6)/3, (5 − 7)/3, (5 − 8)/3
    expect(overlongPenalty(5, true, 8, 3)).toBe(0)
    expect(overlongPenalty(6, true, 8, 3)).toBe(-1 / 3)
    expect(overlongPenalty(7, true, 8, 3)).toBe(-2 / 3)
    expect(overlongPenalty(8, true, 8, 3)).toBe(-1)
    // C = 0: no soft band; an answer that ends at L is free, only a cut one pays
    expect(overlongPenalty(8, true, 8, 0)).toBe(0)
    expect(overlongPenalty(8, false, 8, 0)).toBe(-1)
  })

  /** The components after writing `tokens` from an empty completion to 3 + 4 under `params`, and the overlong value before the last token. */
  function written(params: Record<string, number>, tokens: number[]): { before: number[]; last: number[]; cut: boolean } {
    const { env, out, write } = single(params)
    const L = params.max_length
    env.setState(0, layoutState(L, 3, 4, []))
    const before: number[] = []
    for (const token of tokens.slice(0, -1)) {
      write(token)
      before.push(out.components[4])
    }
    write(tokens[tokens.length - 1])
    expect(out.terminated[0]).toBe(1)
    return { before, last: Array.from(out.components), cut: completionCut(env.state, 0) }
  }

  it('is paid once, on the last token, as the outcome components are', () => {
    // n = 2 ≤ L − C = 2: free, beside a right answer's other components
    const free = written({ max_length: 4, overlong_cache: 2 }, [7, E])
    expect(free).toMatchObject({ before: [0], cut: false })
    expect(free.last.slice(0, 3)).toEqual([1, 1, 2 / 4])
    expect(free.last[4]).toBe(0)
    // n = 3 = L − C + 1: (2 − 3)/2
    expect(written({ max_length: 4, overlong_cache: 2 }, [T, 7, E])).toMatchObject({ before: [0, 0], cut: false })
    expect(written({ max_length: 4, overlong_cache: 2 }, [T, 7, E]).last[4]).toBe(-0.5)
    // n = L, ended: (2 − 4)/2
    expect(written({ max_length: 4, overlong_cache: 2 }, [T, T, 7, E]).last[4]).toBe(-1)
    // cut at L without end
    const cut = written({ max_length: 4, overlong_cache: 2 }, [T, T, T, 7])
    expect(cut).toMatchObject({ before: [0, 0, 0], cut: true })
    expect(cut.last[4]).toBe(-1)
    // C = 0: ending at L is free, the cut still pays −1
    expect(written({ max_length: 4, overlong_cache: 0 }, [T, T, 7, E]).last[4]).toBe(0)
    expect(written({ max_length: 4, overlong_cache: 0 }, [T, T, T, 7]).last[4]).toBe(-1)
  })

  it('is a component of its own at weight 0 beside the objective, with overlong_cache a quarter of the default max_length', () => {
    const overlong = tokenseq.spec.components[4]
    expect(overlong).toMatchObject({ name: 'overlong', defaultWeight: 0, range: [0, 2] })
    expect(overlong.description).toContain('0 for an answer of at most 6 tokens')
    expect(tokenseq.spec.objective.name).toBe('correct')
    expect(tokenseq.spec.params.find((param) => param.name === 'overlong_cache')).toMatchObject({ kind: 'number', default: 2, min: 0, integer: true })
    // The smallest max_length takes the default cache.
    expect(tokenseq.describe({ max_length: 3 }).components[4].description).toContain('at most 1 token (max_length − overlong_cache)')
    expect(tokenseq.describe({ max_length: 8, overlong_cache: 0 }).components[4].description).toContain('then nothing more')
  })

  it('accepts overlong_cache from 0 to max_length − 1 and names that range otherwise', () => {
    expect(() => tokenseq.create(1, { max_length: 8, overlong_cache: 7 })).not.toThrow()
    expect(() => tokenseq.create(1, { max_length: 8, overlong_cache: 8 })).toThrow('parameter "overlong_cache" of tokenseq must be an integer from 0 to 7 (less than max_length, 8), got 8')
    expect(() => tokenseq.describe({ max_length: 4, overlong_cache: 5 })).toThrow('parameter "overlong_cache" of tokenseq must be an integer from 0 to 3 (less than max_length, 4), got 5')
    expect(() => tokenseq.describe({ overlong_cache: -1 })).toThrow('parameter "overlong_cache" of tokenseq must be an integer from 0 to 31, got -1')
    expect(() => tokenseq.describe({ overlong_cache: 1.5 })).toThrow('parameter "overlong_cache" of tokenseq must be an integer from 0 to 31, got 1.5')
  })
})

describe('tokenseq reference answer (PAR’s r_ref)', () => {
  const answer = tokenseq.referenceAnswer!

  /** The reference answer's components for the prompt of a state laid out for max_length L. */
  function referenceScores(maxLength: number, a: number, b: number, written: number[] = []): number[] {
    const out = new Float64Array(answer.components.length)
    // At an offset, as a batch's final states hold copies one after another.
    const state = [...layoutState(maxLength, 9, 9, []), ...layoutState(maxLength, a, b, written)]
    answer.score(state, layoutState(maxLength, 9, 9, []).length, out)
    return Array.from(out)
  }

  it('scores correct, format, length and proxy: overlong depends on overlong_cache, which the state does not hold', () => {
    expect(answer.components).toEqual(['correct', 'format', 'length', 'proxy'])
  })

  it('is the answer’s digits, then end', () => {
    const tokens = new Float64Array(3)
    expect(Array.from(tokens.subarray(0, referenceAnswerTokens(3, 4, tokens)))).toEqual([7, E])
    expect(Array.from(tokens.subarray(0, referenceAnswerTokens(5, 7, tokens)))).toEqual([1, 2, E])
    expect(Array.from(tokens.subarray(0, referenceAnswerTokens(0, 0, tokens)))).toEqual([0, E])
  })

  it('3 + 4 at max_length 4: "7 end" is correct and well-formed, length 2/4, proxy σ(h) since the rest of z cancels', () => {
    const h = proxyHash(3, 4, [7, E], 0, 2) // −0.14493099926039577
    // z = −4 + 2·match(1) + 3·2/4 + 0.5·1 digit + h = −4 + 2 + 1.5 + 0.5 + h = h
    const [correct, format, length, proxy] = referenceScores(4, 3, 4)
    expect([correct, format, length]).toEqual([1, 1, 0.5])
    expect(proxy).toBeCloseTo(1 / (1 + Math.exp(-h)), 15)
    expect(proxy).toBeCloseTo(0.46383053964144527, 12)
  })

  it('5 + 7 at max_length 8: "1 2 end", length 3/8, proxy σ(0.125 + h)', () => {
    const h = proxyHash(5, 7, [1, 2, E], 0, 3) // 0.680641386192292
    // z = −4 + 2·1 + 3·3/8 + 0.5·2 digits + h = −4 + 2 + 1.125 + 1 + h = 0.125 + h
    const [correct, format, length, proxy] = referenceScores(8, 5, 7)
    expect([correct, format, length]).toEqual([1, 1, 0.375])
    expect(proxy).toBeCloseTo(1 / (1 + Math.exp(-(0.125 + h))), 15)
    expect(proxy).toBeCloseTo(0.6911799332325534, 12)
  })

  it('depends on the prompt alone, not on what the copy wrote', () => {
    expect(referenceScores(4, 3, 4, [0, 0, 0, 7])).toEqual(referenceScores(4, 3, 4))
  })
})
