import { useId } from 'react'
import { readProgressText } from '../../model/rollouts/rolloutViewText'
import { cancelRolloutsOpen, openRolloutExample, openRolloutFiles, useRollouts } from '../../state/rollouts/rollouts'
import { FileImportButton } from '../common/FileImportButton'
import { FolderImportButton } from '../common/FolderImportButton'
import { formatCount } from '../common/format'
import { RolloutDesignControls } from './RolloutDesignControls'
import { RolloutViewsShown } from './RolloutViewsShown'
import { ROLLOUTS_PANEL_ID } from './rolloutsPanelAnchor'

/** The example shipped with the page: six updates of GRPO on the token task, as `train --dump-rollouts` writes them. */
const EXAMPLE_FILES = ['1.jsonl', '2.jsonl', '3.jsonl', '4.jsonl', '5.jsonl', '6.jsonl']

/**
 * "Your rollouts": a GRPO run's own completions (verl's rollout dump, a TRL completions table,
 * plain JSONL), read in a worker, re-scored under the weights and estimator set here. The file
 * stays in the browser; the link keeps only the design.
 */
export function RolloutsPanel() {
  const headingId = useId()
  const { opening, problem, requestProblem, note, opened, keptLine } = useRollouts()
  return (
    <section className="rollouts-panel" id={ROLLOUTS_PANEL_ID} tabIndex={-1} aria-labelledby={headingId}>
      <h2 id={headingId}>Your rollouts</h2>
      <p className="hint">
        Open a GRPO run&apos;s completions — verl&apos;s rollout folder (trainer.rollout_data_dir, one &lt;step&gt;.jsonl per step), a TRL completions table (JSON or CSV) or plain JSONL — and see what
        other weights and estimators would have made of its advantages.
      </p>
      <p className="hint">The file is read here and never sent anywhere; the link keeps only the design, not the file.</p>
      <div className="rollouts-open">
        <FileImportButton label="Open file" accept=".jsonl,.json,.csv,.txt" onFile={(file, name) => openRolloutFiles([file], name)} />
        <FolderImportButton label="Open folder" onFiles={(files) => openRolloutFiles(files, 'the folder')} />
        <button type="button" onClick={() => openRolloutExample(EXAMPLE_FILES.map((name) => new URL(`examples/rollouts/${name}`, document.baseURI).href))}>
          Open the example
        </button>
      </div>
      {opening && (
        <div className="rollouts-progress">
          <progress aria-label="Reading rollouts" value={opening.totalBytes === null ? undefined : opening.bytesRead} max={opening.totalBytes ?? undefined} />
          <span role="status">
            Reading {opening.label}: {readProgressText(opening.bytesRead, opening.totalBytes)}
          </span>
          <button type="button" onClick={cancelRolloutsOpen}>
            Cancel
          </button>
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert" aria-label="Rollouts problem">
          {problem}
        </p>
      )}
      {requestProblem && (
        <p className="field-error" role="alert" aria-label="Rollouts views problem">
          {requestProblem}
        </p>
      )}
      {note && <p className="hint">{note}</p>}
      {opened && (
        <>
          <p className="hint" aria-label="Rollouts opened">
            {opened.label}: {formatCount(opened.count)} completions, {opened.steps.length} step{opened.steps.length === 1 ? '' : 's'}, {opened.names.length} reward component
            {opened.names.length === 1 ? '' : 's'} ({opened.format}), {opened.fromKept ? 'opened from this browser' : 'read'} in {(opened.millis / 1000).toFixed(1)} s.
          </p>
          {keptLine && (
            <p className="hint" aria-label="Rollouts kept">
              {keptLine}
            </p>
          )}
          <RolloutDesignControls />
          <RolloutViewsShown />
        </>
      )}
    </section>
  )
}
