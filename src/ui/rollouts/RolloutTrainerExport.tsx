import { useId, useMemo, useState } from 'react'
import { AGGREGATIONS, type Aggregation } from '../../core/losses/aggregation'
import { trainerExport, type Trainer } from '../../core/rollouts/trainerConfig'
import { setRolloutAggregation, useRollouts } from '../../state/rollouts/rollouts'
import { downloadText } from '../common/download'

const TRAINER_NAMES: Record<Trainer, string> = { trl: 'TRL', verl: 'verl' }
const FILE_NAMES: Record<Trainer, string> = { trl: 'grpo_config.txt', verl: 'verl_overrides.txt' }

/**
 * The design written for the trainer that will run it (trainerExport, as `rollouts export --to`):
 * TRL's GRPOConfig keywords or verl's overrides, read-only, to copy or download, with every part
 * of the design the trainer has no setting for listed beside it. The loss aggregation chosen here
 * becomes TRL's loss_type or verl's loss_agg_mode.
 */
export function RolloutTrainerExport() {
  const design = useRollouts((state) => state.design)
  const names = useRollouts((state) => state.opened?.names ?? null)
  const [trainer, setTrainer] = useState<Trainer | null>(null)
  const [copied, setCopied] = useState<string | null>(null)
  const aggregationId = useId()
  const exported = useMemo(() => (design === null || names === null || trainer === null ? null : trainerExport(design, names, trainer)), [design, names, trainer])
  if (design === null) return null
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('Copied.')
    } catch {
      setCopied('This browser did not allow copying: select the text and copy it.')
    }
  }
  return (
    <section className="rollouts-export" aria-label="Export for the trainer">
      <h3>Export for the trainer</h3>
      <div className="rollouts-view-bar">
        <label htmlFor={aggregationId}>Loss aggregation</label>
        <select id={aggregationId} value={design.aggregation ?? ''} onChange={(event) => setRolloutAggregation(event.target.value === '' ? undefined : (event.target.value as Aggregation))}>
          <option value="">none (the trainer&apos;s default)</option>
          {AGGREGATIONS.map((aggregation) => (
            <option key={aggregation} value={aggregation}>
              {aggregation}
            </option>
          ))}
        </select>
        {(['trl', 'verl'] as const).map((which) => (
          <button key={which} type="button" aria-pressed={trainer === which} onClick={() => (setTrainer(which), setCopied(null))}>
            Export for {TRAINER_NAMES[which]}
          </button>
        ))}
      </div>
      {exported !== null && 'problem' in exported && (
        <p className="field-error" role="alert">
          {exported.problem}
        </p>
      )}
      {exported !== null && !('problem' in exported) && (
        <div className="rollouts-export-body">
          <div>
            <textarea readOnly rows={6} cols={60} aria-label={`${TRAINER_NAMES[exported.trainer]} settings`} value={exported.text} />
            <div>
              <button type="button" onClick={() => void copy(exported.text)}>
                Copy
              </button>
              <button type="button" onClick={() => downloadText(exported.text, FILE_NAMES[exported.trainer], 'text/plain')}>
                Download
              </button>
              {copied && <span role="status"> {copied}</span>}
            </div>
          </div>
          <div>
            <p className="hint">Not exported ({TRAINER_NAMES[exported.trainer]} has no setting for it):</p>
            {exported.unmapped.length === 0 ? (
              <p className="hint">nothing: the whole design is exported.</p>
            ) : (
              <ul aria-label="Not exported">
                {exported.unmapped.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  )
}
