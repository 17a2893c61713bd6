import { useState, type ReactNode } from 'react'
import { errorMessage } from '../../core/errorMessage'
import { designToSearch } from '../../model/designLink'
import type { Design } from '../../model/design'
import { baseDesignOf, type Sweep } from '../../model/sweep/definition'
import { definitionOf } from '../../model/sweep/definitionFile'
import { definitionSizeProblem, readDefinitionFile } from '../../model/sweep/definitionImport'
import { formOfSweep } from '../../model/sweep/sweepForm'
import { loadDesign, usePlayground } from '../../state/run/store'
import { setSweepFields } from '../../state/sweep/sweepFields'
import { resetRun } from '../../state/run/trainingClient'
import { pinLiveRun } from '../../state/library/pinLiveRun'
import { downloadText } from '../common/download'
import { ReplaceDesignConfirm } from '../design/ReplaceDesignConfirm'
import { FileImportButton } from '../common/FileImportButton'

/**
 * The sweep's definition as a file: export the fields' definition (the file `sweep --sweep FILE`
 * reads), and import one, checked as the command line checks it and held to the page's bound. An
 * imported file of another design asks first whether its design replaces the page's (keeping the
 * page's design leaves everything as it was); then its axes, seeds and budget fill the fields, and
 * nothing trains until Run sweep. A refused file changes nothing.
 */
export function SweepDefinitionFile({ sweep }: { sweep: Sweep | null }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [confirm, setConfirm] = useState<ReactNode>(null)
  const exportDefinition = () => {
    if (sweep === null) return
    downloadText(`${JSON.stringify(definitionOf(sweep), null, 2)}\n`, `sweep-${sweep.config.env.id}.json`, 'application/json')
  }
  const importFile = async (file: File, name: string) => {
    const refuse = (problem: string) => setMessage({ ok: false, text: `${name} was not imported: ${problem}` })
    const size = definitionSizeProblem(file.size)
    if (size !== null) return refuse(size)
    let text: string
    try {
      text = await file.text()
    } catch (error) {
      return refuse(`it could not be read (${errorMessage(error)})`)
    }
    const read = readDefinitionFile(text)
    if (!read.ok) return refuse(read.problem)
    const imported = read.sweep
    const design = baseDesignOf(imported)
    const fill = () => {
      setSweepFields(formOfSweep(imported))
      setMessage({ ok: true, text: `Imported ${name}: ${imported.axisTexts.join(' × ')} × ${imported.seeds} seed${imported.seeds === 1 ? '' : 's'}, ${imported.steps} steps a run, on its design (${design.envId}, ${design.learner.kind}, seed ${design.seed}). Press Run sweep to train it.` })
    }
    // The file sweeps its own config: on another design, that design goes on the page first, if the user says so.
    const { design: current, run } = usePlayground.getState()
    if (designToSearch(design) === designToSearch(current)) return fill()
    setConfirm(
      <ReplaceDesignConfirm
        what={name}
        incoming={designSummary(design)}
        current={designSummary(current)}
        points={run.series.length}
        onReplace={(pinFirst) => {
          setConfirm(null)
          if (pinFirst) pinLiveRun()
          resetRun()
          loadDesign(design)
          fill()
        }}
        onKeep={() => {
          setConfirm(null)
          setMessage({ ok: true, text: `${name} was not imported: your design is kept as it was.` })
        }}
      />,
    )
  }
  return (
    <div className="design-file sweep-file">
      <button type="button" disabled={sweep === null} onClick={exportDefinition} title="The file sweep --sweep FILE reads: this design as a run config, the axes, the seeds and the budget">
        Export definition
      </button>
      <FileImportButton label="Import definition" accept="application/json,.json" onFile={(file, name) => void importFile(file, name)} />
      {confirm}
      {message && (
        <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'} aria-label="Sweep definition file">
          {message.text}
        </p>
      )}
    </div>
  )
}

/** A design in a few words: its environment, learner, seed and how many reward terms it adds. */
function designSummary(design: Design): string {
  const terms = design.reward.terms.length
  return `${design.envId}, ${design.learner.kind}, seed ${design.seed}${terms > 0 ? `, ${terms} custom term${terms === 1 ? '' : 's'}` : ''}`
}
