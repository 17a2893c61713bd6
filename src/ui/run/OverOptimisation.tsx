import { memo, useMemo } from 'react'
import type { RunView } from '../../model/runView'
import { useViewRun } from './useViewRun'
import { overOptimisationCurve } from '../../model/overOptimisation'
import { overOptimisationVerdict, overOptimisationVerdictText } from '../../model/overOptimisationVerdict'
import { specOf } from '../../model/design'
import { usePlayground } from '../../state/run/store'
import { COMPONENT_COLOURS } from '../common/colours'
import { LineChart, type LineSeries } from '../charts/LineChart'

const GOLD_COLOUR = '#ffd166'

/**
 * The over-optimisation chart of a run trained against a learned reward (Gao, Schulman & Hilton
 * 2023): the true objective (gold) and each reward model's contribution (the proxy) against √KL
 * to the start policy, binned. Shown only when the design has a reward model and the learner
 * reports its KL (the GRPO family). The caption's verdict is overOptimisationVerdict's: it speaks
 * only of a paid reward model, and says over-optimised only where gold fell from its peak while the
 * proxy rose.
 */
export function OverOptimisation() {
  const series = useViewRun((run) => run.series)
  return <OverOptimisationFigure series={series} />
}

/** The chart, drawn again only when the drawn run's points (or the design) change. */
const OverOptimisationFigure = memo(function OverOptimisationFigure({ series }: Pick<RunView, 'series'>) {
  const design = usePlayground((state) => state.design)
  const proxyNames = useMemo(() => (design.reward.rewardModels ?? []).map((model) => model.name), [design.reward.rewardModels])
  const curve = useMemo(() => overOptimisationCurve(series, proxyNames), [series, proxyNames])
  const spec = useMemo(() => specOf(design), [design])
  const verdict = useMemo(() => overOptimisationVerdict(curve, design.weights, spec.objective.higherIsBetter), [curve, design.weights, spec.objective.higherIsBetter])
  if (proxyNames.length === 0 || design.learner.kind !== 'grpo') return null
  const componentIndex = (name: string) => spec.components.findIndex((component) => component.name === name)
  const lines: LineSeries[] = [
    ...proxyNames.map((name, k) => ({
      key: `proxy_${name}`,
      name: `${name} (proxy, contribution)`,
      colour: COMPONENT_COLOURS[(componentIndex(name) < 0 ? k : componentIndex(name)) % COMPONENT_COLOURS.length],
      width: 2,
      y: curve.proxies[name],
    })),
    { key: 'gold', name: `${spec.objective.name} (gold, true objective)`, colour: GOLD_COLOUR, width: 2, axis: 'right' as const, y: curve.gold },
  ]
  const points = curve.counts.reduce((sum, count) => sum + count, 0)
  return (
    <figure className="over-optimisation" aria-label="Over-optimisation">
      <figcaption>
        Gold and proxy against √KL to the start policy ({points} points in {curve.counts.length} bins)
        {overOptimisationVerdictText(verdict, points)}
      </figcaption>
      <div className="over-optimisation-chart" aria-hidden="true">
        <LineChart
          x={curve.sqrtKl}
          series={lines}
          left={{ colour: '#9fb3c8', title: 'proxy' }}
          right={{ colour: GOLD_COLOUR, title: 'gold' }}
          xColour="#9fb3c8"
          xFormat={(value) => value.toFixed(2)}
          readoutLabel={(value) => `√KL ${value.toFixed(3)}`}
          legend
          margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
        />
      </div>
    </figure>
  )
})
