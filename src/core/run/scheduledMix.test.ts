import { describe, expect, it } from 'vitest'
import { resolveEnvironment } from '../envs/registry'
import { createQLearningTrainer } from '../learners/qlearning'
import { compileMix, type CompiledMix } from '../rewards/mix'
import { scheduledWeight, type WeightSchedule } from '../rewards/weightSchedule'
import { Rng } from '../rng'
import { QLearningOptionsSchema } from './config'
import { ScheduledMix } from './scheduledMix'

const bandit = resolveEnvironment('bandit', { contexts: 2 })

describe('ScheduledMix', () => {
  it('never sets a mix for a run without schedules', () => {
    const scheduled = new ScheduledMix({ payout: 1 }, undefined)
    const calls: CompiledMix[] = []
    for (const t of [0, 100, 1e6]) scheduled.applyBefore({ spec: bandit.spec, setMix: (mix) => calls.push(mix) }, t)
    expect(calls).toEqual([])
  })

  it('sets the scheduled weights when they move, once per change, and the constants again when the schedules go', () => {
    const scheduled = new ScheduledMix({ payout: 1, expected: 0.5 }, { payout: { kind: 'step', from: 1, to: 0, steps: 100 } })
    const calls: number[][] = []
    const trainer = { spec: bandit.spec, setMix: (mix: CompiledMix) => calls.push(Array.from(mix.weights)) }
    for (const t of [0, 50, 99, 100, 150]) scheduled.applyBefore(trainer, t)
    // In the spec's order: payout, expected, then the third component at its default (0).
    expect(calls).toEqual([
      [1, 0.5, 0],
      [0, 0.5, 0],
    ])
    expect(scheduled.scheduledAt(150)).toEqual({ payout: 0 })
    scheduled.set({ payout: 2, expected: 0.5 }, undefined)
    scheduled.applyBefore(trainer, 200)
    scheduled.applyBefore(trainer, 300)
    expect(calls.at(-1)).toEqual([2, 0.5, 0])
    expect(calls).toHaveLength(3)
    expect(scheduled.scheduledAt(300)).toEqual({})
  })

  it("a linear schedule's weights reach the mix: each episode is paid at the schedule's value when its iteration began", async () => {
    // One-step episodes (the bandit), so no episode spans two iterations' weights.
    const schedule: WeightSchedule = { kind: 'linear', from: 1, to: 0, steps: 800 }
    const n = 8
    const options = QLearningOptionsSchema.parse({ kind: 'qlearning', numEnvs: n, stepsPerIteration: 20 })
    const env = bandit.definition.create(n, bandit.params)
    const trainer = createQLearningTrainer(env, compileMix(env.spec, { weights: {} }), options, new Rng(3))
    const scheduled = new ScheduledMix({}, { expected: schedule })
    const k = env.spec.components.findIndex((component) => component.name === 'expected')
    const payout = env.spec.components.findIndex((component) => component.name === 'payout')
    let envSteps = 0
    const seen: number[] = []
    for (let iteration = 0; iteration < 7; iteration++) {
      scheduled.applyBefore(trainer, envSteps)
      const report = await trainer.iterate()
      // 160 steps an iteration: 0, 160, …, 960 pay 1, 0.8, 0.6, 0.4, 0.2, 0, 0.
      const weight = scheduledWeight(schedule, envSteps)
      for (const episode of report.episodes) {
        expect(episode.weights?.[k]).toBe(weight)
        expect(episode.contributions[k]).toBeCloseTo(weight * (episode.componentSums?.[k] ?? NaN), 12)
        // The payout keeps its constant (default) weight.
        expect(episode.weights?.[payout]).toBe(1)
      }
      seen.push(weight)
      envSteps += report.envSteps
    }
    expect(seen.map((w) => Number(w.toFixed(12)))).toEqual([1, 0.8, 0.6, 0.4, 0.2, 0, 0])
    trainer.dispose()
  })
})

describe('ScheduledMix with a cost constraint', () => {
  it('pays the cost with weight −λ and moves λ ← max(0, λ + η(Ĉ − c)) after each iteration with finished episodes', () => {
    // payout a cost with budget c = 1, η = 0.5, λ₀ = 0.2; components in the spec's order: payout, expected, third.
    const scheduled = new ScheduledMix({ payout: 1, expected: 0.5 }, undefined, { payout: { budget: 1, stepSize: 0.5, initial: 0.2 } })
    const names = bandit.spec.components.map((component) => component.name)
    const calls: number[][] = []
    const trainer = { spec: bandit.spec, setMix: (mix: CompiledMix) => calls.push(Array.from(mix.weights)) }
    const episodes = (...payouts: number[]) => payouts.map((payout) => ({ componentSums: [payout, 0, 0] }))
    scheduled.applyBefore(trainer, 0)
    // Iteration 1: Ĉ = (3 + 1) / 2 = 2; λ = max(0, 0.2 + 0.5·(2 − 1)) = 0.7.
    scheduled.after(episodes(3, 1), names)
    expect(scheduled.multipliers()).toEqual({ payout: 0.7 })
    scheduled.applyBefore(trainer, 10)
    // Iteration 2: no episode finished: λ stays 0.7, and the mix is not set again.
    scheduled.after([], names)
    scheduled.applyBefore(trainer, 20)
    // Iteration 3: Ĉ = 0; λ = max(0, 0.7 + 0.5·(0 − 1)) = 0.2 (to rounding: 0.7 − 0.5).
    scheduled.after(episodes(0), names)
    expect(scheduled.multipliers().payout).toBeCloseTo(0.2, 12)
    scheduled.applyBefore(trainer, 30)
    // Iteration 4: Ĉ = 0 again; λ = max(0, 0.2 − 0.5) = 0, and the weight is 0, not −0.
    scheduled.after(episodes(0), names)
    scheduled.applyBefore(trainer, 40)
    expect(calls.map((weights) => weights[0])).toEqual([-0.2, -0.7, expect.closeTo(-0.2, 12), 0])
    expect(Object.is(calls[3][0], 0)).toBe(true)
    // The other weights stay the sliders'.
    expect(calls.every((weights) => weights[1] === 0.5)).toBe(true)
    expect(scheduled.constrained).toBe(true)
  })

  it('a run without constraints reports none', () => {
    const scheduled = new ScheduledMix({ payout: 1 }, undefined)
    scheduled.after([{ componentSums: [5, 0, 0] }], ['payout', 'expected', 'third'])
    expect(scheduled.multipliers()).toEqual({})
    expect(scheduled.constrained).toBe(false)
  })
})
