import { describe, expect, it } from 'vitest'
import { designAdvantages, designSummary } from './designedRollouts'
import { designReport } from './designReport'
import { ownRolloutDesign, parseRolloutDesign, type RolloutDesign } from './rolloutDesign'
import { signChangeReference, signChanges } from './signChanges'
import { jsonl, tableOf } from './testTables'

// Step 1: group a of three; step 2: group b of one completion, group c of two.
const TABLE = tableOf(
  jsonl([
    { group: 'a', step: 1, rewards: { score: 1 } },
    { group: 'a', step: 1, rewards: { score: 0 } },
    { group: 'a', step: 1, rewards: { score: 0 } },
    { group: 'b', step: 2, rewards: { score: 1 } },
    { group: 'c', step: 2, rewards: { score: 1 } },
    { group: 'c', step: 2, rewards: { score: 3 } },
  ]),
)

describe('signChanges', () => {
  it('counts flips, to zero and from zero per step and over the file, and lists the first', () => {
    // 0: 1 → −1 flip; 1: −1 → −2 none; 2: 0 → 0 none; 3: NaN, not compared; 4: 2 → 0 to zero; 5: 0 → 3 from zero
    const before = [1, -1, 0, 5, 2, 0]
    const after = [-1, -2, 0, NaN, 0, 3]
    const changes = signChanges(TABLE, before, after, 2)
    expect(changes.steps).toEqual([
      { step: 1, counts: { compared: 3, flips: 1, toZero: 0, fromZero: 0 } },
      { step: 2, counts: { compared: 2, flips: 0, toZero: 1, fromZero: 1 } },
    ])
    expect(changes.whole).toEqual({ compared: 5, flips: 1, toZero: 1, fromZero: 1 })
    expect(changes.first).toEqual([
      { completion: 0, step: 1, group: 0, index: 0, kind: 'flip', before: 1, after: -1 },
      // Group c is step 2's second group.
      { completion: 4, step: 2, group: 1, index: 0, kind: 'toZero', before: 2, after: 0 },
    ])
  })

  it('takes −0 for 0 and compares nothing where either side has no advantage', () => {
    const changes = signChanges(TABLE, [-0, NaN, 0, 1, 1, 1], [0, 1, -0, 1, NaN, 2])
    expect(changes.whole).toEqual({ compared: 4, flips: 0, toZero: 0, fromZero: 0 })
    expect(changes.first).toEqual([])
    expect(() => signChanges(TABLE, [1], [1, 2, 3, 4, 5, 6])).toThrow('signChanges: 1 and 6 advantages for 6 completions')
  })
})

describe('signChangeReference', () => {
  it('is the file’s own design where the run logged no advantage', () => {
    const reference = signChangeReference(TABLE)
    const own = designAdvantages(TABLE, ownRolloutDesign())
    if ('problem' in own) throw new Error(own.problem)
    expect(reference).toEqual({ versus: 'own design', advantages: own.advantages })
    // Group b has one completion: left out, NaN.
    expect(Number.isNaN(own.advantages[3])).toBe(true)
  })

  it('is the run’s logged advantage where the file has one, and the problem where it has neither', () => {
    const trl = tableOf('step,prompt,completion,correct,advantage\n1,Q,a,1,0.5\n1,Q,b,0,-0.5\n')
    const reference = signChangeReference(trl)
    expect(reference).toMatchObject({ versus: 'logged advantage' })
    expect(Array.from((reference as { advantages: Float64Array }).advantages)).toEqual([0.5, -0.5])
    expect(signChangeReference(tableOf(jsonl([{ group: 'a', rewards: { r: 1 } }, { group: 'a', rewards: { r: 0 } }])))).toEqual({
      problem: 'weights default to score=1, but the input has no component "score"; its components: "r"',
    })
  })
})

describe('designReport', () => {
  it('gives the advantages, the figures and the sign changes of one design at once', () => {
    // New design: score with scale none. Group a = (1, 0, 0) → (⅔, −⅓, −⅓), the signs of GRPO's; group c = (1, 3) → (−1, 1) likewise.
    const design = parseRolloutDesign({ estimator: { scale: 'none' } })
    if (!design.ok) throw new Error(design.problems.join('; '))
    const report = designReport(TABLE, design.design, 1)
    if ('problem' in report) throw new Error(report.problem)
    expect(report.advantages).toEqual(designAdvantages(TABLE, design.design))
    expect(report.summary).toEqual(designSummary(TABLE, design.design))
    expect(report.signChanges).toMatchObject({ versus: 'own design', whole: { compared: 5, flips: 0, toZero: 0, fromZero: 0 }, first: [] })
    expect(report.signChangesProblem).toBeNull()
    const plain = tableOf(jsonl([{ group: 'a', rewards: { r: 1 } }, { group: 'a', rewards: { r: 0 } }]))
    const weighR = parseRolloutDesign({ components: { r: {} } }) as { design: RolloutDesign }
    const other = designReport(plain, weighR.design)
    expect(other).toMatchObject({ signChanges: null, signChangesProblem: 'weights default to score=1, but the input has no component "score"; its components: "r"' })
    expect(designReport(plain, ownRolloutDesign())).toEqual({ problem: 'weights default to score=1, but the input has no component "score"; its components: "r"' })
  })
})
