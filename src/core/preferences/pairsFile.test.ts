import { describe, expect, it } from 'vitest'
import { MAX_PREFERENCE_PAIRS } from './limits'
import { pairLine, PairsCollector, parsePairLine, type PairRecord } from './pairsFile'

const record: PairRecord = {
  prompt: [3, 4],
  a: { tokens: [7, 11], features: { length: 2, proxy: 0.25 }, gold: 1 },
  b: { tokens: [0, 7, 11], features: { length: 3, proxy: 0.5 }, gold: 0 },
  probability: 0.75,
  label: 'b',
}
const line = (change: (raw: Record<string, unknown>) => void = () => {}): string => {
  const raw = JSON.parse(pairLine(record)) as Record<string, unknown>
  change(raw)
  return JSON.stringify(raw)
}
const side = (raw: Record<string, unknown>, name: 'a' | 'b') => raw[name] as Record<string, unknown>

describe('pairLine and parsePairLine', () => {
  it('write a pair as one line, keys in order, and read it back', () => {
    expect(pairLine(record)).toBe('{"prompt":[3,4],"a":{"tokens":[7,11],"features":{"length":2,"proxy":0.25},"gold":1},"b":{"tokens":[0,7,11],"features":{"length":3,"proxy":0.5},"gold":0},"probability":0.75,"label":"b"}')
    expect(parsePairLine(pairLine(record), null)).toEqual({ pair: { a: [2, 0.25], b: [3, 0.5], goldA: 1, goldB: 0, label: 'b' }, names: ['length', 'proxy'] })
  })

  it('takes a line without the optional keys, and features in another order than line 1', () => {
    const bare = '{"a": {"features": {"proxy": 1, "length": 2}, "gold": 0}, "b": {"features": {"length": 5, "proxy": 3}, "gold": 0.5}, "label": "a"}'
    expect(parsePairLine(bare, ['length', 'proxy']).pair).toEqual({ a: [2, 1], b: [5, 3], goldA: 0, goldB: 0.5, label: 'a' })
  })

  it.each([
    ['', 'is empty; each line is {"prompt"'],
    ['{"a": ', 'is not valid JSON: '],
    [line().replace('0.25', 'NaN'), 'is not valid JSON: NaN and Infinity are not JSON numbers, and every number must be finite'],
    [line().replace('0.25', '-Infinity'), 'is not valid JSON: NaN and Infinity are not JSON numbers, and every number must be finite'],
    ['[1, 2]', 'is [1,2], not an object'],
    [line((raw) => (raw.extra = 1)), 'unknown key "extra"; accepted: prompt, a, b, probability, label'],
    [line((raw) => delete raw.label), '"label" is missing'],
    [line((raw) => (raw.label = 'c')), 'label is "c"; accepted: "a", "b" or "tie"'],
    [line((raw) => (raw.labeller = 'robot')), 'labeller is "robot"; accepted: "person" or "simulated"'],
    [line((raw) => (raw.prompt = [3, 14])), 'prompt is [3,14]; a prompt is two digits [a, b]'],
    [line((raw) => (raw.probability = 1.5)), 'probability is 1.5; a probability is from 0 to 1'],
    [line((raw) => (raw.a = 5)), 'a is 5; each side is'],
    [line((raw) => (side(raw, 'a').gold = '1')), 'a.gold is "1", not a finite number'],
    [line().replace('"gold":1', '"gold":1e999'), 'a.gold is Infinity, not a finite number'],
    [line((raw) => delete side(raw, 'b').features), '"b.features" is missing'],
    [line((raw) => (side(raw, 'b').score = 1)), 'unknown key "score" in b; accepted: tokens, features, gold'],
    [line((raw) => (side(raw, 'b').tokens = [12])), 'b.tokens is [12]; tokens are a list of at most 32 token ids'],
    [line((raw) => (side(raw, 'a').features = {})), 'a.features is empty; give 1 to 100 features'],
    [line((raw) => (side(raw, 'a').features = [1, 2])), 'a.features is [1,2]; features are an object'],
    [line((raw) => (side(raw, 'a').features = Object.fromEntries(Array.from({ length: 101 }, (_, k) => [`f${k}`, k])))), 'a.features has 101 features, more than the 100 a fit takes'],
    [line((raw) => (side(raw, 'a').features = { length: 2, proxy: 'high' })), 'a.features.proxy is "high", not a finite number'],
    [line().replace('"length":2', '"__proto__":2'), 'a.features: the name "__proto__" is reserved'],
    [line((raw) => (side(raw, 'a').features = { ['x'.repeat(65)]: 1 })), 'a.features names a feature of 65 characters; a feature name has at most 64'],
    [line((raw) => (side(raw, 'b').features = { length: 2 })), 'b.features lacks the feature "proxy", which a.features has; every feature vector needs the same names'],
    [line((raw) => (side(raw, 'b').features = { length: 2, proxy: 1, match: 0 })), 'b.features has the feature "match", which a.features lacks'],
  ])('names what is wrong with the line %#', (text, message) => {
    expect(() => parsePairLine(text, null)).toThrow(message)
  })

  it('holds every line to line 1’s feature names', () => {
    expect(() => parsePairLine(line(), ['length', 'proxy', 'match'])).toThrow('a.features lacks the feature "match", which line 1 has')
    expect(() => parsePairLine(line(), ['length'])).toThrow('a.features has the feature "proxy", which line 1 lacks')
  })
})

describe('PairsCollector', () => {
  it('puts the preferred side first, with its gold', () => {
    const collector = new PairsCollector()
    collector.add(pairLine(record), 1)
    collector.add(pairLine({ ...record, label: 'a' }), 2)
    const { featureNames, pairs } = collector.result()
    expect(featureNames).toEqual(['length', 'proxy'])
    expect(pairs).toEqual({
      count: 2,
      features: 2,
      preferred: Float64Array.from([3, 0.5, 2, 0.25]),
      rejected: Float64Array.from([2, 0.25, 3, 0.5]),
      preferredGold: Float64Array.from([0, 1]),
      rejectedGold: Float64Array.from([1, 0]),
    })
  })

  it('names the line of a problem', () => {
    const collector = new PairsCollector()
    collector.add(pairLine(record), 1)
    expect(() => collector.add('{', 2)).toThrow(/^line 2 is not valid JSON/)
    expect(() => collector.add(line((raw) => (raw.label = 'x')), 7)).toThrow(/^line 7: label is "x"/)
  })

  it('refuses an empty file and more than 100,000 pairs, naming the limit', () => {
    expect(() => new PairsCollector().result()).toThrow('holds no pairs; give one pair a line')
    const collector = new PairsCollector()
    const text = '{"a": {"features": {"x": 1}, "gold": 0}, "b": {"features": {"x": 0}, "gold": 0}, "label": "a"}'
    for (let i = 1; i <= MAX_PREFERENCE_PAIRS; i++) collector.add(text, i)
    expect(() => collector.add(text, MAX_PREFERENCE_PAIRS + 1)).toThrow('line 100001: the file holds more than 100000 pairs, the most a fit takes')
    expect(collector.result().pairs.count).toBe(MAX_PREFERENCE_PAIRS)
  })
})

describe('pairs of trajectory segments', () => {
  const segmentRecord: PairRecord = {
    env: 'cartpole',
    a: { states: [[0, 0, 0.01, 0], [0, 0.2, 0.01, -0.3]], actions: [1], features: { steps: 1, abs_theta: 0.01 }, gold: 1 },
    b: { states: [[0, 0, 0.2, 0], [0, -0.2, 0.21, 0.3], [0, -0.4, 0.22, 0.6]], actions: [0, 0], features: { steps: 2, abs_theta: 0.43 }, gold: 2 },
    probability: 0.25,
    label: 'b',
  }
  const segmentLine = (change: (raw: Record<string, unknown>) => void = () => {}): string => {
    const raw = JSON.parse(pairLine(segmentRecord)) as Record<string, unknown>
    change(raw)
    return JSON.stringify(raw)
  }

  it('write the environment, states and actions, keys in order, and read back as any pair', () => {
    expect(pairLine(segmentRecord)).toBe(
      '{"env":"cartpole","a":{"states":[[0,0,0.01,0],[0,0.2,0.01,-0.3]],"actions":[1],"features":{"steps":1,"abs_theta":0.01},"gold":1},' +
        '"b":{"states":[[0,0,0.2,0],[0,-0.2,0.21,0.3],[0,-0.4,0.22,0.6]],"actions":[0,0],"features":{"steps":2,"abs_theta":0.43},"gold":2},"probability":0.25,"label":"b"}',
    )
    expect(parsePairLine(pairLine(segmentRecord), null)).toEqual({ pair: { a: [1, 0.01], b: [2, 0.43], goldA: 1, goldB: 2, label: 'b' }, names: ['steps', 'abs_theta'] })
    // states and actions are optional
    expect(parsePairLine('{"env": "gridworld", "a": {"features": {"steps": 3}, "gold": -3}, "b": {"features": {"steps": 1}, "gold": -1}, "label": "b"}', null).pair.b).toEqual([1])
  })

  it.each([
    [segmentLine((raw) => (raw.prompt = [1, 2])), 'unknown key "prompt"; accepted: env, a, b, probability, label, labeller; each line is {"env": id'],
    [segmentLine((raw) => (raw.env = 'mountaincar')), 'env is "mountaincar"; a pair of segments is of cartpole, gridworld, cliffwalking, frozenlake'],
    [segmentLine((raw) => (raw.env = 7)), 'env is 7; a pair of segments is of'],
    [segmentLine((raw) => (side(raw, 'a').tokens = [1])), 'unknown key "tokens" in a; accepted: states, actions, features, gold'],
    [segmentLine((raw) => (side(raw, 'a').states = [[0, 0, 0, 0]])), 'a.states is [[0,0,0,0]]; states are a list of 2 to 201 states'],
    [segmentLine((raw) => (side(raw, 'a').states = [[0, 0, 0, 0], [0, 0, 0]])), 'a.states[1] is [0,0,0]; states are a list of 2 to 201 states'],
    [segmentLine((raw) => (side(raw, 'b').states = Array.from({ length: 202 }, () => [0]))), 'b.states is '],
    [segmentLine((raw) => (side(raw, 'a').states = [[0, 0, 0, 0], [0, 0, 'x', 0]])), 'a.states[1][2] is "x", not a finite number'],
    [segmentLine((raw) => (side(raw, 'a').states = [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8, 9]])), 'a.states[0] is '],
    [segmentLine((raw) => (side(raw, 'a').actions = [-1])), 'a.actions is [-1]; actions are a list of 1 to 200 action indices (whole numbers from 0 to 15)'],
    [segmentLine((raw) => (side(raw, 'a').actions = [0, 1])), 'a has 2 states and 2 actions; a segment of n steps keeps n + 1 states (the one before its first step) and n actions'],
    [segmentLine((raw) => delete side(raw, 'b').gold), '"b.gold" is missing; each line is {"env": id'],
  ])('refuses %s naming the problem', (text, message) => {
    expect(() => parsePairLine(text, null)).toThrow(message)
  })

  it('are held to line 1’s feature names like any pair: a file does not mix segments and completions', () => {
    const collector = new PairsCollector()
    collector.add(pairLine(segmentRecord), 1)
    expect(() => collector.add(pairLine(record), 2)).toThrow('line 2: a.features has the feature "length", which line 1 lacks; every feature vector needs the same names')
  })
})
