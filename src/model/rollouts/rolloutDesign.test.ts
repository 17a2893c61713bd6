import { describe, expect, it } from 'vitest'
import { GroupEstimatorSchema } from '../../core/credit/estimatorSchema'
import { defaultRolloutDesign, designForFile, rolloutDesignFromLinkText, rolloutDesignToLinkText } from './rolloutDesign'

const GRPO = GroupEstimatorSchema.parse({})

/** Components of weights alone, nothing transformed. */
const weighed = (weights: Record<string, number>) => Object.fromEntries(Object.entries(weights).map(([name, weight]) => [name, { weight, transforms: [] }]))
const weightsOf = (design: { components: Record<string, { weight: number }> }) => Object.fromEntries(Object.entries(design.components).map(([name, component]) => [name, component.weight]))

describe('the rollouts design', () => {
  it("defaults to the file's own: score 1, else its first component", () => {
    expect(weightsOf(defaultRolloutDesign(['acc', 'score', 'format']))).toEqual({ acc: 0, score: 1, format: 0 })
    expect(weightsOf(defaultRolloutDesign(['correctness', 'format']))).toEqual({ correctness: 1, format: 0 })
    expect(defaultRolloutDesign(['score']).estimator).toEqual(GRPO)
  })

  it('round-trips through the link, names with , ; and : included', () => {
    const design = { components: weighed({ score: 1, 'a,b;c:d': -0.25 }), estimator: GroupEstimatorSchema.parse({ center: 'loo', scale: 'none', combine: 'decoupled', rank: true }) }
    const text = rolloutDesignToLinkText(design)
    expect(text).toBe('weights=score:1,a%2Cb%3Bc%3Ad:-0.25;combine=decoupled;center=loo;scale=none;rank=true;batchNormalize=false;eps=0.0001')
    expect(rolloutDesignFromLinkText(text)).toEqual({ design })
  })

  it('round-trips transforms and the aggregation, a name with = and . included', () => {
    const design = {
      components: { score: { weight: 1, transforms: [{ kind: 'clip' as const, lo: -0.5, hi: 1 }, { kind: 'scale' as const, factor: 2 }] }, 'a=b.c': { weight: 0, transforms: [{ kind: 'bounded' as const, reference: 0.25 }] } },
      estimator: GRPO,
      aggregation: 'seq-mean-token-sum-norm' as const,
    }
    const text = rolloutDesignToLinkText(design)
    expect(text).toBe('weights=score:1,a%3Db.c:0;transforms.score=clip(-0.5,1)+scale(2);transforms.a%3Db.c=bounded(0.25);combine=sum;center=mean;scale=group;rank=false;batchNormalize=false;eps=0.0001;aggregation=seq-mean-token-sum-norm')
    expect(rolloutDesignFromLinkText(text)).toEqual({ design })
  })

  it('ignores a bad value whole, saying why', () => {
    for (const [text, why] of [
      ['weights=score:x', 'the weight "score:x" is no NAME:number'],
      ['weights=', 'it weighs no component'],
      ['weights=score:1;center=middle', 'center one of mean, median, loo, batch'],
      ['weights=score:1;rank=yes', 'rank is "yes"'],
      ['score', '"score" is no NAME=VALUE'],
      ['weights=score:1;colour=red', '"colour" is no part of a rollouts design'],
      ['weights=score:1;transforms.score=clip(1,0)', 'components.score.transforms[0].lo: lo must not exceed hi'],
      ['weights=score:1;transforms.score=scale(x)', 'components.score.transforms[0].factor'],
      ['weights=score:1;transforms.score=clip(1)', 'clip takes 2 values (lo, hi), not "1"'],
      ['weights=score:1;transforms.score=normalize()', 'normalize divides by the running std'],
      ['weights=score:1;transforms.score=scale', '"scale" is no KIND(values)'],
      ['weights=score:1;aggregation=mean', 'aggregation: expected the loss aggregation; accepted: token-mean'],
    ]) {
      const read = rolloutDesignFromLinkText(text)
      expect('problem' in read && read.problem, text).toContain(why)
    }
  })

  it("applies the link's design only to a file with every component it weighs", () => {
    const linked = { components: weighed({ score: 0.5, acc: 2 }), estimator: GroupEstimatorSchema.parse({ scale: 'none' }) }
    expect(designForFile(['score', 'acc', 'format'], linked)).toEqual({ design: { components: weighed({ score: 0.5, acc: 2, format: 0 }), estimator: linked.estimator }, note: null })
    const other = designForFile(['score', 'format'], linked)
    expect(other.design).toEqual(defaultRolloutDesign(['score', 'format']))
    expect(other.note).toBe('The link\'s design names "acc", which this file does not have: its own design is shown.')
  })
})
