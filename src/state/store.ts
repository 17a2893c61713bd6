import { create } from 'zustand'
import type { EnvParams, EnvSpec } from '../core/envs/types'
import { getEnv } from '../core/envs/registry'
import { resolveParams } from '../core/envs/params'
import { defaultLearnerFor, type LearnerOptions } from '../core/run/config'
import { learnerFits } from '../core/run/learnerFit'
import type { MetricsFrame } from '../worker/protocol'
import type { StepRecord } from '../core/run/stepRecord'
import type { TabularPicture } from '../core/learners/tabular'
import type { GroupBatch, ValueBatch } from '../core/run/trainer'
import { summariseTeams } from '../core/credit/teamView'
import { defaultDesign, specOf, type Design, type RewardExtras } from './design'
import { checkDesignAgainstSpec, RewardDesignSchema } from '../core/rewards/designSchema'
import { expressionProblems } from '../core/rewards/expressionProblems'
import { rewardedSpec } from '../core/rewards/extras'
import { appendPoint, curvePointOf, type CurvePoint } from './series'
import { addPin, finalFigures, type PinnedRun } from './compare'
import { errorMessage } from '../core/errorMessage'

/** The most runs kept for comparison. */
export const MAX_PINS = 12
/** Points of a team's effort history kept per run. */
const MAX_TEAM_HISTORY = 600

export type RunStatus = 'idle' | 'starting' | 'running' | 'paused' | 'stopped' | 'error'

/** Whether a run is under way: training, starting or paused (a live change can still reach it). */
export function isRunActive(status: RunStatus): boolean {
  return status === 'running' || status === 'starting' || status === 'paused'
}

/** A vertical mark on the learning curve: the design changed here. */
export interface DesignMark {
  envSteps: number
  /** When the page learned of it (ms, Date.now()); one slider's changes within a moment form one mark. */
  at: number
  /** The weights that changed here, by component. */
  changes: Record<string, number>
  /** Other changes made here (a term's expression, a transform), in words. */
  note?: string
  changeId: number
}

export interface RunView {
  runId: string | null
  status: RunStatus
  learner: string | null
  series: CurvePoint[]
  marks: DesignMark[]
  latest: MetricsFrame | null
  /** The latest record of steps the worker sent (frames carry one about once a second). */
  record: StepRecord | null
  /** The latest V(s) and greedy policy of a tabular learner (with the record). */
  tabular: TabularPicture | null
  /** The latest GAE batch's values (with the record), for what-if advantages. */
  valueBatch: ValueBatch | null
  /** A group learner's latest completions, for what-if advantages. */
  groupBatch: GroupBatch | null
  /** The team game's mean effort per agent, one point per step record (bounded). */
  teamHistory: { envSteps: number; effort: number[] }[]
  /** Why the run paused itself (a NaN reward, say), or why it failed to start. */
  diagnosis: string | null
}

export interface BackendInfo {
  name: string | null
  reason: string
  error: string | null
}

export interface PlaygroundState {
  design: Design
  spec: EnvSpec
  run: RunView
  backend: BackendInfo
  /** Runs kept for comparison (this page's session). */
  pins: PinnedRun[]
  /** Keep the current run's curve for comparison; returns why it cannot, or null. */
  pinRun(): string | null
  unpinRun(id: number): void
  /** A message for the user about input that was ignored (a bad link, say); null when none. */
  notice: string | null
  setNotice(notice: string | null): void
  setEnv(envId: string): void
  setWeight(name: string, weight: number): void
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
  /** Set by the worker client. */
  runStarting(runId: string): void
  runEvent(update: Partial<RunView>): void
  addFrame(frame: MetricsFrame): void
  /** Several frames in one update (the page draws once for them). */
  addFrames(frames: readonly MetricsFrame[]): void
  addMark(mark: DesignMark): void
  setBackend(backend: Partial<BackendInfo>): void
}

const emptyRun: RunView = { runId: null, status: 'idle', learner: null, series: [], marks: [], latest: null, record: null, tabular: null, valueBatch: null, groupBatch: null, teamHistory: [], diagnosis: null }

function initialState(design: Design) {
  return { design, spec: specOf(design) }
}

export const usePlayground = create<PlaygroundState>()((set) => ({
  ...initialState(defaultDesign()),
  run: emptyRun,
  backend: { name: null, reason: 'starting the training worker…', error: null },
  notice: null,
  pins: [],
  pinRun: () => {
    const { run, design, spec, pins } = usePlayground.getState()
    if (run.series.length === 0) return 'there is no curve to pin yet: train until episodes finish'
    const final = finalFigures(run.series, run.latest?.meanLength ?? NaN)
    set({ pins: addPin(pins, { label: `${spec.label}, ${design.learner.kind}, seed ${design.seed}`, design, series: run.series, final }, MAX_PINS) })
    return null
  },
  unpinRun: (id) => set((state) => ({ pins: state.pins.filter((pin) => pin.id !== id) })),
  setNotice: (notice) => set({ notice }),
  setEnv: (envId) => set((state) => ({ ...initialState(defaultDesign(envId, state.design.seed)), run: emptyRun })),
  setParams: (params) => {
    const state = usePlayground.getState()
    let spec: EnvSpec
    let resolved: EnvParams
    try {
      const definition = getEnv(state.design.envId)
      resolved = resolveParams(definition.spec, params)
      spec = definition.describe(resolved)
    } catch (error) {
      return errorMessage(error)
    }
    // The added terms must still fit (a term may read a variable the new parameters remove).
    const reward = RewardDesignSchema.parse(state.design.reward)
    const misfits = [...checkDesignAgainstSpec(reward, spec), ...expressionProblems(reward, spec)]
    if (misfits.length > 0) return `these parameters do not fit the terms added to the reward: ${misfits.join('; ')}`
    spec = rewardedSpec(spec, reward)
    const weights = keepWeights(spec, state.design.weights)
    // A learner that no longer fits (a tabular one when the states stop being discrete) falls back to the default.
    const learner = learnerFits(state.design.learner.kind, spec) === null ? state.design.learner : defaultLearnerFor(spec)
    set({ design: { ...state.design, params: resolved, weights, learner }, spec, run: emptyRun })
    return null
  },
  setReward: (reward) => {
    const state = usePlayground.getState()
    const definition = getEnv(state.design.envId)
    const base = definition.describe(state.design.params)
    const candidate = RewardDesignSchema.safeParse(reward)
    if (!candidate.success) return candidate.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    const problems = [...checkDesignAgainstSpec(candidate.data, base), ...expressionProblems(candidate.data, base)]
    if (problems.length > 0) return problems
    const spec = rewardedSpec(base, candidate.data)
    set({ design: { ...state.design, reward, weights: keepWeights(spec, state.design.weights) }, spec })
    return []
  },
  setWeight: (name, weight) => set((state) => ({ design: { ...state.design, weights: { ...state.design.weights, [name]: weight } } })),
  setSeed: (seed) => set((state) => ({ design: { ...state.design, seed } })),
  setLearner: (learner) => set((state) => ({ design: { ...state.design, learner }, run: emptyRun })),
  runStarting: (runId) => set((state) => ({ run: { ...emptyRun, runId, status: 'starting', learner: state.design.learner.kind } })),
  runEvent: (update) => set((state) => ({ run: { ...state.run, ...update } })),
  addFrame: (frame) => set((state) => ({ run: runWithFrame(state.run, frame, state.spec) })),
  addFrames: (frames) => set((state) => ({ run: frames.reduce((run, frame) => runWithFrame(run, frame, state.spec), state.run) })),
  addMark: (mark) =>
    set((state) => {
      const marks = state.run.marks
      const last = marks[marks.length - 1]
      const lastPoint = state.run.series[state.run.series.length - 1]
      // While one slider is dragged, its changes between two curve points collapse into one mark.
      const replaceLast =
        last !== undefined &&
        (last.envSteps === mark.envSteps ||
          (sameKeys(last.changes, mark.changes) &&
            noteSubjects(last.note) === noteSubjects(mark.note) &&
            (lastPoint === undefined || lastPoint.envSteps <= last.envSteps || mark.at - last.at < MARK_MERGE_MS)))
      const note = mergeNotes(last?.note, mark.note)
      const merged = replaceLast ? { ...mark, envSteps: last.envSteps, changes: { ...last.changes, ...mark.changes }, ...(note ? { note } : {}) } : mark
      return { run: { ...state.run, marks: replaceLast ? [...marks.slice(0, -1), merged] : [...marks, merged] } }
    }),
  setBackend: (backend) => set((state) => ({ backend: { ...state.backend, ...backend } })),
}))

/** The run after one more metrics frame: its curve point, the latest record, the team's effort. */
function runWithFrame(run: RunView, frame: MetricsFrame, spec: EnvSpec): RunView {
  const point = curvePointOf(frame)
  const series = point ? appendPoint(run.series, point) : run.series
  const team = frame.record && spec.team ? summariseTeams(frame.record, spec.team) : null
  const teamHistory = team ? [...run.teamHistory, { envSteps: frame.envSteps, effort: team.effort }].slice(-MAX_TEAM_HISTORY) : run.teamHistory
  return {
    ...run,
    status: run.status === 'starting' ? 'running' : run.status,
    latest: frame,
    series,
    record: frame.record ?? run.record,
    tabular: frame.tabular ?? run.tabular,
    valueBatch: frame.record ? frame.valueBatch : run.valueBatch,
    groupBatch: frame.record ? frame.groupBatch : run.groupBatch,
    teamHistory,
  }
}

/** Load a design (from the URL) into the store. */
export function loadDesign(design: Design): void {
  usePlayground.setState({ ...initialState(design), run: emptyRun })
}

/** Changes to the same sliders closer together than this (a drag, a burst of key presses) share a mark. */
const MARK_MERGE_MS = 1500

function sameKeys(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => key in b)
}

export function markLabel(mark: DesignMark, format: (weight: number) => string): string {
  const weights = Object.entries(mark.changes).map(([name, weight]) => `${name} = ${format(weight)}`)
  return [...weights, ...(mark.note ? [mark.note] : [])].join(', ')
}

/** Weights for a (new) spec: the ones already set where the component still exists, defaults for the rest. */
function keepWeights(spec: EnvSpec, previous: Record<string, number>): Record<string, number> {
  const weights: Record<string, number> = {}
  for (const component of spec.components) weights[component.name] = previous[component.name] ?? component.defaultWeight
  return weights
}

/** What a note is about ("term1" for "term1 := …"), to tell a burst of edits from different changes. */
function noteSubjects(note: string | undefined): string {
  return (note?.split('; ') ?? []).map((entry) => entry.split(/ :?= /)[0]).sort().join('; ')
}

/** Notes of merged marks: one entry per thing changed ("term1 := …"), the latest value winning. */
function mergeNotes(earlier: string | undefined, later: string | undefined): string | undefined {
  const entries = new Map<string, string>()
  for (const note of [earlier, later]) {
    for (const entry of note?.split('; ') ?? []) entries.set(entry.split(/ :?= /)[0], entry)
  }
  return entries.size > 0 ? [...entries.values()].join('; ') : undefined
}
