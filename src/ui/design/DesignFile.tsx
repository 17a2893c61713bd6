import { useState } from 'react'
import { rewardDesignToJson } from '../../core/rewards/designSchema'
import { rewardDesignOf } from '../../model/design'
import { summariseProblems } from '../../model/problemList'
import { MAX_FILE_BYTES, readDesignOrSetup, setupExportText, setupToJson } from '../../model/setupFile'
import { loadDesign, usePlayground } from '../../state/run/store'
import { changeReward, changeSchedule, changeWeight, resetRun, rewardChangeRestarts } from '../../state/run/trainingClient'
import { useRestartGuard } from './useRestartGuard'
import { downloadText } from '../common/download'
import { errorMessage } from '../../core/errorMessage'
import { FileImportButton } from '../common/FileImportButton'

/**
 * Export the reward design (the schema the command line's `--mix` reads) or the whole setup (the
 * run config `train --config` reads) as JSON, and import either: the problems of a rejected file
 * are listed at once (the first few, the rest counted), and a rejected file changes nothing.
 */
export function DesignFile() {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const { guard, confirm } = useRestartGuard()
  const exportDesign = () => {
    const design = usePlayground.getState().design
    downloadText(rewardDesignToJson(rewardDesignOf(design)), `reward-design-${design.envId}.json`, 'application/json')
  }
  const exportSetup = () => {
    const design = usePlayground.getState().design
    const fileName = `setup-${design.envId}-seed${design.seed}.json`
    downloadText(setupToJson(design), fileName, 'application/json')
    setMessage({ ok: true, text: setupExportText(fileName) })
  }
  const importFile = async (file: File, name: string) => {
    const refuse = (problems: string[]) => setMessage({ ok: false, text: `${name} was not imported: ${summariseProblems(problems)}` })
    if (file.size > MAX_FILE_BYTES) return refuse([`it is ${file.size} bytes; a design or setup file is at most ${MAX_FILE_BYTES} bytes`])
    let text: string
    try {
      text = await file.text()
    } catch (error) {
      return refuse([`it could not be read (${errorMessage(error)})`])
    }
    const read = readDesignOrSetup(text, usePlayground.getState().design)
    if (!read.ok) return refuse(read.problems)
    if (read.kind === 'setup') {
      // A whole setup is another run: the current one stops and its curves are cleared (asked first).
      const design = read.design
      return guard(() => {
        resetRun()
        loadDesign(design)
        setMessage({ ok: true, text: `Imported the setup in ${name}: ${design.envId}, ${design.learner.kind}, seed ${design.seed}.` })
      }, `${name} is a whole setup, another run`)
    }
    const { reward, weights, schedules } = read
    const importDesign = () => {
      const refused = changeReward(reward, `imported ${name}`)
      if (refused.length > 0) return refuse(refused)
      for (const [name, weight] of Object.entries(weights)) changeWeight(name, weight)
      // The file's schedules replace those of the weights it schedules; the others stay.
      for (const [name, schedule] of Object.entries(schedules ?? {})) changeSchedule(name, schedule)
      setMessage({ ok: true, text: `Imported ${name}.` })
    }
    const restart = rewardChangeRestarts(reward)
    if (restart === null) importDesign()
    else guard(importDesign, restart)
  }
  return (
    <div className="design-file">
      <button type="button" onClick={exportDesign} title="The reward design only: weights, terms, shaping, bonuses, transforms (trace --mix FILE reads it)">
        Export design
      </button>
      <button type="button" onClick={exportSetup} title="Environment, its parameters, the reward design, the learner and the seed (train --config FILE reads it); not the labels, pins or sweeps">
        Export setup
      </button>
      <FileImportButton label="Import design or setup" accept="application/json,.json" onFile={(file, name) => void importFile(file, name)} />
      {confirm}
      {message && (
        <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </div>
  )
}
