import { useEffect, useMemo } from 'react'
import { MAX_PAIRS_FILE_BYTES, MAX_PAIRS_FILE_SIZE } from '../../core/preferences/limits'
import { MAX_DPO_LABELLED_PAIRS } from '../../core/run/dpoOptions'
import { errorMessage } from '../../core/errorMessage'
import { trainDpoOnLabels } from '../../state/labels/dpoFromLabels'
import { clearLabels, dismissLabelMessage, exportLabels, importLabels, importProgressText, labelsHere, openLabels, removeLabels, useLabels } from '../../state/labels/labels'
import { usePlayground } from '../../state/run/store'
import { downloadText } from '../common/download'
import { countOf } from '../../core/plural'
import { LabelPairCard } from './LabelPairCard'
import { Panel } from '../common/Panel'
import { RewardModelFit } from './RewardModelFit'
import { SimulatedLabeler } from './SimulatedLabeler'
import { FileImportButton } from '../common/FileImportButton'
import { stepFeaturesFor } from '../../core/preferences/stepFeatures'

/**
 * Label pairs (the token task): pick the better of two completions of one prompt, by mouse or
 * keyboard, or let the simulated labeler label many; the labels are kept in the browser, export and
 * import as the command line's pairs file, and fit a reward model that the design can train against.
 */
export function LabelPairsPanel() {
  const tokens = usePlayground((state) => state.spec.completions === 'tokens')
  // CartPole and the grid worlds: pairs of trajectory segments (Christiano et al. 2017).
  const segments = usePlayground((state) => stepFeaturesFor(state.spec) !== null)
  if (!tokens && !segments) return null
  return (
    <Panel title="Label pairs" className="label-pairs" startsFolded>
      <LabelPairsBody />
    </Panel>
  )
}

function LabelPairsBody() {
  useEffect(() => {
    void openLabels()
  }, [])
  const allLabels = useLabels((state) => state.labels)
  const spec = usePlayground((state) => state.spec)
  const segments = stepFeaturesFor(spec) !== null
  const labels = useMemo(() => labelsHere(allLabels), [allLabels, spec])
  const message = useLabels((state) => state.message)
  const storage = useLabels((state) => state.storage)
  const readBack = useLabels((state) => state.readBack)
  const ties = labels.filter((label) => label.choice === 'tie').length
  const byHand = labels.filter((label) => label.source === 'user').length
  return (
    <div className="label-pairs-body">
      {segments ? (
        <p className="hint">Which stretch of behaviour is better? ← left, → right, = a tie, S skips. The pairs are two short segments of the run&apos;s latest steps (its current policy), or of the random start policy&apos;s walk before a run has stepped, replayed side by side (after Christiano et al. 2017).</p>
      ) : (
        <p className="hint">
          Which completion is better? ← left, → right, = a tie, S skips. The pairs are two completions of one prompt from the run&apos;s latest batch (a GRPO run), or the start policy before it has one.
        </p>
      )}
      <p role="status" aria-label="Labelled pairs">
        {labels.length} labelled ({byHand} by hand, {countOf(ties, 'tie')}){storage === 'opening' ? ` · reading the kept labels${readBack > 0 ? ` (${readBack.toLocaleString('en-US')} so far)` : ''}…` : ''}
      </p>
      <LabelPairCard />
      <SimulatedLabeler withBiases={!segments} />
      <LabelFiles />
      {message && (
        <p className="hint" role="alert" aria-label="Labels message">
          {message}{' '}
          <button type="button" onClick={dismissLabelMessage}>
            OK
          </button>
        </p>
      )}
      <DamagedLabels />
      <RewardModelFit />
      {/* DPO trains a policy of completions: the token task's, not a segment walker's. */}
      {!segments && (
        <div className="label-dpo">
          <button type="button" onClick={trainDpoOnLabels} disabled={labels.length === 0}>
            Train DPO on these pairs
          </button>
          <p className="hint">Direct preference optimisation: the policy learns from the decided pairs themselves, with no reward model, held to the starting policy by β (Learner panel). Up to {MAX_DPO_LABELLED_PAIRS.toLocaleString('en-US')} pairs; ties are left out.</p>
        </div>
      )}
    </div>
  )
}

/** The most damaged labels listed, each with its Remove button; the rest are counted. */
const MAX_DAMAGED_LISTED = 10

/** Kept labels that could not be read back: each named with what is wrong, and removable one by one (or all of them), the good labels staying. */
function DamagedLabels() {
  const damaged = useLabels((state) => state.damaged)
  if (damaged.length === 0) return null
  const rest = damaged.length - MAX_DAMAGED_LISTED
  return (
    <div className="field-error" role="group" aria-label="Damaged labels">
      <p>
        {damaged.length} kept {damaged.length === 1 ? 'label is' : 'labels are'} damaged and left out; remove {damaged.length === 1 ? 'it' : 'them'} here (the other labels stay):
      </p>
      <ul>
        {damaged.slice(0, MAX_DAMAGED_LISTED).map((record, k) => (
          <li key={k}>
            {record.label}: {record.problem}{' '}
            <button type="button" aria-label={`Remove the damaged ${record.label}`} onClick={() => void removeLabels([record.key], `the damaged ${record.label}`)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <p>
          and {rest} more{' '}
          <button type="button" onClick={() => void removeLabels(damaged.map((record) => record.key), `${damaged.length} damaged labels`)}>
            Remove every damaged label
          </button>
        </p>
      )}
    </div>
  )
}

/** Export and import as JSONL (the command line's pairs file), and clearing the labels. */
function LabelFiles() {
  const exportFile = () => {
    const { text, ties } = exportLabels()
    downloadText(text, 'pairs.jsonl', 'application/jsonl')
    if (ties > 0) useLabels.setState({ message: `Exported every label; ${countOf(ties, 'tie')} ${ties === 1 ? 'is' : 'are'} kept as "label": "tie", which a fit skips.` })
  }
  const importing = useLabels((state) => state.importing)
  const importFile = async (file: File, name: string) => {
    if (file.size > MAX_PAIRS_FILE_BYTES) {
      useLabels.setState({ message: `${name} was not imported: it holds more than ${MAX_PAIRS_FILE_SIZE}, the most a pairs file may` })
      return
    }
    let text: string
    try {
      text = await file.text()
    } catch (error) {
      useLabels.setState({ message: `${name} was not imported: it could not be read (${errorMessage(error)})` })
      return
    }
    await importLabels(text)
  }
  return (
    <div className="label-files">
      <button type="button" onClick={exportFile}>
        Export JSONL
      </button>
      <FileImportButton label="Import JSONL" accept=".jsonl,application/jsonl,text/plain" onFile={(file, name) => void importFile(file, name)} />
      <button type="button" onClick={() => void clearLabels()} disabled={importing !== null}>
        Clear labels
      </button>
      {importing !== null && (
        <p role="status" aria-label="Import progress" className="hint">
          {importProgressText(importing)}
        </p>
      )}
    </div>
  )
}
