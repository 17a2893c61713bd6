import { useMemo } from 'react'
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { episodeTimeline } from '../core/run/timeline'
import { usePlayground } from '../state/store'
import { COMPONENT_COLOURS } from './colours'

/**
 * The credit timeline: the latest episode of copy 0, step by step, with each component's
 * contribution under the sliders as they are now (stacked) and the return-to-go G_t.
 */
export function CreditTimeline() {
  const record = usePlayground((state) => state.run.record)
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  const gamma = 'gamma' in learner ? learner.gamma : 1
  const steps = useMemo(() => (record ? episodeTimeline(record, weights, gamma) : []), [record, weights, gamma])
  const names = record?.names ?? []
  const data = steps.map((step) => ({ t: step.t, returnToGo: step.returnToGo, ...Object.fromEntries(names.map((name) => [`c_${name}`, step.contributions[name]])) }))
  const last = steps[steps.length - 1]
  return (
    <>
      <p className="advantage-summary" aria-live="polite">
        {last ? `Latest episode of copy 0: ${steps.length} steps, return ${steps[0].returnToGo.toFixed(2)} (γ = ${gamma}); bars: each component's share per step, line: return-to-go.` : 'Shown once the first steps are recorded.'}
      </p>
      <div className="advantage-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 2, right: 4, bottom: 0, left: 0 }} barCategoryGap={0}>
            <CartesianGrid stroke="#2b3a4f" strokeDasharray="3 3" />
            <XAxis dataKey="t" stroke="#9fb3c8" fontSize={10} />
            <YAxis stroke="#9fb3c8" fontSize={10} width={36} />
            <Tooltip contentStyle={{ background: '#132033', border: '1px solid #2b3a4f', fontSize: 11 }} formatter={(value) => Number(value).toFixed(3)} />
            {names.map((name, k) => (
              <Bar key={name} dataKey={`c_${name}`} name={name} stackId="reward" fill={COMPONENT_COLOURS[k % COMPONENT_COLOURS.length]} isAnimationActive={false} />
            ))}
            <Line dataKey="returnToGo" name="return-to-go" stroke="#e8f1f8" dot={false} strokeWidth={1.5} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </>
  )
}
