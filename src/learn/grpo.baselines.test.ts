import { beforeAll, describe, expect, it } from 'vitest'
import { mixedRewards } from '../core/credit/batchAdvantages'
import { opoAdvantages } from '../core/credit/opo'
import { passkAdvantages } from '../core/credit/passk'
import { passkVerlAdvantages } from '../core/credit/passkVerl'
import { remaxAdvantages } from '../core/credit/remax'
import { A_INDEX, B_INDEX, END, NUM_TOKENS, T_INDEX, tokenseq, type TokenSeqEnv } from '../core/envs/tokenseq'
import { allocateStepBuffers, MAX_ADDED_COMPONENTS } from '../core/envs/types'
import { compileMix } from '../core/rewards/mix'
import { Rng } from '../core/rng'
import { DemoRecorder } from '../core/run/demo'
import { GrpoOptionsSchema } from '../core/run/config'
import type { IterationReport } from '../core/run/trainer'
import { initBackend } from './backend'
import { createGrpoTrainer } from './grpo'
import { CompletionSampler, greedyGroupCompletions, startGroups } from './grpoRollout'

/*
 * ReMax, OPO, pass@k and verl's grpo_passk in the learner: on a small token task, the advantages
 * an update trains on are the core functions' of the batch it reports (its components, lengths
 * and greedy completions).
 */

const GROUPS = 3
const GROUP_SIZE = 4
const WEIGHTS = { correct: 1, format: 0.5 }

function tokenseqEnv(): TokenSeqEnv {
  return tokenseq.create(GROUPS * GROUP_SIZE, { group_size: GROUP_SIZE, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
}

async function iterations(estimator: Record<string, unknown>, count = 2, seed = 3): Promise<IterationReport[]> {
  const env = tokenseqEnv()
  const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, estimator })
  const trainer = await createGrpoTrainer(env, compileMix(env.spec, { weights: WEIGHTS }), options, new Rng(seed))
  const reports: IterationReport[] = []
  for (let k = 0; k < count; k++) reports.push(await trainer.iterate())
  trainer.dispose()
  return reports
}

/** Each completion's mixed reward R_i = Σ_k w_k·C_ik, from the batch the update reports. */
function rewardsOf(report: IterationReport): Float64Array {
  const batch = report.groupBatch!
  return mixedRewards(batch.components, batch.names.map((name) => WEIGHTS[name as keyof typeof WEIGHTS] ?? 0))
}

beforeAll(async () => {
  await initBackend('wasm')
})

describe('GRPO with the remax baseline', () => {
  it('trains on R_i − R_greedy, the greedy completion’s reward of each group, and counts the greedy tokens as steps', async () => {
    for (const report of await iterations({ baseline: 'remax' })) {
      const batch = report.groupBatch!
      expect(batch.greedyComponents).toHaveLength(GROUPS * batch.names.length)
      const greedy = mixedRewards(batch.greedyComponents!, batch.names.map((name) => WEIGHTS[name as keyof typeof WEIGHTS] ?? 0))
      expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(remaxAdvantages(rewardsOf(report), batch.groupSizes, greedy))))
      const sampledTokens = report.episodes.reduce((sum, episode) => sum + episode.length, 0)
      // One greedy completion per group, of 1 to max_length tokens; the episodes are the sampled completions only.
      expect(report.episodes).toHaveLength(GROUPS * GROUP_SIZE)
      expect(report.diagnostics.greedy_tokens).toBeGreaterThanOrEqual(GROUPS)
      expect(report.diagnostics.greedy_tokens).toBeLessThanOrEqual(GROUPS * 4)
      expect(report.envSteps).toBe(sampledTokens + report.diagnostics.greedy_tokens)
      expect(report.diagnostics.greedy_reward_mean).toBeCloseTo(greedy.reduce((sum, value) => sum + value, 0) / GROUPS, 12)
    }
  })

  it('is refused with dynamic sampling, whose groups come from several rounds', () => {
    const parsed = GrpoOptionsSchema.safeParse({ kind: 'grpo', estimator: { baseline: 'remax' }, dynamicSampling: { enabled: true } })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['estimator.baseline', 'the remax baseline rolls out one greedy completion per prompt of a single round, and dynamic sampling draws several rounds; turn dynamic sampling off for remax, or pick another baseline'],
    ])
  })
})

describe('the greedy completions of ReMax', () => {
  it('write each group’s prompt again, the first copy only, the most likely token each step, and leave the copies as the sampling did', async () => {
    const env = tokenseqEnv()
    const buffers = allocateStepBuffers(env.spec, env.n, MAX_ADDED_COMPONENTS)
    const sampler = new CompletionSampler(env, buffers)
    const demo = new DemoRecorder(env.spec, env.n, 0)
    const mix = compileMix(env.spec, { weights: WEIGHTS })
    const rng = new Rng(5)
    startGroups(env, GROUP_SIZE, rng, buffers.obs)
    const prompts = env.state.slice()
    // A uniform policy samples the completions; the greedy policy's logits favour end above every other token.
    await sampler.sample(async () => new Float32Array(env.n * NUM_TOKENS), mix, rng, rng, demo, 0)
    const sampled = env.state.slice()
    const endFirst = new Float32Array(env.n * NUM_TOKENS)
    for (let i = 0; i < env.n; i++) endFirst[i * NUM_TOKENS + END] = 1
    const seen: number[][] = []
    const greedy = await greedyGroupCompletions(env, sampler, buffers.obs, prompts, GROUP_SIZE, async () => {
      const stride = env.spec.stateVars.length
      seen.push(Array.from({ length: GROUPS }, (_, g) => env.state[g * GROUP_SIZE * stride + T_INDEX]))
      for (let g = 0; g < GROUPS; g++) {
        // The leader starts from its prompt, not from the completion it sampled.
        expect(env.state[g * GROUP_SIZE * stride + A_INDEX]).toBe(prompts[g * GROUP_SIZE * stride + A_INDEX])
        expect(env.state[g * GROUP_SIZE * stride + B_INDEX]).toBe(prompts[g * GROUP_SIZE * stride + B_INDEX])
      }
      return endFirst
    }, mix, rng, demo)
    // "end" at once: one token per group, one forward pass, from t = 0; it is well formed and wrong (no digits).
    expect(seen).toEqual([[0, 0, 0]])
    expect(greedy.tokens).toBe(GROUPS)
    const K = env.spec.components.length
    for (let g = 0; g < GROUPS; g++) expect(greedy.components[g * K]).toBe(0)
    expect(Array.from(env.state)).toEqual(Array.from(sampled))
  })
})

describe('GRPO with the opo baseline', () => {
  it('trains on R_i − Σ_j |o_j|·R_j / Σ_j |o_j| with the completions’ own lengths', async () => {
    for (const report of await iterations({ baseline: 'opo' })) {
      const lengths = report.episodes.map((episode) => episode.length)
      expect(Array.from(report.groupBatch!.lengths!)).toEqual(lengths)
      expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(opoAdvantages(rewardsOf(report), report.groupBatch!.groupSizes, lengths))))
    }
  })
})

describe('GRPO with the passk baseline', () => {
  it('trains on the pass@k advantages of the verdicts R > 0, k and eps as set', async () => {
    const reports = await iterations({ baseline: 'passk', k: 2, eps: 1e-6 }, 2, 4)
    for (const report of reports) {
      const verdicts = Array.from(rewardsOf(report), (reward) => (reward > 0 ? 1 : 0))
      expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(passkAdvantages(verdicts, report.groupBatch!.groupSizes, 2, 1e-6))))
    }
    // The case is not empty: some group holds a pass and a fail.
    expect(reports.some((report) => report.advantages!.some((value) => value !== 0))).toBe(true)
  })

  it('refuses a k above the group size, naming both', async () => {
    const env = tokenseqEnv()
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, estimator: { baseline: 'passk', k: 5 } })
    await expect(createGrpoTrainer(env, compileMix(env.spec, { weights: WEIGHTS }), options, new Rng(1))).rejects.toThrow("pass@k's k is 5, more than the 4 completions of a group; k must be from 1 to the group size")
  })
})

describe('GRPO with the passk_verl baseline (verl’s grpo_passk)', () => {
  it('trains on each group’s best completion’s lead over the second best, over the group’s std or bare, the rest 0', async () => {
    for (const scale of ['group', 'none'] as const) {
      const reports = await iterations({ baseline: 'passk_verl', scale, eps: 1e-6 }, 2, 4)
      for (const report of reports) {
        const expected = passkVerlAdvantages(rewardsOf(report), report.groupBatch!.groupSizes, scale === 'group', 1e-6)
        expect(Array.from(report.advantages!)).toEqual(Array.from(Float32Array.from(expected)))
        // at most one completion per group has an advantage, and it is never negative
        expect(report.advantages!.filter((value) => value !== 0).length).toBeLessThanOrEqual(GROUPS)
        expect(report.advantages!.every((value) => value >= 0)).toBe(true)
      }
      // The case is not empty: some group has a best completion ahead of the rest.
      expect(reports.some((report) => report.advantages!.some((value) => value > 0))).toBe(true)
    }
  })

  it('refuses groups of one completion, naming the group size', async () => {
    const env = tokenseq.create(GROUPS, { group_size: 1, max_length: 4, difficulty: 'easy' }) as TokenSeqEnv
    const options = GrpoOptionsSchema.parse({ kind: 'grpo', groupsPerIteration: GROUPS, estimator: { baseline: 'passk_verl' } })
    await expect(createGrpoTrainer(env, compileMix(env.spec, { weights: WEIGHTS }), options, new Rng(1))).rejects.toThrow(
      'the passk_verl baseline needs groups of at least 2 completions, and a group here has 1; raise the group size or pick another baseline',
    )
  })
})

describe('GRPO with the group baseline named', () => {
  it('trains as a design without the field, bit for bit', async () => {
    const [named, absent] = [await iterations({ baseline: 'group' }), await iterations({})]
    expect(named.map((report) => [Array.from(report.advantages!), report.diagnostics, report.envSteps])).toEqual(absent.map((report) => [Array.from(report.advantages!), report.diagnostics, report.envSteps]))
  })
})
