import { memo, useMemo } from 'react'
import type { RunView } from '../../model/runView'
import { useViewRun } from './useViewRun'
import { overOptimisationCurve } from '../../model/overOptimisation'
import { specOf } from '../../model/design'
import { usePlayground } from '../../state/run/store'
import { COMPONENT_COLOURS } from '../common/colours'
import { LineChart, type LineSeries } from '../charts/LineChart'

const GOLD_COLOUR = '#ffd166'

/**
 * The over-optimisation chart of a run trained against a learned reward (Gao, Schulman & Hilton
 * 2023): the true objective (gold) and each reward model's contribution (the proxy) against √KL
 * to the start policy, binned. Shown only when the design has a reward model and the learner
 * reports its KL (the GRPO family). The proxy keeps rising as the policy moves; where gold turns
 * down, the reward model is being over-optimised.
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
  const turned = goldTurnedDown(curve.gold)
  return (
    <figure className="over-optimisation" aria-label="Over-optimisation">
      <figcaption>
        Gold and proxy against √KL to the start policy ({curve.counts.reduce((sum, count) => sum + count, 0)} points in {curve.counts.length} bins)
        {curve.counts.length === 0 ? ': drawn once updates report their KL.' : turned ? ': gold has turned down while the policy moved on — the reward model is being over-optimised.' : '.'}
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

/** Whether gold, after its peak, has fallen by at least a tenth of its rise (and the peak is not the last bin). */
function goldTurnedDown(gold: readonly number[]): boolean {
  if (gold.length < 3) return false
  let peak = 0
  for (let b = 1; b < gold.length; b++) if (gold[b] > gold[peak]) peak = b
  const last = gold[gold.length - 1]
  const rise = gold[peak] - gold[0]
  return peak < gold.length - 1 && rise > 0 && gold[peak] - last >= 0.1 * rise
}
