import { useEffect, useId, useState } from 'react'
import {
  estimatorBaseline,
  GROUP_PRESET_AGGREGATION,
  GROUP_PRESETS,
  GRPO_PRESETS_BEYOND_GROUP,
  klPlacementOf,
  PPO_PRESETS,
  type LearnerKind,
  type LearnerOptions,
  type PpoPreset,
} from '../../core/run/config'
import { LEARNER_LABELS, learnersFor } from '../../core/run/learnerFit'
import { GRPO_PRESET_LABELS } from '../../model/estimatorComparison'
import { checkLearner, fieldProblemText, problemOfField, type LearnerProblem } from '../../model/learnerProblems'
import { ppoPresetLabel } from '../../model/ppoPresetLabel'
import { readPath } from '../../model/paths'
import { usePlayground } from '../../state/run/store'
import { changeLearner, learnerChangeIsLive, whyLearnerChangeRestarts } from '../../state/run/trainingClient'
import { useRestartGuard } from './useRestartGuard'
import { LEARNER_FIELDS, withFieldValue, type LearnerField } from '../../model/learnerFields'
import { Panel } from '../common/Panel'

/**
 * Pick the learner and edit its main hyperparameters. A refused value is explained beside its field
 * in the field's own words (the panel's foot holds only what no field shown here can carry), and the
 * last valid value stays in use.
 */
export function LearnerPanel() {
  const spec = usePlayground((state) => state.spec)
  const learner = usePlayground((state) => state.design.learner)
  const selectId = useId()
  const [error, setError] = useState<string | null>(null)
  // A learner change that is not live starts the run over: with a curve on screen, say so first.
  const { guard, confirm } = useRestartGuard()
  const fields = LEARNER_FIELDS[learner.kind].filter((field) => field.shownFor?.(learner) ?? true)
  const check = (candidate: unknown) => checkLearner(candidate, spec)
  /** Apply a candidate; the problems of `own` (a field's path, or an object it is part of) are the caller's to show, the rest the panel's. */
  const apply = (candidate: unknown, own?: string): LearnerProblem[] => {
    const checked = check(candidate)
    if (!checked.ok) {
      const isOwn = (problem: LearnerProblem) => own !== undefined && problemOfField(problem, own)
      const others = checked.problems.filter((problem) => !isOwn(problem))
      setError(others.length > 0 ? others.map((problem) => fieldProblemText(fields.find((field) => field.path === problem.path)?.label ?? (problem.path || 'learner'), problem)).join('; ') : null)
      return checked.problems.filter(isOwn)
    }
    setError(null)
    // The GRPO family's estimator, loss and sampling options reach a running run live; anything else starts it over.
    const next = checked.learner
    if (learnerChangeIsLive(next)) changeLearner(next)
    else guard(() => changeLearner(next), whyLearnerChangeRestarts(next))
    return []
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
      {fields.map((field) => (
        <LearnerFieldControl key={`${learner.kind}-${field.path}`} field={field} learner={learner} apply={apply} check={check} />
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

/** Whether a preset is in force: a group preset's estimator fields with the group baseline, and its loss aggregation where it names one; the others' every field they set. */
function presetInForce(name: string, learner: GrpoLearner): boolean {
  const estimatorMatches = (preset: Partial<GrpoLearner['estimator']>) => Object.entries(preset).every(([key, value]) => learner.estimator[key as keyof typeof preset] === value)
  const beyond = GRPO_PRESETS_BEYOND_GROUP[name]
  if (beyond) return estimatorMatches(beyond.estimator) && (beyond.klPlacement === undefined || klPlacementOf(learner) === beyond.klPlacement) && (beyond.kl === undefined || learner.kl === beyond.kl)
  return estimatorBaseline(learner.estimator) === 'group' && estimatorMatches(GROUP_PRESETS[name]) && (GROUP_PRESET_AGGREGATION[name] === undefined || GROUP_PRESET_AGGREGATION[name] === learner.aggregation)
}

/** The learner with a preset applied: a group preset names the group baseline (absent), the others set their fields (the KL's where they name it). */
function withPreset(name: string, learner: GrpoLearner): GrpoLearner {
  const beyond = GRPO_PRESETS_BEYOND_GROUP[name]
  if (beyond) return { ...learner, estimator: { ...learner.estimator, ...beyond.estimator }, klPlacement: beyond.klPlacement ?? learner.klPlacement, kl: beyond.kl ?? learner.kl }
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
        REINFORCE++-baseline (batch mean and std; called REINFORCE++ here before) is named after verl’s reinforce_plus_plus_baseline, which subtracts each group’s mean first and normalises over the batch’s tokens. REINFORCE++ (OpenRLHF) puts the KL (k1) in each token’s reward and normalises every token’s return-to-go over the batch. Median centre is the group’s median with its std; MC-GRPO draws G + 1 answers (an odd group size), scales by the median absolute deviation and leaves the answer on the median out of the loss.
      </p>
    </div>
  )
}

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
            {ppoPresetLabel(name as PpoPreset)}
          </option>
        ))}
        {current === 'custom' && <option value="custom">custom</option>}
      </select>
    </div>
  )
}

/**
 * One hyperparameter. A refused value stays in the box, marked invalid, with the reason beside it in
 * the label's words; while it is shown, every keystroke checks the text again, so it goes as soon as
 * the text would be taken.
 */
function LearnerFieldControl({ field, learner, apply, check }: { field: LearnerField; learner: LearnerOptions; apply: (candidate: unknown, own: string) => LearnerProblem[]; check: (candidate: unknown) => ReturnType<typeof checkLearner> }) {
  const id = useId()
  const errorId = `${id}-error`
  // A field absent by default shows what its absence means (null is a value: an optional number that is off).
  const read = readPath(learner, field.path)
  const value = read === undefined ? field.absent : read
  // An optional number that is off shows an empty box.
  const shown = value === null ? '' : String(value)
  const [text, setText] = useState(shown)
  const [problem, setProblem] = useState<LearnerProblem | null>(null)
  useEffect(() => setText(shown), [shown])
  // Picking what an absent field means leaves it absent (its object too, where that is off), so the design stays as one that never set it.
  const candidateOf = (next: unknown) => withFieldValue(learner, field, next)
  const set = (next: unknown) => setProblem(apply(candidateOf(next), field.path)[0] ?? null)
  const numberOf = (typed: string) => (typed.trim() === '' ? (field.optional ? null : NaN) : Number(typed))
  const described = `${id}-hint${problem ? ` ${errorId}` : ''}`
  const invalid = problem ? true : undefined
  let control
  if (field.kind === 'choice') {
    control = (
      <select id={id} value={String(value)} aria-describedby={described} aria-invalid={invalid} onChange={(event) => set(event.target.value)}>
        {field.options!.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    )
  } else if (field.kind === 'boolean') {
    control = <input id={id} type="checkbox" checked={value === true} aria-describedby={described} aria-invalid={invalid} onChange={(event) => set(event.target.checked)} />
  } else {
    // Typed numbers apply on Enter or when the field loses focus; emptied, an optional one is off.
    const commit = () => (text !== shown ? set(numberOf(text)) : setProblem(null))
    const edit = (typed: string) => {
      setText(typed)
      if (!problem) return
      const checked = check(candidateOf(numberOf(typed)))
      setProblem(checked.ok ? null : (checked.problems.find((each) => problemOfField(each, field.path)) ?? null))
    }
    control = (
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        placeholder={field.optional ? 'none' : undefined}
        aria-describedby={described}
        aria-invalid={invalid}
        onChange={(event) => edit(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
    )
  }
  return (
    <div className={`field param param-${field.kind}`}>
      <label htmlFor={id}>{field.label}</label>
      {control}
      {problem && (
        <p className="field-error" id={errorId} role="alert">
          {fieldProblemText(field.label, problem, shown)}; {shown === '' ? 'it stays off' : `${shown} stays in use`}.
        </p>
      )}
      <p className="hint" id={`${id}-hint`}>
        {field.hint}
      </p>
    </div>
  )
}
