import { useMemo } from 'react'
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { episodeTimeline } from '../core/run/timeline'
import { batchCredit } from '../core/credit/whatIf'
import { usePlayground } from '../state/store'
import { COMPONENT_COLOURS } from './colours'
import { TokenCredit } from './TokenCredit'
import { ChartExportButtons } from './ChartExportButtons'
import { useElementSize } from './charts/useElementSize'

/**
 * The credit timeline: the latest episode of copy 0, step by step, with each component's
 * contribution under the sliders as they are now (stacked) and the return-to-go G_t.
 */
export function CreditTimeline() {
  const record = usePlayground((state) => state.run.record)
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  const gamma = 'gamma' in learner ? learner.gamma : 1
  const valueBatch = usePlayground((state) => state.run.valueBatch)
  const steps = useMemo(() => (record ? episodeTimeline(record, weights, gamma) : []), [record, weights, gamma])
  // With a GAE learner, each step of the batch also has its value, TD error and advantage (under the sliders now).
  const credit = useMemo(() => (record && valueBatch ? batchCredit(record, valueBatch, weights) : null), [record, valueBatch, weights])
  const names = record?.names ?? []
  const inBatch = (row: number) => credit !== null && row >= credit.first
  const data = steps.map((step) => ({
    t: step.t,
    returnToGo: step.returnToGo,
    ...(inBatch(step.row) ? { value: credit!.values[step.row - credit!.first], delta: credit!.deltas[step.row - credit!.first], advantage: credit!.advantages[step.row - credit!.first] } : {}),
    ...Object.fromEntries(names.map((name) => [`c_${name}`, step.contributions[name]])),
  }))
  const withCredit = steps.some((step) => inBatch(step.row))
  const last = steps[steps.length - 1]
  const isTokens = usePlayground((state) => state.spec.completions === 'tokens')
  // The axes' text follows the style sheet's font size (larger in the presenter layout); ticks like -12.5 need 3.6 sizes.
  const [chartRef, { fontSize }] = useElementSize<HTMLDivElement>()
  if (isTokens) return <TokenCredit />
  return (
    <>
      <p className="advantage-summary" aria-live="polite">
        {last
          ? `Latest episode of copy 0: ${steps.length} steps, return ${steps[0].returnToGo.toFixed(2)} (γ = ${gamma}); bars: each component's share per step, line: return-to-go${withCredit ? '; with the value estimate, TD error and advantage of the latest batch under the sliders now' : ''}.`
          : 'Shown once the first steps are recorded.'}
      </p>
      <ol className="sr-only" aria-label="Steps of the latest episode">
        {steps.map((step) => (
          <li key={step.t}>
            step {step.t}: reward {step.reward.toFixed(2)} ({names.filter((name) => step.contributions[name] !== 0).map((name) => `${name} ${step.contributions[name].toFixed(2)}`).join(', ') || 'nothing'}), return-to-go {step.returnToGo.toFixed(2)}
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
            {names.map((name, k) => (
              <Bar key={name} dataKey={`c_${name}`} name={name} stackId="reward" fill={COMPONENT_COLOURS[k % COMPONENT_COLOURS.length]} isAnimationActive={false} />
            ))}
            <Line dataKey="returnToGo" name="return-to-go" stroke="#e8f1f8" dot={false} strokeWidth={1.5} isAnimationActive={false} />
            {withCredit && <Line dataKey="value" name="value V(s)" stroke="#00bbf9" dot={false} strokeWidth={1} isAnimationActive={false} />}
            {withCredit && <Line dataKey="delta" name="TD error δ" stroke="#f15bb5" dot={false} strokeWidth={1} strokeDasharray="3 2" isAnimationActive={false} />}
            {withCredit && <Line dataKey="advantage" name="advantage A" stroke="#ffd166" dot={false} strokeWidth={1.5} isAnimationActive={false} />}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </>
  )
}
