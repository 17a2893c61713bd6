import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema, type GroupEstimator } from '../credit/estimatorSchema'
import { componentCredit } from './componentCredit'
import { rolloutSummary } from './rolloutSummary'
import { stepBatch } from './stepBatch'
import { jsonl, tableOf } from './testTables'

function estimator(overrides: Partial<GroupEstimator> = {}): GroupEstimator {
  return GroupEstimatorSchema.parse(overrides)
}

// Two components r and s, weights (1, 1), scale none (A = R − group mean); each text's length is
// its number of characters. Step 1: groups 1 and 2; step 2: groups 3 and 4 (4 is silent).
const FILE = jsonl([
  { group: 1, step: 1, text: 'xx', rewards: { r: 1, s: 0 } },
  { group: 1, step: 1, text: 'x', rewards: { r: 0, s: 0 } },
  { group: 2, step: 1, text: 'xx', rewards: { r: 0, s: 2 } },
  { group: 2, step: 1, text: 'x', rewards: { r: 0, s: 0 } },
  { group: 3, step: 2, text: 'xx', rewards: { r: 1, s: 1 } },
  { group: 3, step: 2, text: 'x', rewards: { r: 0, s: 0 } },
  { group: 4, step: 2, text: 'x', rewards: { r: 1, s: 1 } },
  { group: 4, step: 2, text: 'x', rewards: { r: 1, s: 1 } },
])

describe('rolloutSummary', () => {
  const summary = rolloutSummary(tableOf(FILE), [1, 1], estimator({ scale: 'none' }))

  it('counts groups, silent groups and zero advantages per step and over the file', () => {
    expect(summary.steps.map(({ step, figures }) => [step, figures.groups, figures.completions, figures.silentGroups, figures.zeroAdvantageShare])).toEqual([
      [1, 2, 4, 0, 0],
      [2, 2, 4, 1, 0.5],
    ])
    expect([summary.whole.groups, summary.whole.completions, summary.whole.silentGroups, summary.whole.zeroAdvantageShare]).toEqual([4, 8, 1, 0.25])
  })

  it('gives each component its mean and its share of the credit', () => {
    // A = (½, −½), (1, −1) | (1, −1), (0, 0).
    // Group 1: d_r = (½, −½), d_s = 0 → r takes all of |A| = 1. Group 2: d_s = (1, −1) → s takes 2.
    // Group 3: d_r = d_s = (½, −½) → each takes half of |A| = 2. Group 4: no credit.
    // Step 1: r 1, s 2 → 1/3, 2/3; step 2: r 1, s 1 → ½, ½; the file: r 2, s 3 → 0.4, 0.6.
    const shares = (figures: (typeof summary)['whole']) => figures.components.map((component) => component.creditShare)
    expect(shares(summary.steps[0].figures)[0]).toBeCloseTo(1 / 3, 14)
    expect(shares(summary.steps[0].figures)[1]).toBeCloseTo(2 / 3, 14)
    expect(shares(summary.steps[1].figures)).toEqual([0.5, 0.5])
    expect(shares(summary.whole)[0]).toBeCloseTo(0.4, 14)
    expect(shares(summary.whole)[1]).toBeCloseTo(0.6, 14)
    // Means over the completions: step 1 r (1 + 0 + 0 + 0)/4, s (0 + 0 + 2 + 0)/4; step 2 r 3/4, s 3/4.
    expect(summary.steps.map(({ figures }) => figures.components.map((component) => component.mean))).toEqual([
      [0.25, 0.5],
      [0.75, 0.75],
    ])
    expect(summary.whole.components.map((component) => component.mean)).toEqual([0.5, 0.625])
  })

  it('correlates advantage with length (Pearson)', () => {
    // Step 1: A = (½, −½, 1, −1), l = (2, 1, 2, 1): Σ A·(l − 1.5) = 1.5, Σ A² = 2.5, Σ (l − 1.5)² = 1 → 1.5/√2.5
    expect(summary.steps[0].figures.advantageLengthCorrelation).toBeCloseTo(1.5 / Math.sqrt(2.5), 14)
    // Step 2: A = (1, −1, 0, 0), l = (2, 1, 1, 1): Σ A·(l − 1.25) = 1, Σ A² = 2, Σ (l − 1.25)² = 0.75 → 1/√1.5
    expect(summary.steps[1].figures.advantageLengthCorrelation).toBeCloseTo(1 / Math.sqrt(1.5), 14)
    // The file: Σ A·l = 2.5 (Σ A = 0), Σ A² = 4.5, Σ (l − 11/8)² = 17 − 8·(11/8)² = 1.875
    expect(summary.whole.advantageLengthCorrelation).toBeCloseTo(2.5 / Math.sqrt(4.5 * 1.875), 14)
  })

  it('gives no share where no credit is given', () => {
    const silent = rolloutSummary(tableOf(jsonl([{ group: 1, rewards: { r: 1 } }, { group: 1, rewards: { r: 1 } }])), [1], estimator())
    expect(silent.whole.components).toEqual([{ mean: 1, creditShare: null }])
    expect(silent.whole.advantageLengthCorrelation).toBeNull()
  })
})

describe('componentCredit', () => {
  it('shares a decoupled advantage by each component’s own term', () => {
    // One group, (r, s) = (1, 0), (0, 0), (1, 2), weights (1, 1), scale none:
    // a^(r) = (1/3, −2/3, 1/3), a^(s) = (−2/3, −2/3, 4/3), A = (−1/3, −4/3, 5/3).
    // credit_r = (1/3)(1/3)/1 + (4/3)(2/3)/(4/3) + (5/3)(1/3)/(5/3) = 10/9
    // credit_s = (1/3)(2/3)/1 + (4/3)(2/3)/(4/3) + (5/3)(4/3)/(5/3) = 20/9
    const table = tableOf(jsonl([{ group: 1, rewards: { r: 1, s: 0 } }, { group: 1, rewards: { r: 0, s: 0 } }, { group: 1, rewards: { r: 1, s: 2 } }]))
    const credit = componentCredit(stepBatch(table, 0), [1, 1], estimator({ scale: 'none', combine: 'decoupled' }), [-1 / 3, -4 / 3, 5 / 3])
    expect(credit[0]).toBeCloseTo(10 / 9, 14)
    expect(credit[1]).toBeCloseTo(20 / 9, 14)
  })

  it('centres on the batch under the batch centre', () => {
    // Two groups of one component: (2, 0) and (4, 4); batch mean 2.5; d = (−0.5, −2.5, 1.5, 1.5):
    // every completion's stake is its one component's, so it takes all of |A|.
    const table = tableOf(jsonl([{ group: 1, rewards: { r: 2 } }, { group: 1, rewards: { r: 0 } }, { group: 2, rewards: { r: 4 } }, { group: 2, rewards: { r: 4 } }]))
    const credit = componentCredit(stepBatch(table, 0), [1], estimator({ center: 'batch', scale: 'none' }), [-0.5, -2.5, 1.5, 1.5])
    expect(Array.from(credit)).toEqual([6])
  })
})

describe('rolloutSummary with lengths in tokens', () => {
  // One component r, weight 1, scale none (A = R − group mean); "tokens" on some records only.
  // Step 1: group 1 (1, 0) → A = (½, −½), tokens (4, 2); group 2 (2, 0, 1) → A = (1, −1, 0), tokens (none, 3, 1).
  // Step 2: group 3 (1, 0) → A = (½, −½), tokens (5, none).
  const FILE_WITH_TOKENS = jsonl([
    { group: 1, step: 1, text: 'x', tokens: 4, rewards: { r: 1 } },
    { group: 1, step: 1, text: 'x', tokens: 2, rewards: { r: 0 } },
    { group: 2, step: 1, text: 'x', rewards: { r: 2 } },
    { group: 2, step: 1, text: 'x', tokens: 3, rewards: { r: 0 } },
    { group: 2, step: 1, text: 'x', tokens: 1, rewards: { r: 1 } },
    { group: 3, step: 2, text: 'x', tokens: 5, rewards: { r: 1 } },
    { group: 3, step: 2, text: 'x', tokens: null, rewards: { r: 0 } },
  ])
  const summary = rolloutSummary(tableOf(FILE_WITH_TOKENS), [1], estimator({ scale: 'none' }))

  it('correlates advantage with tokens over the completions that give them (Pearson)', () => {
    // Step 1: A = (½, −½, −1, 0), t = (4, 2, 3, 1): Ā = −¼, t̄ = 5/2; Σ (A − Ā)(t − t̄) = ½,
    // Σ (A − Ā)² = 5/4, Σ (t − t̄)² = 5 → ½ / √(25/4) = 0.2
    expect(summary.steps[0].figures.advantageTokenCorrelation).toBeCloseTo(0.2, 14)
    // Step 2: one completion gives tokens: no correlation.
    expect(summary.steps[1].figures.advantageTokenCorrelation).toBeNull()
    // The file: A = (½, −½, −1, 0, ½), t = (4, 2, 3, 1, 5): Σ A·t − 5·Ā·t̄ = ½ + 1.5 = 2,
    // Σ A² − 5Ā² = 1.75 − 0.05 = 1.7, Σ t² − 5t̄² = 55 − 45 = 10 → 2/√17
    expect(summary.whole.advantageTokenCorrelation).toBeCloseTo(2 / Math.sqrt(17), 14)
    // The characters are all 1: no spread.
    expect(summary.whole.advantageLengthCorrelation).toBeNull()
  })

  it('gives none where no record gives tokens, or where the tokens have no spread', () => {
    expect(rolloutSummary(tableOf(FILE), [1, 1], estimator({ scale: 'none' })).whole.advantageTokenCorrelation).toBeNull()
    const even = FILE_WITH_TOKENS.replace(/"tokens":\d+/g, '"tokens":7')
    expect(rolloutSummary(tableOf(even), [1], estimator({ scale: 'none' })).whole.advantageTokenCorrelation).toBeNull()
  })
})
