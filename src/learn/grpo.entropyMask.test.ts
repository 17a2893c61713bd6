import { beforeAll, describe, expect, it } from 'vitest'
import { tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'

/* High-entropy token training in the GRPO learner: the option, its diagnostic, and q = 1 as no option. */

async function iterations(fields: Record<string, unknown>, count: number): Promise<IterationReport[]> {
  const env = tokenseq.create(3 * 8, { group_size: 8, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
  const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 3, learningRate: 0.05, updateEpochs: 2, ...fields })
  const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: { correct: 1, format: 0.5 } }), options, new Rng(5))
  const reports: IterationReport[] = []
  for (let k = 0; k < count; k++) reports.push(await trainer.iterate())
  trainer.dispose()
  return reports
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO with entropyTopFraction', () => {
  it('reports the share of tokens the mask keeps, near q and never below it', async () => {
    const reports = await iterations({ entropyTopFraction: 0.2 }, 3)
    for (const report of reports) {
      // Ties at the threshold are kept, so at least ⌈q·N⌉ of N tokens.
      expect(report.diagnostics.entropy_mask_fraction).toBeGreaterThanOrEqual(0.2)
      expect(report.diagnostics.entropy_mask_fraction).toBeLessThan(1)
    }
  })

  it('trains at q = 1 exactly as without the option, and differently at q = 0.2', async () => {
    const [absent, everyToken, top] = [await iterations({}, 3), await iterations({ entropyTopFraction: 1 }, 3), await iterations({ entropyTopFraction: 0.2 }, 3)]
    expect(absent[0].diagnostics.entropy_mask_fraction).toBeUndefined()
    for (const report of everyToken) expect(report.diagnostics.entropy_mask_fraction).toBe(1)
    const withoutFraction = everyToken.map(({ diagnostics: { entropy_mask_fraction: _kept, ...rest } }) => rest)
    expect(withoutFraction).toEqual(absent.map((report) => report.diagnostics))
    expect(top[2].diagnostics.policy_loss).not.toBe(absent[2].diagnostics.policy_loss)
  })

  it('is refused outside (0, 1] with one message naming what is accepted', () => {
    for (const bad of [0, -0.1, 1.5, '0.2']) {
      const parsed = GrpoOptionsSchema.safeParse({ kind: 'grpo', entropyTopFraction: bad })
      expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['entropyTopFraction', 'the high-entropy token fraction q must be a number above 0 and at most 1 (1 trains on every token; the paper uses 0.2)'],
      ])
    }
    expect(GrpoOptionsSchema.parse({ kind: 'grpo' })).not.toHaveProperty('entropyTopFraction')
  })
})
