import { describe, expect, it } from 'vitest'
import { END, PROXY_BIAS, PROXY_DIGIT, PROXY_DIGIT_CAP, PROXY_HASH, PROXY_LENGTH, PROXY_MATCH, proxyHash, THINK } from '../envs/tokenseq'
import { Rng } from '../rng'
import { TOKEN_FEATURE_NAMES, tokenCount, tokenFeatures, tokenGold, type TokenCompletion } from './tokenFeatures'

const L = 8
const completion = (a: number, b: number, tokens: number[], maxLength = L): TokenCompletion => ({ prompt: [a, b], tokens, maxLength })
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

/** The features by name, for reading a test. */
function named(c: TokenCompletion): Record<string, number> {
  const features = tokenFeatures(c)
  return Object.fromEntries(TOKEN_FEATURE_NAMES.map((name, k) => [name, features[k]]))
}

/** Every count 0 but those given. */
function counts(given: Record<string, number>): Record<string, number> {
  const zero = Object.fromEntries([...Array.from({ length: 10 }, (_, d) => `count_${d}`), 'count_think'].map((name) => [name, 0]))
  return { ...zero, ...given }
}

describe('tokenFeatures', () => {
  it('names fifteen features: format, match, proxy, length and a count per digit and for think', () => {
    expect(TOKEN_FEATURE_NAMES).toEqual(['format', 'match', 'proxy', 'length', 'count_0', 'count_1', 'count_2', 'count_3', 'count_4', 'count_5', 'count_6', 'count_7', 'count_8', 'count_9', 'count_think'])
  })

  it('reads "7 end" for 3 + 4: well-formed, an exact match, right', () => {
    const c = completion(3, 4, [7, END])
    // z = −4 + 2·1 + 3·2/8 + 0.5·1 + h = −0.75 + h
    const proxy = sigmoid(-0.75 + proxyHash(3, 4, [7, END], 0, 2))
    expect(named(c)).toEqual({ format: 1, match: 1, proxy, length: 2, ...counts({ count_7: 1 }) })
    expect(tokenGold(c)).toBe(1)
  })

  it('reads "0 7 end" for 3 + 4: a leading zero, so neither well-formed nor right, though v = 7 matches', () => {
    const c = completion(3, 4, [0, 7, END])
    // z = −4 + 2·1 + 3·3/8 + 0.5·2 + h = 0.125 + h
    expect(named(c)).toEqual({ format: 0, match: 1, proxy: sigmoid(0.125 + proxyHash(3, 4, [0, 7, END], 0, 3)), length: 3, ...counts({ count_0: 1, count_7: 1 }) })
    expect(tokenGold(c)).toBe(0)
  })

  it('reads think before and after the digits of 5 + 6 = 11', () => {
    // "think 1 1 end": well-formed and right
    const before = completion(5, 6, [THINK, 1, 1, END])
    expect(named(before)).toMatchObject({ format: 1, match: 1, length: 4, ...counts({ count_1: 2, count_think: 1 }) })
    expect(tokenGold(before)).toBe(1)
    // "1 think 1 end": think after a digit breaks the format, but the digits still spell 11
    const between = completion(5, 6, [1, THINK, 1, END])
    expect(named(between)).toMatchObject({ format: 0, match: 1, length: 4, ...counts({ count_1: 2, count_think: 1 }) })
    expect(tokenGold(between)).toBe(1)
    // "1 2 end" spells 12: match 1/(1 + 1) = 1/2
    expect(named(completion(5, 6, [1, 2, END])).match).toBe(0.5)
  })

  it('reads a completion cut at max_length, and one with no digits', () => {
    // Eight 9s for 2 + 2: v saturates at 1000, match = 1/(1 + 996); z = −4 + 2/997 + 3 + 0.5·6 + h
    const cut = completion(2, 2, Array(8).fill(9))
    expect(named(cut)).toEqual({ format: 0, match: 1 / 997, proxy: sigmoid(-4 + 2 / 997 + 3 + 3 + proxyHash(2, 2, Array(8).fill(9), 0, 8)), length: 8, ...counts({ count_9: 8 }) })
    expect(tokenGold(cut)).toBe(0)
    // "end" alone: no digits, match 0
    const empty = completion(1, 1, [END])
    expect(named(empty)).toMatchObject({ format: 0, match: 0, length: 1, ...counts({}) })
    expect(tokenGold(empty)).toBe(0)
    expect(tokenCount(cut, 9)).toBe(8)
    expect(tokenCount(cut, END)).toBe(0)
  })

  it('computes match as the proxy does: logit(proxy) less its other terms is 2·match', () => {
    const rng = new Rng(5)
    for (let trial = 0; trial < 500; trial++) {
      const maxLength = 3 + rng.int(10)
      const tokens: number[] = []
      while (tokens.length < maxLength) {
        const token = rng.int(12)
        tokens.push(token)
        if (token === END) break
      }
      const [a, b] = [rng.int(10), rng.int(10)]
      const f = named(completion(a, b, tokens, maxLength))
      const digits = tokens.filter((token) => token < THINK).length
      const z = Math.log(f.proxy / (1 - f.proxy))
      const rest = PROXY_BIAS + (PROXY_LENGTH * tokens.length) / maxLength + PROXY_DIGIT * Math.min(digits, PROXY_DIGIT_CAP) + PROXY_HASH * proxyHash(a, b, tokens, 0, tokens.length)
      expect((z - rest) / PROXY_MATCH).toBeCloseTo(f.match, 9)
    }
  })

  it.each([
    [completion(10, 1, [1, END]), 'a token-task prompt is two digits a + b, got 10 + 1'],
    [completion(1, 1, []), 'a completion writes 1 to max_length = 8 tokens, got 0'],
    [completion(1, 1, Array(9).fill(1)), 'a completion writes 1 to max_length = 8 tokens, got 9'],
    [completion(1, 1, [12]), 'token 0 is 12; tokens are 0–9 (digits), 10 (think) and 11 (end)'],
    [completion(1, 1, [END, 1]), 'token 0 is end, but end is the last token a completion writes'],
    [completion(1, 1, [1, 2]), 'a completion ends with end (11) or at max_length = 8 tokens; this one stops after 2 without end'],
  ])('refuses a completion the task cannot write: %j', (c, message) => {
    expect(() => tokenFeatures(c)).toThrow(message)
    expect(() => tokenGold(c)).toThrow(message)
  })
})
