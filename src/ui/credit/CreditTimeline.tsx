import { memo, useMemo } from 'react'
import type { RunView } from '../../model/runView'
import { useViewRun } from '../run/useViewRun'
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { creditTimeline, creditTimelineCaption } from '../../model/creditViews'
import { usePlayground } from '../../state/run/store'
import { COMPONENT_COLOURS } from '../common/colours'
import { TokenCredit } from './TokenCredit'
import { ChartExportButtons } from '../charts/ChartExportButtons'
import { Legend, type LegendEntry } from '../charts/Legend'
import { useElementSize } from '../charts/useElementSize'

/**
 * The credit timeline: the latest finished episode of copy 0, whole, step by step, with each
 * component's contribution under the sliders as they are now (stacked), the return-to-go G_t, and
 * with a critic its value, TD error and advantage for every step; a legend names each colour.
 */
export function CreditTimeline() {
  const run = useViewRun((run) => run)
  return <Timeline record={run.record} valueBatch={run.valueBatch} />
}

/** The chart, drawn again only when the drawn run's record or value batch changes (or the sliders do). */
const Timeline = memo(function Timeline({ record, valueBatch }: Pick<RunView, 'record' | 'valueBatch'>) {
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  const gamma = 'gamma' in learner ? learner.gamma : 1
  // With a GAE learner, each step of the batch also has its value, TD error and advantage (under the sliders now).
  const view = useMemo(() => (record ? creditTimeline(record, valueBatch, weights, gamma) : null), [record, valueBatch, weights, gamma])
  const steps = view?.steps ?? []
  const names = record?.names ?? []
  const data = steps.map((step, j) => ({
    t: step.t,
    returnToGo: step.returnToGo,
    ...(view?.credit[j] ?? {}),
    ...Object.fromEntries(names.map((name) => [`c_${name}`, step.contributions[name]])),
  }))
  const withCredit = view?.withCredit ?? false
  const legend = useMemo<LegendEntry[]>(
    () => [
      ...(view?.paying ?? []).map((k) => ({ key: `c_${names[k]}`, name: names[k], colour: componentColour(k), width: 8 })),
      ...LINES.filter((line) => line.key === 'returnToGo' || withCredit),
    ],
    [view, names, withCredit],
  )
  const isTokens = usePlayground((state) => state.spec.completions === 'tokens')
  // The axes' text follows the style sheet's font size (larger in the presenter layout); ticks like -12.5 need 3.6 sizes.
  const [chartRef, { fontSize }] = useElementSize<HTMLDivElement>()
  if (isTokens) return <TokenCredit />
  return (
    <>
      <p className="advantage-summary" aria-live="polite">
        {view ? creditTimelineCaption(view, gamma) : 'Shown once the first steps are recorded.'}
      </p>
      <ol className="sr-only" aria-label="Steps of the latest episode">
        {steps.map((step, j) => (
          <li key={step.t}>
            step {step.t}: reward {step.reward.toFixed(2)} ({names.filter((name) => step.contributions[name] !== 0).map((name) => `${name} ${step.contributions[name].toFixed(2)}`).join(', ') || 'nothing'}), return-to-go {step.returnToGo.toFixed(2)}
            {view?.credit[j] && `, value ${view.credit[j].value.toFixed(2)}, TD error ${view.credit[j].delta.toFixed(2)}, advantage ${view.credit[j].advantage.toFixed(2)}`}
          </li>
        ))}
      </ol>
      <ChartExportButtons chart="the timeline of credit per step" fileName="credit-timeline" target={chartRef} />
      <div className="advantage-chart" aria-hidden="true" ref={chartRef}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 2, right: 4, bottom: 0, left: 0 }} barCategoryGap={0}>
            <CartesianGrid stroke="#2b3a4f" strokeDasharray="3 3" />
            <XAxis dataKey="t" stroke="#9fb3c8" fontSize={fontSize} />
            <YAxis stroke="#9fb3c8" fontSize={fontSize} width={Math.ceil(fontSize * 3.6)} />
            <Tooltip contentStyle={{ background: '#132033', border: '1px solid #2b3a4f', fontSize }} formatter={(value) => Number(value).toFixed(3)} />
            {/* A bar series per component that pays anything: a weight at 0 draws no row of empty bars. */}
            {(view?.paying ?? []).map((k) => (
              <Bar key={names[k]} dataKey={`c_${names[k]}`} name={names[k]} stackId="reward" fill={componentColour(k)} isAnimationActive={false} />
            ))}
            {LINES.filter((line) => line.key === 'returnToGo' || withCredit).map((line) => (
              <Line key={line.key} dataKey={line.key} name={line.name} stroke={line.colour} dot={false} strokeWidth={line.width} strokeDasharray={line.dash} isAnimationActive={false} />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <Legend entries={legend} label="Credit timeline legend" />
    </>
  )
})

const componentColour = (k: number) => COMPONENT_COLOURS[k % COMPONENT_COLOURS.length]

/** The timeline's lines, as the chart draws them and the legend names them: the return-to-go always, the critic's three with one. */
const LINES: LegendEntry[] = [
  { key: 'returnToGo', name: 'return-to-go G', colour: '#e8f1f8', width: 1.5 },
  { key: 'value', name: 'value V(s)', colour: '#00bbf9', width: 1 },
  { key: 'delta', name: 'TD error δ', colour: '#f15bb5', width: 1, dash: '3 2' },
  { key: 'advantage', name: 'advantage A', colour: '#ffd166', width: 1.5 },
]
