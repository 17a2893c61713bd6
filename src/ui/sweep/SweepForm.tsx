import { useDeferredValue, useEffect, useId, useMemo } from 'react'
import { axisNames } from '../../model/sweep/axisFit'
import { runCount } from '../../model/sweep/runIndex'
import { axisFormFor, axisHint, sweepOfForm, type AxisForm, type SweepForm as SweepFields } from '../../model/sweep/sweepForm'
import type { Design } from '../../model/design'
import { usePlayground } from '../../state/run/store'
import { startSweep, useSweeps } from '../../state/sweep/sweeps'
import { keepSweepInLink, setSweepFields, useSweepFields } from '../../state/sweep/sweepFields'
import { SweepDefinitionFile } from './SweepDefinitionFile'
import { sweepWorkerCount } from '../../state/sweep/sweepRunner'

/** The budget a new sweep starts with: CliffWalking's Q-learning finds the cliff path well before it. */
const DEFAULT_BUDGET = '20000'
const DEFAULT_SEEDS = '3'

/**
 * The sweep's definition as fields: one or two axes (a link key of the design on the page, as a
 * list or a range), seeds per point and a budget. Every field is checked as the command line checks
 * a definition file; each problem shows under its field, and Run stays off, saying why, until none is left.
 */
export function SweepForm() {
  const design = useDeferredValue(usePlayground((state) => state.design))
  const envLabel = usePlayground((state) => state.spec.label)
  const running = useSweeps((state) => state.running !== null)
  const names = useMemo(() => axisNames(design), [design])
  const held = useSweepFields((state) => state.fields) ?? { axes: [axisFormFor(design, names[0])], seeds: DEFAULT_SEEDS, steps: DEFAULT_BUDGET }
  // Another environment or learner has other keys: an axis it lacks starts again on one it has (kept so once edited).
  const lost = held.axes.some((axis) => !names.includes(axis.name))
  const fields: SweepFields = lost ? { ...held, axes: held.axes.map((axis, index) => (names.includes(axis.name) ? axis : axisFormFor(design, names.find((name) => !held.axes.some((other) => other.name === name)) ?? names[Math.min(index, names.length - 1)]))) } : held
  const setFields = setSweepFields
  const checked = useMemo(() => sweepOfForm(design, fields), [design, fields])
  const touched = useSweepFields((state) => state.fields !== null)
  // Once the fields were set (typed, imported, linked), the link keeps their latest sweep that holds.
  useEffect(() => {
    if (touched && checked.ok) keepSweepInLink(checked.sweep)
  }, [touched, checked])
  const problems = checked.ok ? [] : checked.problems
  const about = (label: string) => problems.filter((problem) => problem.startsWith(`${label}:`))
  const general = problems.filter((problem) => !/^(Axis \d|Seeds per point|Budget):/.test(problem))
  const id = useId()
  const setAxis = (index: number, axis: AxisForm) => setFields({ ...fields, axes: fields.axes.map((each, k) => (k === index ? axis : each)) })
  const secondAxis = (on: boolean) => {
    if (!on) return setFields({ ...fields, axes: fields.axes.slice(0, 1) })
    const free = names.find((name) => name !== fields.axes[0].name) ?? names[0]
    setFields({ ...fields, axes: [fields.axes[0], axisFormFor(design, free)] })
  }
  const runs = checked.ok ? runCount(checked.sweep) : 0
  // Each field's problem shows under it; Run names those fields, and says itself what belongs to none.
  const wrong = [...fields.axes.map((_, index) => `Axis ${index + 1}`), 'Seeds per point', 'Budget'].filter((label) => about(label).length > 0)
  const reason = running
    ? 'Run is off while a sweep trains; stop it first.'
    : general.length > 0
      ? `Run is off: ${general.join(' ')}`
      : wrong.length > 0
        ? `Run is off until ${wrong.join(' and ')} ${wrong.length === 1 ? 'is' : 'are'} fixed; ${wrong.length === 1 ? 'its' : 'each'} message says what is accepted.`
        : null
  return (
    <div className="sweep-form">
      {fields.axes.map((axis, index) => (
        <AxisFields key={index} index={index} axis={axis} design={design} names={names} problems={about(`Axis ${index + 1}`)} onChange={(next) => setAxis(index, next)} />
      ))}
      <label className="sweep-check">
        <input type="checkbox" checked={fields.axes.length === 2} onChange={(event) => secondAxis(event.target.checked)} /> Second axis (every pair: a heat map)
      </label>
      <NumberField id={`${id}-seeds`} label="Seeds per point" value={fields.seeds} problems={about('Seeds per point')} hint={`Each point trains seeds ${design.seed} onward (the design's seed first).`} onChange={(seeds) => setFields({ ...fields, seeds })} />
      <NumberField id={`${id}-steps`} label="Budget (steps per run)" value={fields.steps} problems={about('Budget')} hint="Each run trains whole iterations until it has taken this many environment steps." onChange={(steps) => setFields({ ...fields, steps })} />
      <SweepDefinitionFile sweep={checked.ok ? checked.sweep : null} />
      <div className="sweep-run">
        <button type="button" disabled={reason !== null} aria-describedby={`${id}-reason`} onClick={() => checked.ok && startSweep(checked.sweep, envLabel)}>
          Run sweep
        </button>
        <p className={general.length > 0 ? 'field-error' : 'hint'} id={`${id}-reason`} aria-live="polite">
          {reason ?? (checked.ok ? `${checked.sweep.points.length} points × ${checked.sweep.seeds} seeds = ${runs} runs, ${sweepWorkerCount(navigator.hardwareConcurrency, runs)} at a time (one per core).` : '')}
        </p>
      </div>
    </div>
  )
}

/** One axis: which link key, and its values as a list or a range. */
function AxisFields({ index, axis, design, names, problems, onChange }: { index: number; axis: AxisForm; design: Design; names: string[]; problems: string[]; onChange: (axis: AxisForm) => void }) {
  const id = useId()
  const label = `Axis ${index + 1}`
  const hint = axisHint(design, axis.name)
  const accepted = hint.range !== null ? `; accepted: ${hint.range[0]} to ${hint.range[1]}` : hint.choices !== null ? `; accepted: ${hint.choices.join(', ')}` : ''
  const invalid = problems.length > 0
  const described = `${id}-hint${invalid ? ` ${id}-error` : ''}`
  return (
    <div className="sweep-axis" role="group" aria-label={label}>
      <div className="field">
        <label htmlFor={`${id}-name`}>{label}</label>
        <select id={`${id}-name`} value={axis.name} aria-describedby={described} onChange={(event) => onChange(axisFormFor(design, event.target.value))}>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div role="radiogroup" aria-label={`${label} values as`} className="sweep-kind">
        <label>
          <input type="radio" name={`${id}-kind`} checked={axis.kind === 'list'} onChange={() => onChange({ ...axis, kind: 'list' })} /> List
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={axis.kind === 'range'} onChange={() => onChange({ ...axis, kind: 'range' })} /> Range
        </label>
      </div>
      {axis.kind === 'list' ? (
        <div className="field">
          <label htmlFor={`${id}-list`}>{label} values</label>
          <input id={`${id}-list`} type="text" value={axis.list} placeholder="v1,v2,…" aria-invalid={invalid} aria-describedby={described} onChange={(event) => onChange({ ...axis, list: event.target.value })} />
        </div>
      ) : (
        <div className="sweep-range">
          <span className="field">
            <label htmlFor={`${id}-lo`}>{label} from</label>
            <input id={`${id}-lo`} type="text" inputMode="decimal" value={axis.lo} aria-invalid={invalid} aria-describedby={described} onChange={(event) => onChange({ ...axis, lo: event.target.value })} />
          </span>
          <span className="field">
            <label htmlFor={`${id}-hi`}>{label} to</label>
            <input id={`${id}-hi`} type="text" inputMode="decimal" value={axis.hi} aria-invalid={invalid} aria-describedby={described} onChange={(event) => onChange({ ...axis, hi: event.target.value })} />
          </span>
          <span className="field">
            <label htmlFor={`${id}-count`}>{label} points</label>
            <input id={`${id}-count`} type="text" inputMode="numeric" value={axis.count} aria-invalid={invalid} aria-describedby={described} onChange={(event) => onChange({ ...axis, count: event.target.value })} />
          </span>
          <label className="sweep-check">
            <input type="checkbox" checked={axis.log} onChange={(event) => onChange({ ...axis, log: event.target.checked })} /> {label} log spacing
          </label>
        </div>
      )}
      <p className="hint" id={`${id}-hint`}>
        {hint.now === '' ? 'Not set in this design' : `Now ${hint.now} in this design`}
        {accepted}. {axis.kind === 'list' ? 'Values separated by commas.' : 'N points from the first to the last, both included.'}
      </p>
      {invalid && <FieldError id={id} problems={problems} />}
    </div>
  )
}

function NumberField({ id, label, value, problems, hint, onChange }: { id: string; label: string; value: string; problems: string[]; hint: string; onChange: (value: string) => void }) {
  const invalid = problems.length > 0
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" inputMode="numeric" value={value} aria-invalid={invalid} aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`} onChange={(event) => onChange(event.target.value)} />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {invalid && <FieldError id={id} problems={problems} />}
    </div>
  )
}

/** A field's problems, in one paragraph the field's input is described by. */
function FieldError({ id, problems }: { id: string; problems: string[] }) {
  return (
    <p className="field-error" id={`${id}-error`}>
      {problems.join(' ')}
    </p>
  )
}
