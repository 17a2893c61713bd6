import { useId, useState, type ReactNode } from 'react'
import type { RewardComponentSpec } from '../../core/envs/types'
import { describeSchedule, SCHEDULE_KINDS } from '../../core/rewards/weightSchedule'
import { ownValue } from '../../core/reservedNames'
import { scheduleFields, scheduleOfFields, type ScheduleFieldProblems, type ScheduleFields } from '../../model/scheduleForm'
import { usePlayground } from '../../state/run/store'
import { changeSchedule, changeWeight } from '../../state/run/trainingClient'
import { formatWeight } from '../common/format'
import { IfVisible } from '../common/IfVisible'
import { sliderControl } from '../../state/link/classroom'
import { Panel } from '../common/Panel'

/** One slider per reward component: r = Σ weight × component. */
export function RewardSliders() {
  const components = usePlayground((state) => state.spec.components)
  return (
    <Panel className="sliders" title="Reward = Σ weight × component" openOnNarrow>
      {components.map((component) => (
        <IfVisible key={component.name} control={sliderControl(component.name)}><WeightSlider component={component} /></IfVisible>
      ))}
    </Panel>
  )
}

function WeightSlider({ component }: { component: RewardComponentSpec }) {
  const weight = usePlayground((state) => state.design.weights[component.name] ?? component.defaultWeight)
  const schedule = usePlayground((state) => (state.design.schedules ? ownValue(state.design.schedules, component.name) : undefined))
  const [menuOpen, setMenuOpen] = useState(false)
  const id = useId()
  const [lo, hi] = component.range
  return (
    <div className="slider">
      <div className="slider-head">
        <label htmlFor={id}>{component.name}</label>
        <output htmlFor={id} aria-label={`${component.name} weight`}>
          {formatWeight(weight)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={lo}
        max={hi}
        step={sliderStep(lo, hi)}
        value={weight}
        aria-describedby={`${id}-description`}
        aria-valuetext={formatWeight(weight)}
        disabled={schedule !== undefined}
        onChange={(event) => changeWeight(component.name, Number(event.target.value))}
      />
      {schedule && <p className="hint schedule-note">Follows its schedule: {describeSchedule(schedule)} (the slider is off until it is removed).</p>}
      <button type="button" className="link-button" aria-label={`Schedule… (${component.name})`} aria-expanded={menuOpen} aria-controls={`${id}-schedule`} onClick={() => setMenuOpen(!menuOpen)}>
        Schedule…
      </button>
      {menuOpen && <ScheduleForm id={`${id}-schedule`} component={component} weight={weight} onDone={() => setMenuOpen(false)} />}
      <p className="hint" id={`${id}-description`}>
        {component.description}
      </p>
    </div>
  )
}

/** The Schedule… menu of one weight: kind, from, to, steps; each wrong field's message under it. */
function ScheduleForm({ id, component, weight, onDone }: { id: string; component: RewardComponentSpec; weight: number; onDone: () => void }) {
  const schedule = usePlayground((state) => (state.design.schedules ? ownValue(state.design.schedules, component.name) : undefined))
  const [fields, setFields] = useState<ScheduleFields>(() => scheduleFields(schedule, weight))
  const [problems, setProblems] = useState<ScheduleFieldProblems>({})
  const apply = () => {
    const read = scheduleOfFields(fields, component)
    if (!read.ok) return setProblems(read.problems)
    setProblems({})
    changeSchedule(component.name, read.schedule)
    onDone()
  }
  const field = (name: keyof ScheduleFields, label: string, input: ReactNode) => (
    <div className="schedule-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {problems[name] && (
        <p className="field-error" id={`${id}-${name}-problem`} role="alert">
          {problems[name]}
        </p>
      )}
    </div>
  )
  const input = (name: 'from' | 'to' | 'steps') => (
    <input
      id={`${id}-${name}`}
      inputMode="decimal"
      value={fields[name]}
      aria-invalid={problems[name] !== undefined}
      aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
    />
  )
  return (
    <form
      id={id}
      className="schedule-form"
      aria-label={`Schedule of ${component.name}`}
      onSubmit={(event) => {
        event.preventDefault()
        apply()
      }}
    >
      {field(
        'kind',
        'Kind',
        <select id={`${id}-kind`} value={fields.kind} onChange={(event) => setFields({ ...fields, kind: event.target.value })}>
          {SCHEDULE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>,
      )}
      {field('from', `From (weight at step 0, ${component.range[0]} to ${component.range[1]})`, input('from'))}
      {field('to', `To (${component.range[0]} to ${component.range[1]})`, input('to'))}
      {field('steps', fields.kind === 'step' ? 'At step' : 'Over steps', input('steps'))}
      <div className="schedule-buttons">
        <button type="submit">Apply schedule</button>
        {schedule && (
          <button
            type="button"
            onClick={() => {
              changeSchedule(component.name, null)
              onDone()
            }}
          >
            Remove schedule
          </button>
        )}
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** About 100 keyboard steps across the range, rounded to 1, 2 or 5 × a power of ten. */
export function sliderStep(lo: number, hi: number): number {
  const raw = (hi - lo) / 100
  const power = 10 ** Math.floor(Math.log10(raw))
  const mantissa = raw / power
  const nice = mantissa < 1.5 ? 1 : mantissa < 3.5 ? 2 : mantissa < 7.5 ? 5 : 10
  return nice * power
}
