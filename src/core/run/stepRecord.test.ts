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

describe('the critic values kept with copy 0’s episode', () => {
  it('puts each batch’s copy-0 values on the episode steps they belong to, across an episode’s end, with the value where the time limit cut it', () => {
    // Episodes of 10 steps, cut by the time limit; batches of 4 steps of 2 copies, reported after each.
    const n = 2
    const recorded = new RecordingEnv(getEnv('mountaincar').create(n, { time_limit: 10 }))
    const out = allocateStepBuffers(recorded.spec, n)
    recorded.reset(new Rng(1), out.obs)
    const idle = new Int32Array(n).fill(1)
    let step = 0
    for (let batch = 0; batch < 3; batch++) {
      const values = new Float32Array(4 * n)
      const bootstrapValues = new Float32Array(4 * n)
      for (let t = 0; t < 4; t++, step++) {
        recorded.step(idle, out, new Rng(step))
        // copy 0's value at its step s is s; copy 1's is −1; a cut step's bootstrap is 1000 + s
        values[t * n] = step
        values[t * n + 1] = -1
        bootstrapValues[t * n] = out.truncated[0] ? 1000 + step : 0
      }
      recorded.keepValues({ n, steps: 4, values, lastValues: new Float32Array(n), bootstrapValues, gamma: 0.9, lambda: 0.95 })
    }
    // Steps 0 … 9 were the episode; 10 and 11 are the running one.
    const episode = recorded.snapshot().latestEpisode!
    expect(episode).toMatchObject({ length: 10, finished: true, cut: true, bootstrap: 1009 })
    expect(Array.from(episode.values!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('has no values where no critic reported any', () => {
    const { record } = coast(400, 50)
    expect(record.latestEpisode?.values).toBeNull()
  })
})
