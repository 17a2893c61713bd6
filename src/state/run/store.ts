import { create } from 'zustand'
import type { EnvParams, EnvSpec } from '../../core/envs/types'
import { resolveEnvironment } from '../../core/envs/registry'
import { RewardDesignSchema } from '../../core/rewards/designSchema'
import { rewardedSpec } from '../../core/rewards/extras'
import { rewardDesignProblems } from '../../core/rewards/rewardProblems'
import { defaultLearnerFor, type LearnerOptions } from '../../core/run/config'
import type { MetricsFrame } from '../../core/run/frame'
import { learnerFits } from '../../core/run/learnerFit'
import { addPin, pinSourceOf, removePin, renamePin, type PinnedRun } from '../../model/compare'
import { defaultDesign, keepSchedules, keepWeights, resolveDesign, withReward, withSchedule, type Design, type RewardExtras } from '../../model/design'
import type { WeightSchedule } from '../../core/rewards/weightSchedule'
import { withMark, type DesignMark } from '../../model/marks'
import { EMPTY_RUN, runWithFrame, type RunView } from '../../model/runView'
import { followViewRun } from './viewRun'
import { errorMessage } from '../../core/errorMessage'

/** The most runs kept for comparison. */
export const MAX_PINS = 12

export interface BackendInfo {
  name: string | null
  reason: string
  error: string | null
}

export interface PlaygroundState {
  design: Design
  spec: EnvSpec
  run: RunView
  /**
   * The run as the costly views draw it (followViewRun): `run` itself, but a task behind while a
   * run's frames come in, so one drawing is two short tasks (the figures, then the charts), never a
   * view of another run than `run`'s.
   */
  viewRun: RunView
  backend: BackendInfo
  /** Runs kept for comparison (this page's session). */
  pins: PinnedRun[]
  /** Keep the current run's curve for comparison; returns why it cannot, or null. */
  /** Pin the live run as the run `sourceKey` names (compare.ts savedPinKey, livePinKey); returns why not, or null. */
  pinRun(sourceKey: string): string | null
  unpinRun(id: number): void
  /** Name pin `id` (empty: named automatically again). */
  renamePin(id: number, name: string): void
  /** A message for the user about input that was ignored (a bad link, say); null when none. */
  notice: string | null
  setNotice(notice: string | null): void
  setEnv(envId: string): void
  setWeight(name: string, weight: number): void
  /** Make `name`'s weight follow `schedule` (already validated), or constant again (null). */
  setSchedule(name: string, schedule: WeightSchedule | null): void
  /**
   * Change environment parameters. Invalid ones are refused with a message naming the problem;
   * the last valid parameters stay. Weights of components that still exist are kept.
   */
  setParams(params: EnvParams): string | null
  setSeed(seed: number): void
  /** Change what the reward adds; returns every problem (and changes nothing) or an empty list. */
  setReward(reward: RewardExtras): string[]
  /** Choose the learner and its hyperparameters (already validated); the run starts over. */
  setLearner(learner: LearnerOptions): void
  /** The learner's options as a running run takes them live (already validated): the run and its curve stay. */
  setLearnerLive(learner: LearnerOptions): void
  /** Set by the worker client. */
  runStarting(runId: string): void
  runEvent(update: Partial<RunView>): void
  addFrame(frame: MetricsFrame): void
  /** Several frames in one update (the page draws once for them). */
  addFrames(frames: readonly MetricsFrame[]): void
  addMark(mark: DesignMark): void
  /** Close the reward-hacking notice; its band stays on the chart until a new alert replaces it. */
  dismissHacking(): void
  setBackend(backend: Partial<BackendInfo>): void
}

function initialState(design: Design) {
  return { design, spec: resolveDesign(design).spec }
}

export const usePlayground = create<PlaygroundState>()((set) => ({
  ...initialState(defaultDesign()),
  run: EMPTY_RUN,
  viewRun: EMPTY_RUN,
  backend: { name: null, reason: 'starting the training worker…', error: null },
  notice: null,
  pins: [],
  pinRun: (sourceKey) => {
    const { run, design, spec, pins } = usePlayground.getState()
    if (run.series.length === 0) return 'there is no curve to pin yet: train until episodes finish'
    set({ pins: addPin(pins, pinSourceOf(design, spec, sourceKey, run.series, run.latest?.meanLength ?? NaN), MAX_PINS) })
    return null
  },
  unpinRun: (id) => set((state) => ({ pins: removePin(state.pins, id) })),
  renamePin: (id, name) => set((state) => ({ pins: renamePin(state.pins, id, name) })),
  setNotice: (notice) => set({ notice }),
  setEnv: (envId) => set((state) => ({ ...initialState(defaultDesign(envId, state.design.seed)), run: EMPTY_RUN })),
  setParams: (params) => {
    const state = usePlayground.getState()
    let base: EnvSpec
    let resolved: EnvParams
    try {
      ;({ spec: base, params: resolved } = resolveEnvironment(state.design.envId, params))
    } catch (error) {
      return errorMessage(error)
    }
    // The added terms must still fit (a term may read a variable the new parameters remove).
    const reward = RewardDesignSchema.parse(state.design.reward)
    const misfits = rewardDesignProblems(reward, base)
    if (misfits.length > 0) return `these parameters do not fit the terms added to the reward: ${misfits.join('; ')}`
    const spec = rewardedSpec(base, reward)
    const weights = keepWeights(spec, state.design.weights)
    // A learner that no longer fits (a tabular one when the states stop being discrete) falls back to the default.
    const learner = learnerFits(state.design.learner.kind, spec) === null ? state.design.learner : defaultLearnerFor(spec)
    set({ design: { ...withoutSchedules(state.design), params: resolved, weights, ...keepSchedules(spec, state.design.schedules), learner }, spec, run: EMPTY_RUN })
    return null
  },
  setReward: (reward) => {
    const state = usePlayground.getState()
    const checked = withReward(state.design, reward)
    if (!checked.ok) return checked.problems
    // A component the reward no longer adds takes its schedule along.
    set({ design: { ...withoutSchedules(state.design), reward, weights: keepWeights(checked.spec, state.design.weights), ...keepSchedules(checked.spec, state.design.schedules) }, spec: checked.spec })
    return []
  },
  setWeight: (name, weight) => set((state) => ({ design: { ...state.design, weights: { ...state.design.weights, [name]: weight } } })),
  setSchedule: (name, schedule) => set((state) => ({ design: withSchedule(state.design, name, schedule) })),
  setSeed: (seed) => set((state) => ({ design: { ...state.design, seed } })),
  setLearner: (learner) => set((state) => ({ design: { ...state.design, learner }, run: EMPTY_RUN })),
  setLearnerLive: (learner) => set((state) => ({ design: { ...state.design, learner } })),
  runStarting: (runId) => set((state) => ({ run: { ...EMPTY_RUN, runId, status: 'starting', learner: state.design.learner.kind, design: state.design } })),
  runEvent: (update) => set((state) => ({ run: { ...state.run, ...update } })),
  addFrame: (frame) => set((state) => ({ run: runWithFrame(state.run, frame, state.spec) })),
  addFrames: (frames) => set((state) => ({ run: frames.reduce((run, frame) => runWithFrame(run, frame, state.spec), state.run) })),
  addMark: (mark) => set((state) => ({ run: { ...state.run, marks: withMark(state.run.marks, state.run.series, mark) } })),
  dismissHacking: () => set((state) => (state.run.hacking ? { run: { ...state.run, hacking: { ...state.run.hacking, dismissed: true } } } : {})),
  setBackend: (backend) => set((state) => ({ backend: { ...state.backend, ...backend } })),
}))

function withoutSchedules({ schedules: _schedules, ...design }: Design): Design {
  return design
}

/** Load a design (from the URL) into the store. */
export function loadDesign(design: Design): void {
  usePlayground.setState({ ...initialState(design), run: EMPTY_RUN })
}

followViewRun(usePlayground)
