import { describe, expect, it } from 'vitest'
import { allocateStepBuffers } from '../envs/types'
import { getEnv } from '../envs/registry'
import { Rng } from '../rng'
import { MAX_EPISODE_STEPS, MAX_RECORDED_STEPS, RecordingEnv } from './stepRecord'

/**
 * MountainCar with the engine off never reaches the flag: every episode is cut by the time limit,
 * so its length is the limit. Steps a recorded and a bare copy of it alike and keeps copy 0's
 * components of every step of the bare one, to check the record against.
 */
function coast(timeLimit: number, steps: number) {
  const n = 16
  const recorded = new RecordingEnv(getEnv('mountaincar').create(n, { time_limit: timeLimit }))
  const bare = getEnv('mountaincar').create(n, { time_limit: timeLimit })
  const K = bare.spec.components.length
  const out = allocateStepBuffers(bare.spec, n)
  const bareOut = allocateStepBuffers(bare.spec, n)
  recorded.reset(new Rng(3), out.obs)
  bare.reset(new Rng(3), bareOut.obs)
  const copy0: number[][] = []
  const idle = new Int32Array(n).fill(1)
  for (let t = 0; t < steps; t++) {
    recorded.step(idle, out, new Rng(t))
    bare.step(idle, bareOut, new Rng(t))
    copy0.push(Array.from(bareOut.components.subarray(0, K)))
  }
  return { record: recorded.snapshot(), copy0, K, n }
}

/** Rows of a row-major buffer of K columns. */
function rowsOf(values: Float64Array, K: number): number[][] {
  return Array.from({ length: values.length / K }, (_, j) => Array.from(values.subarray(j * K, (j + 1) * K)))
}

describe('the record of copy 0’s latest episode', () => {
  it('keeps the whole latest finished episode of copy 0, longer than the record holds of it', () => {
    // Episodes of 400 steps end at steps 400 and 800; the record holds 4096 / 16 = 256 steps of each copy.
    const { record, copy0, K, n } = coast(400, 900)
    expect(record.rows / n).toBe(256)
    expect(record.rows).toBe(MAX_RECORDED_STEPS)
    expect(record.latestEpisode).toMatchObject({ length: 400, kept: 400, finished: true })
    // exactly copy 0's steps 400 … 799, every component
    expect(rowsOf(record.latestEpisode!.components, K)).toEqual(copy0.slice(400, 800))
  })

  it('keeps the last MAX_EPISODE_STEPS steps of an episode longer than that, and says of how many', () => {
    const { record, copy0, K } = coast(700, 750)
    expect(MAX_EPISODE_STEPS).toBe(500)
    expect(record.latestEpisode).toMatchObject({ length: 700, kept: MAX_EPISODE_STEPS, finished: true })
    // its steps 200 … 699
    expect(rowsOf(record.latestEpisode!.components, K)).toEqual(copy0.slice(200, 700))
  })

  it('shows the running episode before copy 0 finished one, and nothing before the first step', () => {
    const { record, copy0, K } = coast(400, 100)
    expect(record.latestEpisode).toMatchObject({ length: 100, kept: 100, finished: false })
    expect(rowsOf(record.latestEpisode!.components, K)).toEqual(copy0)
    const fresh = new RecordingEnv(getEnv('mountaincar').create(2, {}))
    expect(fresh.snapshot().latestEpisode).toBeNull()
  })
})
