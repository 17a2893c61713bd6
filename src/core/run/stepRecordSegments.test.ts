import { describe, expect, it } from 'vitest'
import { allocateStepBuffers } from '../envs/types'
import { getEnv } from '../envs/registry'
import { Rng } from '../rng'
import { stepFeaturesFor } from '../preferences/stepFeatures'
import { RecordingEnv } from './stepRecord'

/*
 * Segments of the recorded steps (the current policy's clips to label). Two CartPole copies: copy 0
 * always pushes left and falls within a dozen steps, again and again; copy 1 pushes left and right
 * in turn and stays up. A bare copy stepped alike gives the states each step reached, to check
 * the segments against: f(s′) = [1, |x|, |θ|, x², θ², ẋ², θ̇²] summed, gold = Σ alive (+1 a step).
 */
function walk(steps: number) {
  const spec = getEnv('cartpole').create(2, {}).spec
  const recorded = new RecordingEnv(getEnv('cartpole').create(2, {}))
  const bare = getEnv('cartpole').create(2, {})
  const out = allocateStepBuffers(spec, 2)
  const bareOut = allocateStepBuffers(spec, 2)
  recorded.reset(new Rng(5), out.obs)
  bare.reset(new Rng(5), bareOut.obs)
  const reached: number[][][] = [[], []]
  const ends: boolean[][] = [[], []]
  for (let t = 0; t < steps; t++) {
    const actions = Int32Array.from([0, t % 2])
    recorded.step(actions, out, new Rng(t))
    bare.step(actions, bareOut, new Rng(t))
    for (let i = 0; i < 2; i++) {
      const ended = bareOut.terminated[i] === 1 || bareOut.truncated[i] === 1
      const from = ended ? bareOut.finalState : bare.state
      reached[i].push(Array.from(from.subarray(i * 4, i * 4 + 4)))
      ends[i].push(ended)
    }
  }
  return { recorded, reached, ends, spec }
}

const features = (s: number[]) => [1, Math.abs(s[0]), Math.abs(s[2]), s[0] ** 2, s[2] ** 2, s[1] ** 2, s[3] ** 2]
const gold = new Map([['alive', 1]])

describe('RecordingEnv.segments', () => {
  it('cuts each copy into consecutive segments from its second recorded step, ending early at an episode end, with the states, features and gold of those steps', () => {
    const { recorded, reached, ends, spec } = walk(40)
    const segments = recorded.segments(5, stepFeaturesFor(spec)!, gold)!
    // Copy 0 falls: its first fall, by the bare copy.
    const fall = ends[0].indexOf(true)
    expect(fall).toBeGreaterThan(5)
    expect(fall).toBeLessThan(20)
    // Rows alternate copy 0, copy 1; segments come out as they complete. Copy 0's first: steps 1 … 5.
    const first = segments[0]
    expect(first.states).toEqual(reached[0].slice(0, 6))
    expect(first.actions).toEqual([0, 0, 0, 0, 0])
    expect(first.gold).toBe(5)
    const expected = reached[0].slice(1, 6).map(features).reduce((sum, f) => sum.map((v, j) => v + f[j]))
    for (let j = 0; j < expected.length; j++) expect(first.features[j]).toBeCloseTo(expected[j], 12)
    // Copy 0's segment that holds its fall ends there, shorter than 5 if the fall cuts it.
    const copy0 = segments.filter((segment) => segment.actions.every((action) => action === 0))
    const cutAtFall = copy0.find((segment) => segment.states[segment.states.length - 1].every((v, j) => v === reached[0][fall][j]))!
    expect(cutAtFall).toBeDefined()
    expect(cutAtFall.actions.length).toBe(((fall - 1) % 5) + 1)
    // After the fall, the copy's next segment waits a step (the reset state is not recorded), then starts from the state that step reached.
    const afterFall = copy0[copy0.indexOf(cutAtFall) + 1]
    expect(afterFall.states[0]).toEqual(reached[0][fall + 1])
    // Copy 1 stays up for all 40 steps: segments of exactly 5 steps, 7 of them (steps 1 … 35), its partial last one not given.
    const copy1 = segments.filter((segment) => segment.actions.some((action) => action === 1))
    expect(copy1.map((segment) => segment.actions.length)).toEqual([5, 5, 5, 5, 5, 5, 5])
    expect(copy1[1].states[0]).toEqual(reached[1][5])
    expect(copy1.every((segment) => segment.gold === 5)).toBe(true)
  })

  it('keeps no states where the environment declares no step features, and scores only the components given a gold weight', () => {
    const plain = new RecordingEnv(getEnv('mountaincar').create(2, {}))
    expect(plain.segments(5, stepFeaturesFor(getEnv('cartpole').create(1, {}).spec)!, gold)).toBeNull()
    const { recorded, spec } = walk(12)
    const unpaid = recorded.segments(5, stepFeaturesFor(spec)!, new Map())!
    expect(unpaid.length).toBeGreaterThan(0)
    expect(unpaid.every((segment) => segment.gold === 0)).toBe(true)
  })
})
