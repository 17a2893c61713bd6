import { describe, expect, it } from 'vitest'
import { getEnv } from '../core/envs/registry'
import type { StepRecord } from '../core/run/stepRecord'
import { EMPTY_RUN, runWithFrame } from './runView'
import { cartpoleFrame } from './testFrames'

const cartpole = getEnv('cartpole').spec
const record: StepRecord = { names: ['alive'], components: Float64Array.of(1), ends: Uint8Array.of(0), cuts: Uint8Array.of(0), copies: Int32Array.of(0), rows: 1, visits: null, reached: null, latestEpisode: null }

describe('the run view', () => {
  it('keeps the advantages of the batch its record holds, so the histogram and its what-if show one batch', () => {
    const recorded = Float32Array.of(1, -1)
    const later = Float32Array.of(5, 5)
    let run = runWithFrame({ ...EMPTY_RUN, status: 'starting' }, { ...cartpoleFrame(512, 20), record, advantages: recorded }, cartpole)
    expect(run.batchAdvantages).toBe(recorded)
    expect(run.status).toBe('running')
    // A frame without a record brings newer advantages; the recorded batch's stay paired with its record.
    run = runWithFrame(run, { ...cartpoleFrame(1024, 30), advantages: later }, cartpole)
    expect(run.latest?.advantages).toBe(later)
    expect(run.batchAdvantages).toBe(recorded)
    expect(run.record).toBe(record)
    expect(run.series.map((point) => point.envSteps)).toEqual([512, 1024])
  })

  it('keeps every frame for the hacking monitors, the ones with no finished episode too, and reads the monitors over them', () => {
    let run = runWithFrame(EMPTY_RUN, cartpoleFrame(512, 20), cartpole)
    run = runWithFrame(run, cartpoleFrame(1024, null), cartpole)
    expect(run.monitorLog.closed.map((frame) => [frame.envSteps, frame.episodes, frame.length])).toEqual([
      [512, 1, 20],
      [1024, 0, null],
    ])
    expect(run.monitors.frames).toBe(2)
    // Two frames are too few for any monitor: each says why.
    expect(run.monitors.monitors.find((reading) => reading.name === 'length-drift')?.state).toEqual({ kind: 'unmeasurable', why: '1 frames with finished episode, it needs 10' })
    expect(run.monitors.gold).toEqual({ kind: 'not-turned' })
  })
})
