import { useId } from 'react'
import type { RewardComponentSpec } from '../core/envs/types'
import { usePlayground } from '../state/store'
import { changeWeight } from '../state/trainingClient'
import { formatWeight } from './format'
import { IfVisible } from './IfVisible'
import { sliderControl } from '../state/classroom'
import { Panel } from './Panel'

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
        onChange={(event) => changeWeight(component.name, Number(event.target.value))}
      />
      <p className="hint" id={`${id}-description`}>
        {component.description}
      </p>
    </div>
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
