import { beforeAll, describe, expect, it } from 'vitest'
import { tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { GrpoOptionsSchema, type GrpoOptions } from '../core/run/config'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'

function tokenseqEnv(groups: number): TokenSeqEnv {
  return tokenseq.create(groups * 4, { group_size: 4, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
}

async function diagnosticsOf(overrides: Partial<GrpoOptions>, iterations: number, seed = 3): Promise<Record<string, number>[]> {
  const env = tokenseqEnv(3)
  const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: { format: 0.5 } }), GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: 3, learningRate: 0.05, ...overrides }), new Rng(seed))
  try {
    const frames: Record<string, number>[] = []
    for (let i = 0; i < iterations; i++) frames.push((await trainer.iterate()).diagnostics)
    return frames
  } finally {
    trainer.dispose()
  }
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO with a sampler that is not the learner', () => {
  it('reports no sampler diagnostics while the sampler is the learner, a correction set or not', async () => {
    for (const frame of await diagnosticsOf({ samplerCorrection: 'token_truncate' }, 1)) {
      expect(Object.keys(frame).filter((key) => key.startsWith('sampler_'))).toEqual([])
    }
  })

  it('a sampler one update stale samples the first batch with the policy itself (ρ = 1, KL 0), later ones with the policy of one update before', async () => {
    const [first, ...later] = await diagnosticsOf({ samplerStaleness: 1, groupsPerIteration: 8 }, 3)
    expect(first.sampler_ratio_mean).toBeCloseTo(1, 6)
    expect(first.sampler_ratio_max).toBeCloseTo(1, 6)
    expect(first.sampler_kl).toBeCloseTo(0, 6)
    // the updates moved the policy away from the one that sampled the later batches
    expect(Math.max(...later.map((frame) => frame.sampler_kl))).toBeGreaterThan(1e-6)
    expect(Object.hasOwn(later[0], 'sampler_corrected_fraction')).toBe(false)
  })

  it('a noisy sampler is far from the learner, and a narrow mask corrects more tokens than a wide one', async () => {
    // the starting policy's logits are near 0, so noise σ = 1 moves the sampler far where a temperature would not
    const [hot] = await diagnosticsOf({ samplerLogitNoise: 1 }, 1)
    expect(hot.sampler_kl).toBeGreaterThan(0.01)
    const [narrow] = await diagnosticsOf({ samplerLogitNoise: 1, samplerCorrection: 'token_mask', samplerClipMin: 0.99, samplerClipMax: 1.01 }, 1)
    const [wide] = await diagnosticsOf({ samplerLogitNoise: 1, samplerCorrection: 'token_mask', samplerClipMin: 0.01, samplerClipMax: 100 }, 1)
    // the same seed samples the same batch: the gap is the same, only the correction differs
    expect(narrow.sampler_kl).toBe(hot.sampler_kl)
    expect(narrow.sampler_corrected_fraction).toBeGreaterThan(wide.sampler_corrected_fraction)
    expect(Number.isFinite(narrow.loss)).toBe(true)
  })

  it('logit noise and top-p train with finite numbers, the same seed giving the same run', async () => {
    const options = { samplerLogitNoise: 0.5, samplerTopP: 0.9, samplerCorrection: 'sequence_mask' as const, samplerClipMin: 0.5, samplerClipMax: 2 }
    const frames = await diagnosticsOf(options, 2)
    for (const frame of frames) for (const value of Object.values(frame)) expect(Number.isFinite(value)).toBe(true)
    expect(frames[0].sampler_kl).toBeGreaterThan(0)
    expect(await diagnosticsOf(options, 2)).toEqual(frames)
  })
})
