import { useEffect, useId, useState } from 'react'
import { formatParamValue } from '../../core/envs/params'
import type { EnvParams, ParamSpec, ParamValue } from '../../core/envs/types'
import { usePlayground } from '../../state/run/store'
import { changeParams } from '../../state/run/trainingClient'
import { Panel } from '../common/Panel'

/** One control per environment parameter; a refused value is explained and the last valid one stays. */
export function ParamsPanel() {
  const specs = usePlayground((state) => state.spec.params)
  const visible = specs.filter((param) => param.kind !== 'text')
  if (visible.length === 0) return null
  return (
    <Panel className="params" title="Environment parameters">
      {visible.map((param) => (
        <ParamField key={param.name} param={param} />
      ))}
    </Panel>
  )
}

function ParamField({ param }: { param: ParamSpec }) {
  const value = usePlayground((state) => state.design.params[param.name])
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const [text, setText] = useState(formatParamValue(value ?? param.default))
  useEffect(() => setText(formatParamValue(value ?? param.default)), [value, param.default])
  const apply = (next: ParamValue) => {
    const params = usePlayground.getState().design.params
    // A drawn level overrides the map, so picking a map drops the drawing.
    const dropDrawing: EnvParams = param.name === 'map' && typeof params.layout === 'string' ? { layout: '' } : {}
    const refusal = changeParams({ ...params, [param.name]: next, ...dropDrawing })
    setError(refusal)
  }
  const describedBy = `${id}-description${error ? ` ${id}-error` : ''}`
  let control
  switch (param.kind) {
    case 'choice':
      control = (
        <select id={id} value={String(value)} aria-describedby={describedBy} onChange={(event) => apply(event.target.value)}>
          {param.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )
      break
    case 'boolean':
      control = <input id={id} type="checkbox" checked={value === true} aria-describedby={describedBy} onChange={(event) => apply(event.target.checked)} />
      break
    default:
      // Numbers and lists are typed; they apply on Enter or when the field loses focus.
      control = (
        <input
          id={id}
          type="text"
          inputMode={param.kind === 'number' ? 'decimal' : 'text'}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={describedBy}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => text !== formatParamValue(value) && apply(text)}
          onKeyDown={(event) => event.key === 'Enter' && apply(text)}
        />
      )
  }
  return (
    <div className={`field param param-${param.kind}`}>
      <label htmlFor={id}>{param.name.replaceAll('_', ' ')}</label>
      {control}
      <p className="hint" id={`${id}-description`}>
        {param.description}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}; keeping {formatParamValue(value)}.
        </p>
      )}
    </div>
  )
}
