import { useEffect, useId, useState } from 'react'
import {
  describeIssues,
  estimatorBaseline,
  GROUP_PRESET_AGGREGATION,
  GROUP_PRESETS,
  GRPO_PRESETS_BEYOND_GROUP,
  klPlacementOf,
  LearnerOptionsSchema,
  PPO_PRESETS,
  type LearnerKind,
  type LearnerOptions,
} from '../../core/run/config'
import { LEARNER_LABELS, learnerOptionsProblems, learnersFor } from '../../core/run/learnerFit'
import { GRPO_PRESET_LABELS } from '../../model/estimatorComparison'
import { readPath, withPath } from '../../model/paths'
import { usePlayground } from '../../state/run/store'
import { changeLearner, learnerChangeIsLive, whyLearnerChangeRestarts } from '../../state/run/trainingClient'
import { useRestartGuard } from './useRestartGuard'
import { LEARNER_FIELDS, type LearnerField } from './learnerFields'
import { Panel } from '../common/Panel'

/** Pick the learner and edit its main hyperparameters; a refused value is explained and the last valid one stays. */
export function LearnerPanel() {
  const spec = usePlayground((state) => state.spec)
  const learner = usePlayground((state) => state.design.learner)
  const selectId = useId()
  const [error, setError] = useState<string | null>(null)
  // A learner change that is not live starts the run over: with a curve on screen, say so first.
  const { guard, confirm } = useRestartGuard()
  const apply = (candidate: unknown) => {
    const parsed = LearnerOptionsSchema.safeParse(candidate)
    if (!parsed.success) {
      setError(describeIssues(parsed.error))
      return
    }
    // What the options ask of this environment (pass@k's k within a group).
    const misfits = learnerOptionsProblems(parsed.data, spec)
    if (misfits.length > 0) {
      setError(misfits.join('; '))
      return
    }
    setError(null)
    // The GRPO family's estimator, loss and sampling options reach a running run live; anything else starts it over.
    if (learnerChangeIsLive(parsed.data)) changeLearner(parsed.data)
    else guard(() => changeLearner(parsed.data), whyLearnerChangeRestarts(parsed.data))
  }
  return (
    <Panel className="learner-panel" title="Learner">
      <div className="field">
        <label htmlFor={selectId}>Learner</label>
        <select id={selectId} value={learner.kind} onChange={(event) => apply({ kind: event.target.value as LearnerKind })}>
          {learnersFor(spec).map((kind) => (
            <option key={kind} value={kind}>
              {LEARNER_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      {learner.kind === 'grpo' && <PresetPicker learner={learner} onPick={apply} />}
      {learner.kind === 'ppo' && <PpoPresetPicker learner={learner} onPick={apply} />}
      {learner.kind === 'dpo' && learner.preferences.source === 'labelled' && (
        <p className="hint" role="status" aria-label="DPO preference set">
          Trains on {learner.preferences.pairs.length} labelled {learner.preferences.pairs.length === 1 ? 'pair' : 'pairs'} (Label pairs).{' '}
          <button type="button" onClick={() => apply({ ...learner, preferences: { source: 'start' } })}>
            Draw pairs by recipe instead
          </button>
        </p>
      )}
      {LEARNER_FIELDS[learner.kind].filter((field) => field.shownFor?.(learner) ?? true).map((field) => (
        <LearnerFieldControl key={`${learner.kind}-${field.path}`} field={field} learner={learner} onChange={apply} />
      ))}
      {error && (
        <p className="field-error" role="alert">
          {error}; keeping the last valid value.
        </p>
      )}
      {confirm}
    </Panel>
  )
}

type GrpoLearner = Extract<LearnerOptions, { kind: 'grpo' }>

/** Whether a preset is in force: a group preset's estimator fields with the group baseline, and its loss aggregation where it names one; the others' every field. */
function presetInForce(name: string, learner: GrpoLearner): boolean {
  const estimatorMatches = (preset: Partial<GrpoLearner['estimator']>) => Object.entries(preset).every(([key, value]) => learner.estimator[key as keyof typeof preset] === value)
  const beyond = GRPO_PRESETS_BEYOND_GROUP[name]
  if (beyond) return estimatorMatches(beyond.estimator) && klPlacementOf(learner) === beyond.klPlacement && learner.kl === beyond.kl
  return estimatorBaseline(learner.estimator) === 'group' && estimatorMatches(GROUP_PRESETS[name]) && (GROUP_PRESET_AGGREGATION[name] === undefined || GROUP_PRESET_AGGREGATION[name] === learner.aggregation)
}

/** The learner with a preset applied: a group preset names the group baseline (absent), the others set their fields. */
function withPreset(name: string, learner: GrpoLearner): GrpoLearner {
  const beyond = GRPO_PRESETS_BEYOND_GROUP[name]
  if (beyond) return { ...learner, estimator: { ...learner.estimator, ...beyond.estimator }, klPlacement: beyond.klPlacement, kl: beyond.kl }
  return { ...learner, estimator: { ...learner.estimator, ...GROUP_PRESETS[name], baseline: undefined }, aggregation: GROUP_PRESET_AGGREGATION[name] ?? learner.aggregation }
}

function PresetPicker({ learner, onPick }: { learner: GrpoLearner; onPick: (candidate: unknown) => void }) {
  const id = useId()
  const names = [...Object.keys(GROUP_PRESETS), ...Object.keys(GRPO_PRESETS_BEYOND_GROUP)]
  const current = names.find((name) => presetInForce(name, learner)) ?? 'custom'
  return (
    <div className="field">
      <label htmlFor={id}>Estimator preset</label>
      <select id={id} value={current} aria-describedby={`${id}-hint`} onChange={(event) => onPick(withPreset(event.target.value, learner))}>
        {names.map((name) => (
          <option key={name} value={name}>
            {GRPO_PRESET_LABELS[name] ?? name}
          </option>
        ))}
        {current === 'custom' && <option value="custom">custom</option>}
      </select>
      <p className="hint" id={`${id}-hint`}>
        REINFORCE++-baseline (batch mean and std; called REINFORCE++ here before) is verl’s reinforce_plus_plus_baseline. REINFORCE++ (OpenRLHF) puts the KL (k1) in each token’s reward and normalises every token’s return-to-go over the batch.
      </p>
    </div>
  )
}

const PPO_PRESET_LABELS: Record<string, string> = { fast: 'fast (16 × 32 steps, lr 3e-3)', cleanrl: 'CleanRL defaults (4 × 128 steps, lr 2.5e-4)' }

/** PPO's presets: the fast one CartPole starts with, and CleanRL's defaults to check against. */
function PpoPresetPicker({ learner, onPick }: { learner: Extract<LearnerOptions, { kind: 'ppo' }>; onPick: (candidate: unknown) => void }) {
  const id = useId()
  const current = Object.entries(PPO_PRESETS).find(([, preset]) => Object.entries(preset).every(([key, value]) => learner[key as keyof typeof preset] === value))?.[0] ?? 'custom'
  return (
    <div className="field">
      <label htmlFor={id}>PPO preset</label>
      <select id={id} value={current} onChange={(event) => onPick({ ...learner, ...PPO_PRESETS[event.target.value as keyof typeof PPO_PRESETS] })}>
        {Object.keys(PPO_PRESETS).map((name) => (
          <option key={name} value={name}>
            {PPO_PRESET_LABELS[name]}
          </option>
        ))}
        {current === 'custom' && <option value="custom">custom</option>}
      </select>
    </div>
  )
}

function LearnerFieldControl({ field, learner, onChange }: { field: LearnerField; learner: LearnerOptions; onChange: (candidate: unknown) => void }) {
  const id = useId()
  // A field absent by default shows what its absence means (null is a value: an optional number that is off).
  const read = readPath(learner, field.path)
  const value = read === undefined ? field.absent : read
  // An optional number that is off shows an empty box.
  const shown = value === null ? '' : String(value)
  const [text, setText] = useState(shown)
  useEffect(() => setText(shown), [shown])
  // Picking what an absent field means leaves it absent, so the design stays as one that never set it.
  const set = (next: unknown) => onChange(withPath(learner, field.path, field.absent !== undefined && next === field.absent ? undefined : next))
  let control
  if (field.kind === 'choice') {
    control = (
      <select id={id} value={String(value)} aria-describedby={`${id}-hint`} onChange={(event) => set(event.target.value)}>
        {field.options!.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    )
  } else if (field.kind === 'boolean') {
    control = <input id={id} type="checkbox" checked={value === true} aria-describedby={`${id}-hint`} onChange={(event) => set(event.target.checked)} />
  } else {
    // Typed numbers apply on Enter or when the field loses focus; emptied, an optional one is off.
    const commit = () => text !== shown && set(text.trim() === '' ? (field.optional ? null : NaN) : Number(text))
    control = (
      <input id={id} type="text" inputMode="decimal" value={text} placeholder={field.optional ? 'none' : undefined} aria-describedby={`${id}-hint`} onChange={(event) => setText(event.target.value)} onBlur={commit} onKeyDown={(event) => event.key === 'Enter' && commit()} />
    )
  }
  return (
    <div className={`field param param-${field.kind}`}>
      <label htmlFor={id}>{field.label}</label>
      {control}
      <p className="hint" id={`${id}-hint`}>
        {field.hint}
      </p>
    </div>
  )
}
