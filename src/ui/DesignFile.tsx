import { useId, useRef, useState } from 'react'
import { getEnv } from '../core/envs/registry'
import { checkDesignAgainstSpec, parseRewardDesign, rewardDesignToJson } from '../core/rewards/designSchema'
import { expressionProblems } from '../core/rewards/expressionProblems'
import { rewardedSpec } from '../core/rewards/extras'
import { rewardDesignOf } from '../state/design'
import { usePlayground } from '../state/store'
import { changeReward, changeWeight } from '../state/trainingClient'

/** The largest design file read; a design is a few kilobytes. */
const MAX_FILE_BYTES = 256 * 1024

/**
 * Export the reward design as JSON (the schema the command line's `--mix` reads) and import one:
 * every problem of a rejected file is listed at once, and a rejected file changes nothing.
 */
export function DesignFile() {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const exportDesign = () => {
    const design = usePlayground.getState().design
    const blob = new Blob([rewardDesignToJson(rewardDesignOf(design))], { type: 'application/json' })
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = `reward-design-${design.envId}.json`
    link.click()
    // Some browsers read the object URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  const importDesign = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) return setMessage({ ok: false, text: `${file.name} is ${file.size} bytes; a design file is at most ${MAX_FILE_BYTES} bytes` })
    let text: string
    try {
      text = await file.text()
    } catch (error) {
      return setMessage({ ok: false, text: `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}` })
    }
    const parsed = parseRewardDesign(text)
    if (!parsed.ok) return setMessage({ ok: false, text: `${file.name} was not imported: ${parsed.problems.join('; ')}` })
    const { envId, params } = usePlayground.getState().design
    const spec = getEnv(envId).describe(params)
    const problems = [...checkDesignAgainstSpec(parsed.design, spec), ...expressionProblems(parsed.design, spec)]
    // Weights must sit within their sliders' ranges, as in a link.
    const components = rewardedSpec(spec, parsed.design).components
    for (const [name, weight] of Object.entries(parsed.design.weights)) {
      const range = components.find((c) => c.name === name)?.range
      if (range && (weight < range[0] || weight > range[1])) problems.push(`weights.${name}: ${weight} is outside its slider's range; accepted: a number from ${range[0]} to ${range[1]}`)
    }
    if (problems.length > 0) return setMessage({ ok: false, text: `${file.name} was not imported: ${problems.join('; ')}` })
    const { terms, shaping, bonuses, transforms, weights } = parsed.design
    const refused = changeReward({ terms, shaping, bonuses, transforms }, `imported ${file.name}`)
    if (refused.length > 0) return setMessage({ ok: false, text: `${file.name} was not imported: ${refused.join('; ')}` })
    for (const [name, weight] of Object.entries(weights)) changeWeight(name, weight)
    setMessage({ ok: true, text: `Imported ${file.name}.` })
  }
  return (
    <div className="design-file">
      <button type="button" onClick={exportDesign}>
        Export design
      </button>
      <label htmlFor={inputId} className="button-like">
        Import design
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) void importDesign(file)
          if (input.current) input.current.value = ''
        }}
      />
      {message && (
        <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </div>
  )
}
