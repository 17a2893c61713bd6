import { describe, expect, it } from 'vitest'
import { cartpole } from '../envs/cartpole'
import { coop, type CoopEnv } from '../envs/coop'
import { compileMix, defaultMix, type CompiledMix, type RewardMix } from '../rewards/mix'
import { Rng } from '../rng'
import { IndependentOptionsSchema, type TeamCredit } from '../run/learnerOptions'
import { ADVANTAGE_SAMPLE } from '../run/trainer'
import { createIndependentTrainer, type IndependentTrainer } from './independent'

const METHODS: TeamCredit[] = ['shared', 'equal', 'difference', 'shapley', 'local', 'mix']

function trainer(
  options: Record<string, unknown> = {},
  params: Record<string, number> = {},
  seed = 1,
  weights: RewardMix['weights'] = {},
): { trainer: IndependentTrainer; env: CoopEnv; mix: CompiledMix } {
  const parsed = IndependentOptionsSchema.parse({ kind: 'independent', ...options })
  const env = coop.create(parsed.numEnvs, params) as CoopEnv
  const mix = compileMix(env.spec, { weights: { ...defaultMix(env.spec).weights, ...weights } })
  return { trainer: createIndependentTrainer(env, mix, parsed, new Rng(seed)), env, mix }
}

/** Make agent a play `effort` with probability ≈ 1 in every context (its bias feature, the own one-hot). */
function pin(t: IndependentTrainer, efforts: number[]): void {
  const obsSize = 2 * t.agents
  efforts.forEach((effort, agent) => {
    t.preferences.fill(0, agent * obsSize * 3, (agent + 1) * obsSize * 3)
    t.preferences[(agent * obsSize + agent) * 3 + effort] = 80
  })
}

/** Mean effort over the last `tail` of `iterations` training iterations. */
async function train(t: IndependentTrainer, iterations: number, tail = 10): Promise<number> {
  let total = 0
  for (let k = 0; k < iterations; k++) {
    const report = await t.iterate()
    if (k >= iterations - tail) total += report.diagnostics.mean_effort
  }
  return total / tail
}

describe('independent learners: credited rewards of one round', () => {
  // Three agents, synergy 0.5, cost 1.2, efforts (2, 1, 1):
  //   v(N) = 4 + 0.5·(2·1 + 2·1 + 1·1) = 6.5; v(N∖{0}) = 2 + 0.5 = 2.5, v(N∖{1}) = v(N∖{2}) = 3 + 0.5·2 = 4
  //   difference: 6.5 − 2.5 = 4, 6.5 − 4 = 2.5, 2.5
  //   Shapley φ_i = e_i + (s/2)·e_i·Σ_{j≠i} e_j: 2 + 0.25·2·2 = 3, 1 + 0.25·1·3 = 1.75, 1.75 (Σ = 6.5)
  //   local ℓ_i = e_i; mix (α = 0.5): 0.5·e_i + 0.5·6.5/3
  // and the credited reward with the default weights is T_i − 1.2·e_i.
  const efforts = [2, 1, 1]
  const teamParts: Record<TeamCredit, number[]> = {
    shared: [6.5, 6.5, 6.5],
    equal: [6.5 / 3, 6.5 / 3, 6.5 / 3],
    difference: [4, 2.5, 2.5],
    shapley: [3, 1.75, 1.75],
    local: [2, 1, 1],
    mix: [1 + 6.5 / 6, 0.5 + 6.5 / 6, 0.5 + 6.5 / 6],
  }
  // Σ_i T_i − v(N)
  const gaps: Record<TeamCredit, number> = { shared: 13, equal: 0, difference: 2.5, shapley: 0, local: -2.5, mix: -1.25 }

  for (const credit of METHODS) {
    it(`pays ${credit} credit as the formula says`, async () => {
      const { trainer: t } = trainer({ credit, numEnvs: 3, stepsPerIteration: 1 }, { agents: 3, rounds: 1 })
      pin(t, efforts)
      const report = await t.iterate()
      // rounds = 1: every seat finishes an episode of one round, in seat order.
      expect(report.episodes).toHaveLength(3)
      report.episodes.forEach((episode, i) => {
        const expected = teamParts[credit][i] - 1.2 * efforts[i]
        expect(episode.shapedReturn).toBeCloseTo(expected, 12)
        expect(episode.contributions[0]).toBeCloseTo(teamParts[credit][i], 12)
        expect(episode.contributions[1]).toBeCloseTo(-1.2 * efforts[i], 12)
        expect(episode.contributions[2]).toBe(0)
        // welfare = 6.5 − 1.2·4, whatever the credit
        expect(episode.objective).toBeCloseTo(1.7, 12)
      })
      // The baseline starts at 0, so the first advantages are the rewards themselves.
      expect(Array.from(report.advantages ?? [])).toEqual(report.episodes.map((e) => Math.fround(e.shapedReturn)))
      expect(report.diagnostics.team_output).toBeCloseTo(6.5, 12)
      expect(report.diagnostics.welfare).toBeCloseTo(1.7, 12)
      expect(report.diagnostics.mean_effort).toBeCloseTo(4 / 3, 12)
      expect(report.diagnostics.credit_sum_minus_output).toBeCloseTo(gaps[credit], 12)
    })
  }

  it('equals the environment’s mixed reward under equal credit, whatever the weights', async () => {
    const weights = { team: 2, effort: 0.5, local: 0.75 }
    const { trainer: t } = trainer({ credit: 'equal', numEnvs: 3, stepsPerIteration: 1 }, { agents: 3, rounds: 1 }, 1, weights)
    pin(t, efforts)
    const report = await t.iterate()
    report.episodes.forEach((episode, i) => {
      // 2·6.5/3 + 0.5·(−1.2·e_i) + 0.75·e_i
      expect(episode.shapedReturn).toBeCloseTo((2 * 6.5) / 3 - 0.6 * efforts[i] + 0.75 * efforts[i], 12)
    })
  })

  it('weighs the credited team part by the team weight and the other components as usual', async () => {
    const weights = { team: 2, effort: 1, local: 0.5 }
    const { trainer: t } = trainer({ credit: 'shapley', numEnvs: 3, stepsPerIteration: 1 }, { agents: 3, rounds: 1 }, 1, weights)
    pin(t, efforts)
    const report = await t.iterate()
    report.episodes.forEach((episode, i) => {
      // r_i = 2·φ_i − 1.2·e_i + 0.5·e_i
      expect(episode.shapedReturn).toBeCloseTo(2 * teamParts.shapley[i] - 0.7 * efforts[i], 12)
      expect(episode.contributions).toHaveLength(3)
      expect(episode.contributions[0]).toBeCloseTo(2 * teamParts.shapley[i], 12)
      expect(episode.contributions[2]).toBeCloseTo(0.5 * efforts[i], 12)
    })
  })

  it('mixes with the α it is given', async () => {
    const { trainer: t } = trainer({ credit: 'mix', alpha: 0.25, numEnvs: 3, stepsPerIteration: 1 }, { agents: 3, rounds: 1 })
    pin(t, efforts)
    const report = await t.iterate()
    report.episodes.forEach((episode, i) => {
      // 0.25·e_i + 0.75·6.5/3 − 1.2·e_i
      expect(episode.shapedReturn).toBeCloseTo(0.25 * efforts[i] + (0.75 * 6.5) / 3 - 1.2 * efforts[i], 12)
    })
  })
})

describe('independent learners: free-riding and its cures (4 agents, cost 1.2, synergy 0.5)', () => {
  it('lets effort decay under the equal share of the team output (free-riding)', async () => {
    const { trainer: t } = trainer({ credit: 'equal' })
    expect(await train(t, 60)).toBeLessThan(0.15)
  })

  it('holds full effort under difference rewards', async () => {
    const { trainer: t } = trainer({ credit: 'difference' })
    expect(await train(t, 60)).toBeGreaterThan(1.85)
  })

  it('lets effort decay under local credit and the mix with α = 0.5, which both pay less than the cost', async () => {
    // local: e_i − 1.2·e_i; mix: 0.5·e_i + 0.5·y/4 − 1.2·e_i, at most 0.5 + 0.5 − 1.2 per level
    expect(await train(trainer({ credit: 'local' }).trainer, 60)).toBeLessThan(0.15)
    expect(await train(trainer({ credit: 'mix' }).trainer, 60)).toBeLessThan(0.15)
  })

  it('holds full effort when everyone is paid the whole v(N): its incentive is the difference reward’s', async () => {
    // ∂v(N)/∂e_i = ∂(v(N) − v(N∖{i}))/∂e_i = 1 + 0.5·Σ_{j≠i} e_j, 1 → 4 against the cost 1.2: no free-riding,
    // only a noisier signal (every teammate's exploration lands in everyone's reward).
    const shared = trainer({ credit: 'shared' }).trainer
    const difference = trainer({ credit: 'difference' }).trainer
    const [a, b] = [await shared.iterate(), await difference.iterate()]
    expect(a.diagnostics.advantage_std).toBeGreaterThan(b.diagnostics.advantage_std)
    expect(await train(shared, 60)).toBeGreaterThan(1.85)
  })

  it('keeps Shapley credit efficient every round (Σ_i φ_i = v(N)) and holds effort', async () => {
    const { trainer: t } = trainer({ credit: 'shapley', stepsPerIteration: 10 })
    let effort = 0
    for (let k = 0; k < 300; k++) {
      const report = await t.iterate()
      expect(report.diagnostics.credit_efficiency_gap_max).toBeLessThan(1e-9)
      effort = report.diagnostics.mean_effort
    }
    expect(effort).toBeGreaterThan(1.8)
  })
})

describe('independent learners: the trainer', () => {
  it('refuses an environment other than coop', () => {
    const env = cartpole.create(2, {})
    const mix = compileMix(env.spec, defaultMix(env.spec))
    expect(() => createIndependentTrainer(env, mix, IndependentOptionsSchema.parse({ kind: 'independent' }), new Rng(1))).toThrow(
      'independent learners train the coop team game (they need its coalition values for team credit); got cartpole',
    )
  })

  it('reports the standard diagnostics, finite, a bounded advantage sample and the whole team', async () => {
    const { trainer: t } = trainer({ numEnvs: 8, stepsPerIteration: 300 })
    const report = await t.iterate()
    expect(report.envSteps).toBe(2400)
    // 8 seats × 300 rounds ÷ 10 rounds per episode
    expect(report.episodes).toHaveLength(240)
    for (const value of Object.values(report.diagnostics)) expect(Number.isFinite(value)).toBe(true)
    for (const name of ['policy_loss', 'entropy', 'grad_norm', 'zero_advantage_fraction', 'mean_effort', 'team_output']) {
      expect(report.diagnostics).toHaveProperty(name)
    }
    expect(report.diagnostics.entropy).toBeGreaterThan(0)
    expect(report.diagnostics.entropy).toBeLessThanOrEqual(Math.log(3) + 1e-12)
    expect(report.advantages?.length).toBe(1200)
    expect(report.advantages!.length).toBeLessThanOrEqual(ADVANTAGE_SAMPLE)
    expect(report.demo.copies).toBe(4)
    expect(report.demo.steps).toBe(300)
    expect(report.demo.states).toHaveLength(300 * 4 * 8)
  })

  it('starts every learner from the uniform policy', async () => {
    const { trainer: t } = trainer({ stepsPerIteration: 1 })
    const report = await t.iterate()
    expect(report.diagnostics.entropy).toBeCloseTo(Math.log(3), 12)
  })

  it('gives the same run for the same seed', async () => {
    const a = trainer({ credit: 'shapley' }, {}, 7).trainer
    const b = trainer({ credit: 'shapley' }, {}, 7).trainer
    for (let k = 0; k < 3; k++) expect((await a.iterate()).diagnostics).toEqual((await b.iterate()).diagnostics)
    expect(Array.from(a.preferences)).toEqual(Array.from(b.preferences))
  })

  it('keeps the learners apart: a learner whose seat never pays moves nothing', async () => {
    // Weight only `local` with local credit: agent 0's reward depends on its own effort alone.
    const { trainer: t } = trainer({ credit: 'local', numEnvs: 3, stepsPerIteration: 1 }, { agents: 3 }, 1, { team: 1, effort: 0, local: 0 })
    pin(t, [0, 1, 2])
    const before = Array.from(t.preferences)
    await t.iterate()
    // Pinned policies have π(a) ≈ 1, so (1[k = a] − π_k) ≈ 0 and nothing moves much; agent 0 earns 0 = b, moving nothing at all.
    const obsSize = 6
    expect(Array.from(t.preferences.subarray(0, obsSize * 3))).toEqual(before.slice(0, obsSize * 3))
    expect(Array.from(t.baselines)).toEqual([0, 0.1, 0.2])
  })

  it('takes a new mix from the next round on', async () => {
    const { trainer: t, env } = trainer({ credit: 'equal', numEnvs: 3, stepsPerIteration: 1 }, { agents: 3, rounds: 1 })
    pin(t, [2, 1, 1])
    const first = await t.iterate()
    expect(first.episodes[0].shapedReturn).toBeCloseTo(6.5 / 3 - 2.4, 12)
    t.setMix(compileMix(env.spec, { weights: { team: 0, effort: 1, local: 0 } }))
    const second = await t.iterate()
    expect(second.episodes[0].shapedReturn).toBeCloseTo(-2.4, 12)
    expect(() => t.setMix({ names: ['team'], weights: new Float64Array([1]) })).toThrow('the reward mix has 1 weights but coop has 3 components')
  })

  it('stops with a diagnosis instead of training on a reward that is not finite', async () => {
    const { trainer: t, env } = trainer({ credit: 'difference', numEnvs: 3, stepsPerIteration: 1 }, { agents: 3 })
    t.setMix({ names: env.spec.components.map((c) => c.name), weights: new Float64Array([Infinity, 1, 0]) })
    const before = Array.from(t.preferences)
    await expect(t.iterate()).rejects.toThrow(/reward is not finite \(.*\) on coop copy 0 .* under difference credit/)
    expect(Array.from(t.preferences)).toEqual(before)
  })

  it('answers its policy for one observation and rejects what does not fit', () => {
    const { trainer: t } = trainer({ numEnvs: 3 }, { agents: 3 })
    expect(Array.from(t.actionProbabilities(1, [0, 1, 0, 0, 0, 0]))).toEqual([1 / 3, 1 / 3, 1 / 3])
    pin(t, [0, 2, 0])
    expect(t.actionProbabilities(1, [0, 1, 0, 0, 0, 0])[2]).toBeCloseTo(1, 12)
    expect(() => t.actionProbabilities(3, [0, 0, 0, 0, 0, 0])).toThrow('agent must be an integer from 0 to 2, got 3')
    expect(() => t.actionProbabilities(0, [1])).toThrow('an observation of coop has 6 values, got 1')
  })
})
