import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema } from '../../core/credit/estimatorSchema'
import { defaultRolloutDesign, designForFile, rolloutDesignFromLinkText, rolloutDesignToLinkText } from './rolloutDesign'

const GRPO = GroupEstimatorSchema.parse({})

describe('the rollouts design', () => {
  it("defaults to the file's own: score 1, else its first component", () => {
    expect(defaultRolloutDesign(['acc', 'score', 'format']).weights).toEqual({ acc: 0, score: 1, format: 0 })
    expect(defaultRolloutDesign(['correctness', 'format']).weights).toEqual({ correctness: 1, format: 0 })
    expect(defaultRolloutDesign(['score']).estimator).toEqual(GRPO)
  })

  it('round-trips through the link, names with , ; and : included', () => {
    const design = { weights: { score: 1, 'a,b;c:d': -0.25 }, estimator: GroupEstimatorSchema.parse({ center: 'loo', scale: 'none', combine: 'decoupled', rank: true }) }
    const text = rolloutDesignToLinkText(design)
    expect(text).toBe('weights=score:1,a%2Cb%3Bc%3Ad:-0.25;combine=decoupled;center=loo;scale=none;rank=true;batchNormalize=false;eps=0.0001')
    expect(rolloutDesignFromLinkText(text)).toEqual({ design })
  })

  it('ignores a bad value whole, saying why', () => {
    for (const [text, why] of [
      ['weights=score:x', 'the weight "score:x" is no NAME:number'],
      ['weights=', 'it weighs no component'],
      ['weights=score:1;center=middle', 'center one of mean, median, loo, batch'],
      ['weights=score:1;rank=yes', 'rank is "yes"'],
      ['score', '"score" is no NAME=VALUE'],
    ]) {
      const read = rolloutDesignFromLinkText(text)
      expect('problem' in read && read.problem, text).toContain(why)
    }
  })

  it("applies the link's design only to a file with every component it weighs", () => {
    const linked = { weights: { score: 0.5, acc: 2 }, estimator: GroupEstimatorSchema.parse({ scale: 'none' }) }
    expect(designForFile(['score', 'acc', 'format'], linked)).toEqual({ design: { weights: { score: 0.5, acc: 2, format: 0 }, estimator: linked.estimator }, note: null })
    const other = designForFile(['score', 'format'], linked)
    expect(other.design).toEqual(defaultRolloutDesign(['score', 'format']))
    expect(other.note).toBe('The link\'s weights name "acc", which this file does not have: its own design is shown.')
  })
})
