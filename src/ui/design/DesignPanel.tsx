import { useId, useState } from 'react'
import { ENVIRONMENTS } from '../../core/envs/registry'
import { MAX_SEED } from '../../model/design'
import { usePlayground } from '../../state/run/store'
import { changeEnv } from '../../state/run/trainingClient'
import { RunControls } from '../run/RunControls'
import { SeedsAtOnce } from '../run/SeedsAtOnce'
import { RewardSliders } from './RewardSliders'
import { ParamsPanel } from './ParamsPanel'
import { LearnerPanel } from './LearnerPanel'
import { RewardTermsPanel } from './RewardTermsPanel'
import { IfVisible } from '../common/IfVisible'
import { LessonCard } from '../lessons/LessonCard'
import { useLinkStatus } from '../../state/link/linkStatus'
import { linkNoteText } from '../../model/linkNoteText'
import { SKIP_TARGETS } from '../app/SkipLinks'

export function DesignPanel() {
  const envId = usePlayground((state) => state.design.envId)
  const spec = usePlayground((state) => state.spec)
  const envSelectId = useId()
  return (
    <aside className="design" aria-label="Design" id={SKIP_TARGETS.controls} tabIndex={-1}>
      <div className="field">
        <IfVisible control="env">
        <label htmlFor={envSelectId}>Environment</label>
        <select id={envSelectId} value={envId} onChange={(event) => changeEnv(event.target.value)}>
          {ENVIRONMENTS.map((env) => (
            <option key={env.spec.id} value={env.spec.id}>
              {env.spec.label}
            </option>
          ))}
        </select>
        </IfVisible>
        <p className="hint">{spec.description}</p>
      </div>
      <IfVisible control="seed"><SeedField /></IfVisible>
      <IfVisible control="seed"><SeedsAtOnce /></IfVisible>
      <IfVisible control="run"><RunControls /></IfVisible>
      <IfVisible control="designFile"><LinkNote /></IfVisible>
      <LessonCard />
      <IfVisible control="weights"><RewardSliders /></IfVisible>
      <IfVisible control="terms"><RewardTermsPanel /></IfVisible>
      <IfVisible control="learner"><LearnerPanel /></IfVisible>
      <IfVisible control="params"><ParamsPanel /></IfVisible>
    </aside>
  )
}

/** The seed; a value outside the accepted range is shown as an error and the last valid seed stays. */
function SeedField() {
  const seed = usePlayground((state) => state.design.seed)
  const setSeed = usePlayground((state) => state.setSeed)
  const [text, setText] = useState(String(seed))
  const [error, setError] = useState<string | null>(null)
  // A design loaded from elsewhere (a saved run's) brings its own seed into the field.
  const [shownSeed, setShownSeed] = useState(seed)
  if (seed !== shownSeed) {
    setShownSeed(seed)
    setText(String(seed))
    setError(null)
  }
  const id = useId()
  const errorId = `${id}-error`
  const commit = (value: string) => {
    setText(value)
    const parsed = Number(value)
    if (value.trim() !== '' && Number.isInteger(parsed) && parsed >= 0 && parsed <= MAX_SEED) {
      setError(null)
      setSeed(parsed)
    } else {
      setError(`Seed must be a whole number from 0 to ${MAX_SEED}; keeping ${seed}.`)
    }
  }
  return (
    <div className="field">
      <label htmlFor={id}>Seed</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_SEED}
        step={1}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => commit(event.target.value)}
      />
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** What the address cannot carry of this design (reward models too long for a link, an address too long to share), and what to do instead. */
function LinkNote() {
  const length = useLinkStatus((status) => status.length)
  const rewardModelsLeftOut = useLinkStatus((status) => status.rewardModelsLeftOut)
  const text = linkNoteText({ length, rewardModelsLeftOut })
  if (text === null) return null
  return (
    <p className="hint link-note" role="status" aria-label="Link">
      {text}
    </p>
  )
}
