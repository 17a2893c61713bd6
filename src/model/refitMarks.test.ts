import { describe, expect, it } from 'vitest'
import { getEnv } from '../core/envs/registry'
import { EMPTY_RUN, runWithFrame } from './runView'
import { refitMark } from './refitMarks'
import { cartpoleFrame } from './testFrames'

const spec = getEnv('cartpole').spec
const withRefits = (envSteps: number, refits: number | undefined, pairs: number) => {
  const frame = cartpoleFrame(envSteps, 10)
  return { ...frame, diagnostics: refits === undefined ? frame.diagnostics : { ...frame.diagnostics, rm_refits: refits, rm_refit_pairs: pairs } }
}

describe('refit marks', () => {
  it('marks the frame whose refit count rose, with the pairs the model was refitted on', () => {
    let run = runWithFrame(EMPTY_RUN, withRefits(100, undefined, 0), spec)
    run = runWithFrame(run, withRefits(200, 1, 600), spec)
    run = runWithFrame(run, withRefits(300, 1, 600), spec)
    run = runWithFrame(run, withRefits(400, 3, 1200), spec)
    expect(run.marks.map((mark) => [mark.envSteps, mark.note])).toEqual([
      [200, 'rm refit: 600 pairs'],
      [400, 'rm refit: 1,200 pairs'],
    ])
    expect(new Set(run.marks.map((mark) => mark.changeId)).size).toBe(2)
  })

  it('marks nothing on a run without refits', () => {
    expect(refitMark(null, cartpoleFrame(100, 10))).toBeNull()
    expect(runWithFrame(runWithFrame(EMPTY_RUN, cartpoleFrame(100, 10), spec), cartpoleFrame(200, 10), spec).marks).toEqual([])
  })
})
