import { useId, useMemo, useState } from 'react'
import { advantageSharesText, binDecimals } from '../../model/creditViews'
import { creditPercents, leftOutLines, lengthCorrelationText, silentGroupsText, tokenCorrelationText } from '../../model/rollouts/rolloutViewText'
import { downloadRolloutAdvantages, useRollouts } from '../../state/rollouts/rollouts'
import type { RolloutStepView } from '../../worker/rolloutsProtocol'
import { BarChart, type BarSeries } from '../charts/BarChart'
import { LineChart, type LineSeries } from '../charts/LineChart'
import { downloadBlob } from '../common/download'
import { formatCount, formatFixed } from '../common/format'
import { RolloutSignChangesShown } from './RolloutSignChangesShown'
import { RolloutTrainerExport } from './RolloutTrainerExport'

const BAR_COLOUR = '#7fd1b9'
const SILENT_COLOUR = '#f4a261'

/**
 * What the design makes of the opened rollouts, per step (the step chooser) or over the whole file:
 * the advantage histogram and its shares, the silent groups step by step, each component's share
 * of the credit, the advantage–length correlation (and with the length in tokens, where the file
 * gives it), the sign changes, the export for the trainer and what was left out. All text is
 * plain text.
 */
export function RolloutViewsShown() {
  const views = useRollouts((state) => state.views)
  const opened = useRollouts((state) => state.opened)
  const updateMillis = useRollouts((state) => state.updateMillis)
  const [chosen, setChosen] = useState(-1)
  const stepId = useId()
  if (views === null || opened === null) return <p className="hint">Computing the views…</p>
  const shown: RolloutStepView = chosen >= 0 && chosen < views.steps.length ? views.steps[chosen] : views.whole
  const { figures } = shown
  const percents = creditPercents(figures.components.map((component) => component.creditShare))
  const leftOut = leftOutLines(opened.leftOut)
  return (
    <div className="rollouts-views">
      <div className="rollouts-view-bar">
        <label htmlFor={stepId}>Step</label>
        <select id={stepId} value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
          <option value={-1}>whole file</option>
          {views.steps.map(({ step }, s) => (
            <option key={s} value={s}>
              {step === null ? 'no step' : `step ${step}`}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => downloadRolloutAdvantages('advantages.jsonl', downloadBlob)}>
          Download advantages
        </button>
        <span className="hint" aria-label="Views update time">
          {updateMillis === null ? '' : `views updated in ${Math.round(updateMillis)} ms`}
        </span>
      </div>
      <AdvantageBars view={shown} />
      <p aria-label="Silent groups">{silentGroupsText(figures.silentGroups, figures.groups)}</p>
      <SilentGroupsCurve steps={views.steps} />
      <table className="rollouts-components" aria-label="Components">
        <thead>
          <tr>
            <th scope="col">component</th>
            <th scope="col">weight</th>
            <th scope="col">mean</th>
            <th scope="col">share of the credit</th>
          </tr>
        </thead>
        <tbody>
          {opened.names.map((name, k) => (
            <ComponentRow key={name} name={name} mean={figures.components[k]?.mean ?? null} percent={percents[k] ?? null} />
          ))}
        </tbody>
      </table>
      <p aria-label="Advantage–length correlation">{lengthCorrelationText(figures.advantageLengthCorrelation)}</p>
      {opened.hasTokens === true && <p aria-label="Advantage–token correlation">{tokenCorrelationText(figures.advantageTokenCorrelation)}</p>}
      <RolloutSignChangesShown chosen={chosen} />
      <RolloutTrainerExport />
      <div aria-label="Left out">
        {leftOut.length === 0 ? <p className="hint">Nothing left out: every completion counts in a group of two or more.</p> : leftOut.map((line) => <p key={line}>{line}</p>)}
      </div>
    </div>
  )
}

function ComponentRow({ name, mean, percent }: { name: string; mean: number | null; percent: number | null }) {
  const weight = useRollouts((state) => state.design?.components[name]?.weight ?? 0)
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{weight}</td>
      <td>{mean === null ? '—' : formatFixed(mean, 3)}</td>
      <td aria-label={`${name} share of the credit`}>{percent === null ? '—' : `${percent}%`}</td>
    </tr>
  )
}

function AdvantageBars({ view }: { view: RolloutStepView }) {
  const { histogram } = view
  const categories = useMemo(() => histogram.counts.map((_, i) => (histogram.edges[i] + histogram.edges[i + 1]) / 2), [histogram])
  const series = useMemo<BarSeries[]>(() => [{ key: 'count', colour: BAR_COLOUR, values: histogram.counts }], [histogram])
  const decimals = binDecimals(histogram.edges)
  return (
    <section aria-label="Advantage histogram">
      <p aria-label="Advantage shares">
        {histogram.total === 0 ? 'No completion counts here.' : `${formatCount(histogram.total)} advantages: ${advantageSharesText(histogram)}`}
      </p>
      <div className="advantage-chart" aria-hidden="true">
        <BarChart categories={categories} series={series} format={(value) => formatFixed(value, decimals)} colour="#9fb3c8" categoryGap={1} margin={{ top: 2, right: 4, bottom: 0, left: 0 }} />
      </div>
    </section>
  )
}

/** Silent groups per step: the share of each step's groups whose rewards are all equal. */
function SilentGroupsCurve({ steps }: { steps: RolloutStepView[] }) {
  const x = useMemo(() => Float64Array.from(steps, ({ step }, s) => step ?? s + 1), [steps])
  const series = useMemo<LineSeries[]>(
    () => [{ key: 'silent', name: 'silent groups', colour: SILENT_COLOUR, width: 2, y: Float64Array.from(steps, ({ figures }) => figures.silentGroups) }],
    [steps],
  )
  if (steps.length < 2) return null
  return (
    <div className="rollouts-silent-chart" aria-hidden="true">
      <LineChart x={x} series={series} left={{ colour: SILENT_COLOUR, title: 'silent groups' }} xColour="#9fb3c8" xFormat={(value) => String(value)} readoutLabel={(value) => `step ${value}`} margin={{ top: 6, right: 8, bottom: 0, left: 0 }} />
    </div>
  )
}
