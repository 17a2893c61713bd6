import { describe, expect, it } from 'vitest'
import { allocateStepBuffers } from '../envs/types'
import { getEnv } from '../envs/registry'
import { Rng } from '../rng'
import { rescore } from './rescore'
import { MAX_RECORDED_STEPS, RecordingEnv } from './stepRecord'

describe('RecordingEnv and rescore', () => {
  it('keeps the latest steps oldest first and re-scores them under any mix', () => {
    // CliffWalking, one copy: right from the start falls into the cliff (hazard, back to start),
    // then up, then right along the top row.
    const env = new RecordingEnv(getEnv('cliffwalking').create(1, {}))
    const out = allocateStepBuffers(env.spec, 1)
    env.setState(0, [3, 0])
    for (const action of [1, 0, 1]) env.step(Int32Array.of(action), out, new Rng(1))
    const record = env.snapshot()
    expect(record.rows).toBe(3)
    expect(record.names).toEqual(['step', 'hazard', 'goal', 'progress'])
    // step components: 0 on the fall, −1 after; hazard −1 on the fall
    expect(Array.from(record.components.filter((_, i) => i % 4 === 0))).toEqual([0, -1, -1])
    expect(Array.from(record.components.filter((_, i) => i % 4 === 1))).toEqual([-1, 0, 0])
    // the states reached: the fall sends the agent back to the start (3, 0) = 36, up to (2, 0) = 24, right to (2, 1) = 25
    expect(Array.from(record.reached!)).toEqual([36, 24, 25])
    // Gymnasium's mix: −100, −1, −1
    expect(Array.from(rescore(record, { step: 1, hazard: 100 }).rewards)).toEqual([-100, -1, -1])
    // A mix without the cliff penalty: 0, −1, −1, and the hazard's share is gone.
    const softer = rescore(record, { step: 1, hazard: 0 })
    expect(Array.from(softer.rewards)).toEqual([0, -1, -1])
    expect(softer.contributions).toEqual({ step: -2, hazard: 0, goal: 0, progress: 0 })
    expect(softer.meanReward).toBeCloseTo(-2 / 3, 12)
  })

  it('closes episodes where they end and stays bounded however long the run', () => {
    const env = new RecordingEnv(getEnv('cartpole').create(8, {}))
    const out = allocateStepBuffers(env.spec, 8)
    const rng = new Rng(5)
    env.reset(rng, out.obs)
    for (let t = 0; t < 2000; t++) env.step(new Int32Array(8).fill(t % 2), out, rng)
    const record = env.snapshot()
    expect(record.rows).toBe(MAX_RECORDED_STEPS)
    const scored = rescore(record, { alive: 1 })
    // With alive = 1 every recorded step pays 1, and every closed episode's return is its recorded length.
    expect(scored.meanReward).toBe(1)
    expect(scored.episodeReturns.length).toBeGreaterThan(0)
    for (const value of scored.episodeReturns) expect(Number.isInteger(value) && value >= 1).toBe(true)
  })
})

describe('wrappers keep what the environment offers beyond BatchEnv', () => {
  it('reads a team game’s coalition values and a token task’s groups through the record', async () => {
    const { isCoopEnv } = await import('../envs/coop')
    const { isTokenSeqEnv } = await import('../envs/tokenseq')
    const coop = new RecordingEnv(getEnv('coop').create(4, {}))
    expect(isCoopEnv(coop)).toBe(true)
    const tokens = new RecordingEnv(getEnv('tokenseq').create(8, {}))
    expect(isTokenSeqEnv(tokens)).toBe(true)
    expect((tokens as unknown as { groupSize: number }).groupSize).toBe(8)
  })
})
