import { memo, useCallback, useId, useMemo } from 'react'
import type { GroupEstimator } from '../../core/run/config'
import { binDecimals } from '../../model/creditViews'
import { ESTIMATOR_CHOICES, estimatorChoiceOf, type EstimatorChoice, type EstimatorComparison as Comparison, type EstimatorSide } from '../../model/estimatorComparison'
import { BarChart } from '../charts/BarChart'
import { formatFixed } from '../common/format'

/**
 * The latest batch under the estimator the run trains with and under another one picked here,
 * side by side on the axis of the batch's histogram above (creditHistograms.ts), each with its
 * share of exactly-zero advantages: what a switch of the estimator would do, before making it.
 * Its header row holds the choice; the histograms come below it, never over another chart.
 */
/** Drawn again only when its comparison or choice changes (memo): its parent redraws at every frame. */
export const EstimatorComparison = memo(function EstimatorComparison({
  comparison,
  running,
  other,
  onPick,
}: {
  comparison: Comparison
  running: GroupEstimator
  other: EstimatorChoice
  onPick: (name: string) => void
}) {
  const selectId = useId()
  const runningLabel = `running (${estimatorChoiceOf(running)?.label ?? 'custom'})`
  return (
    <section className="estimator-comparison" aria-label="What-if under two estimators">
      <div className="estimator-header field">
        <label htmlFor={selectId}>Compare the estimator with</label>
        <select id={selectId} value={other.name} onChange={(event) => onPick(event.target.value)}>
          {ESTIMATOR_CHOICES.map((choice) => (
            <option key={choice.name} value={choice.name}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="estimator-sides">
        <EstimatorHistogram label={runningLabel} side={comparison.running} colour="#7fd1b9" />
        {comparison.other ? (
          <EstimatorHistogram label={other.label} side={comparison.other} colour="#ffd166" />
        ) : (
          <p className="estimator-side" role="status">
            {other.label}: {comparison.why}.
          </p>
        )}
      </div>
    </section>
  )
})

function EstimatorHistogram({ label, side, colour }: { label: string; side: EstimatorSide; colour: string }) {
  const { histogram, zeroFraction } = side
  const categories = useMemo(() => histogram.counts.map((_, i) => (histogram.edges[i] + histogram.edges[i + 1]) / 2), [histogram])
  const decimals = binDecimals(histogram.edges)
  const format = useCallback((value: number) => formatFixed(value, decimals), [decimals])
  const series = useMemo(() => [{ key: 'count', colour, values: histogram.counts }], [histogram, colour])
  const caption = `${label}: ${Math.round(zeroFraction * 100)}% exactly zero`
  return (
    <figure className="estimator-side" aria-label={`Advantages under ${label}`}>
      <figcaption>{caption}</figcaption>
      <div className="estimator-chart" aria-hidden="true">
        <BarChart categories={categories} series={series} format={format} colour="#9fb3c8" categoryGap={1} margin={{ top: 2, right: 4, bottom: 0, left: 0 }} />
      </div>
    </figure>
  )
}
