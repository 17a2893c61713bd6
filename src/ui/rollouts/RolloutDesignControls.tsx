import { useId } from 'react'
import { GROUP_PRESETS, type GroupEstimator } from '../../core/credit/estimatorSchema'
import { CENTERS, SCALES } from '../../core/credit/estimatorSettings'
import { GRPO_PRESET_LABELS } from '../../model/estimatorComparison'
import { setRolloutEstimator, setRolloutWeight, useRollouts } from '../../state/rollouts/rollouts'
import { RolloutTransforms } from './RolloutTransforms'

/** The weight slider's range and step; the number beside it takes any finite weight. */
const WEIGHT_RANGE = { min: -2, max: 2, step: 0.05 }

const CENTER_LABELS: Record<(typeof CENTERS)[number], string> = { mean: 'group mean', median: 'group median', loo: 'leave-one-out', batch: 'batch mean' }
const SCALE_LABELS: Record<(typeof SCALES)[number], string> = { group: "group's std", batch: "batch's std", none: 'none' }

/** The preset whose fields the estimator has, or '' (custom). */
function presetOf(estimator: GroupEstimator): string {
  return Object.entries(GROUP_PRESETS).find(([, fields]) => Object.entries(fields).every(([key, value]) => estimator[key as keyof GroupEstimator] === value))?.[0] ?? ''
}

/** A weight and transforms per component (slider and number), the combine rule and the group estimator: the design the views follow. */
export function RolloutDesignControls() {
  const design = useRollouts((state) => state.design)
  const names = useRollouts((state) => state.opened?.names ?? null)
  const id = useId()
  if (design === null || names === null) return null
  const { estimator } = design
  return (
    <div className="rollouts-design">
      <fieldset>
        <legend>Weights</legend>
        {names.map((name, k) => {
          const weight = design.components[name]?.weight ?? 0
          return (
            <div className="rollouts-weight" key={name}>
              <label htmlFor={`${id}-w${k}`}>{name}</label>
              <input id={`${id}-w${k}`} type="range" aria-label={`Weight of ${name}`} {...WEIGHT_RANGE} value={weight} onChange={(event) => setRolloutWeight(name, Number(event.target.value))} />
              <input type="number" aria-label={`Weight of ${name} (number)`} step={WEIGHT_RANGE.step} value={weight} onChange={(event) => event.target.value.trim() !== '' && setRolloutWeight(name, Number(event.target.value))} />
              <RolloutTransforms name={name} />
            </div>
          )
        })}
      </fieldset>
      <fieldset>
        <legend>Estimator</legend>
        <label>
          Preset{' '}
          <select value={presetOf(estimator)} onChange={(event) => event.target.value !== '' && setRolloutEstimator(GROUP_PRESETS[event.target.value])}>
            <option value="">custom</option>
            {Object.keys(GROUP_PRESETS).map((preset) => (
              <option key={preset} value={preset}>
                {GRPO_PRESET_LABELS[preset] ?? preset}
              </option>
            ))}
          </select>
        </label>
        <label>
          Combine{' '}
          <select value={estimator.combine} onChange={(event) => setRolloutEstimator({ combine: event.target.value as GroupEstimator['combine'] })}>
            <option value="sum">sum, then normalise</option>
            <option value="decoupled">normalise each, then sum</option>
          </select>
        </label>
        <label>
          Centre{' '}
          <select value={estimator.center} onChange={(event) => setRolloutEstimator({ center: event.target.value as GroupEstimator['center'] })}>
            {CENTERS.map((center) => (
              <option key={center} value={center}>
                {CENTER_LABELS[center]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Scale{' '}
          <select value={estimator.scale} onChange={(event) => setRolloutEstimator({ scale: event.target.value as GroupEstimator['scale'] })}>
            {SCALES.map((scale) => (
              <option key={scale} value={scale}>
                {SCALE_LABELS[scale]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={estimator.rank} onChange={(event) => setRolloutEstimator({ rank: event.target.checked })} /> Rank
        </label>
        <label>
          <input type="checkbox" checked={estimator.batchNormalize} onChange={(event) => setRolloutEstimator({ batchNormalize: event.target.checked })} /> Normalise over the step (batch)
        </label>
      </fieldset>
    </div>
  )
}
