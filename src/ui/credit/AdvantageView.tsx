import { memo, useCallback, useMemo, useRef, useState } from 'react'
import type { AdvantageHistogram } from '../../core/credit/histogram'
import { advantageSharesText, binDecimals, whatIfAdvantagesLine, whatIfBatchAdvantages, whatIfEpisodes, whatIfLine, whatIfReward, type AdvantageBar } from '../../model/creditViews'
import { formatFixed } from '../common/format'
import { usePlayground } from '../../state/run/store'
import { CreditTimeline } from './CreditTimeline'
import { TeamView } from './TeamView'
import { ChartExportButtons } from '../charts/ChartExportButtons'
import { useView } from '../../state/link/views'
import { IfVisible } from '../common/IfVisible'
import { BarChart, type BarSeries } from '../charts/BarChart'
import { EstimatorComparison } from './EstimatorComparison'
import { comparedAdvantages, comparedChoice } from '../../model/estimatorComparison'
import { creditHistograms } from '../../model/creditHistograms'
import { useViewRun } from '../run/useViewRun'

const NO_BARS: AdvantageBar[] = []

/** The what-if bars' colour: violet, apart from the true objective's gold on the learning curve. */
const WHAT_IF_COLOUR = '#c792ea'

/**
 * The advantages of the latest recorded batch (the record comes about once a second): where credit
 * went, and how much of the batch got none. The what-if re-scores that same batch, so with nothing
 * changed the two agree exactly.
 */
export function AdvantageView() {
  const run = useViewRun((run) => run)
  const advantages = run.batchAdvantages ?? run.latest?.advantages ?? null
  const { record, valueBatch, groupBatch } = run
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  // What-if: the latest batch re-scored under the sliders and estimator as they are now.
  const whatIf = useMemo(() => whatIfBatchAdvantages(record, valueBatch, groupBatch, weights, learner), [record, valueBatch, groupBatch, weights, learner])
  const [view, setView] = useView('credit')
  // The estimator the comparison sets beside the running one: the researcher's pick, else the first other one.
  const [picked, setPicked] = useState<string | null>(null)
  const running = learner.kind === 'grpo' ? learner.estimator : null
  const other = useMemo(() => (running ? comparedChoice(picked, running) : null), [picked, running])
  const compared = useMemo(
    () => (view === 'advantages' && groupBatch && running && other ? comparedAdvantages(groupBatch, weights, running, other.estimator) : null),
    [view, groupBatch, weights, running, other],
  )
  // Every advantage histogram on the view binned over one axis, worked out once from all of them.
  const { main: histograms, comparison } = useMemo(() => creditHistograms(advantages, whatIf, compared), [advantages, whatIf, compared])
  const histogram = histograms?.batch ?? null
  const isTeam = usePlayground((state) => state.spec.team !== undefined)
  return (
    <section className="advantages" aria-label="Credit">
      <IfVisible control="creditTabs">
      <div className="credit-tabs" role="group" aria-label="Credit view">
        <button type="button" aria-pressed={view === 'advantages'} onClick={() => setView('advantages')}>
          Advantages
        </button>
        <button type="button" aria-pressed={view === 'timeline'} onClick={() => setView('timeline')}>
          Credit timeline
        </button>
        {isTeam && (
          <button type="button" aria-pressed={view === 'team'} onClick={() => setView('team')}>
            Team
          </button>
        )}
      </div>
      </IfVisible>
      {view === 'team' && isTeam ? <TeamView /> : view === 'timeline' ? <CreditTimeline /> : <Histogram histogram={histogram} whatIf={histograms?.whatIf ?? null} data={histograms?.bars ?? NO_BARS} />}
      {comparison && running && other && <EstimatorComparison comparison={comparison} running={running} other={other} onPick={setPicked} />}
      <WhatIf />
    </section>
  )
}

const Histogram = memo(function Histogram({ histogram, whatIf, data }: { histogram: AdvantageHistogram | null; whatIf: AdvantageHistogram | null; data: AdvantageBar[] }) {
  const chartRef = useRef<HTMLDivElement>(null)
  // The batch's counts, and beside each the what-if batch's counts scaled to the same total.
  const categories = useMemo(() => data.map((row) => row.centre), [data])
  // Bin centres with as many decimals as the bins' width needs, never "-0.0".
  const decimals = histogram ? binDecimals(histogram.edges) : 1
  const formatCentre = useCallback((value: number) => formatFixed(value, decimals), [decimals])
  const bars = useMemo<BarSeries[]>(
    () => [
      { key: 'count', colour: '#7fd1b9', values: data.map((row) => row.count) },
      { key: 'whatIf', colour: WHAT_IF_COLOUR, opacity: 0.6, values: data.map((row) => row.whatIf ?? NaN) },
    ],
    [data],
  )
  return (
    <section className="advantage-histogram" aria-label="Advantages">
      <p className="advantage-summary" aria-live="polite">
        {histogram
          ? `${histogram.total} sampled: ${histogram.total > 0 ? advantageSharesText(histogram) : 'none yet'}`
          : 'Shown after the first update.'}
      </p>
      {whatIf && (
        <p className="what-if-advantages" role="status" aria-label="What-if advantages">
          {whatIfAdvantagesLine(whatIf)}
        </p>
      )}
      <ChartExportButtons chart="the advantage histogram" fileName="advantages" target={chartRef} />
      {/* Mounted from the start, even empty: a chart's first render is costly, better paid at load than mid-training. */}
      <div className="advantage-chart" aria-hidden="true" ref={chartRef}>
        <BarChart categories={categories} series={bars} format={formatCentre} colour="#9fb3c8" categoryGap={1} margin={{ top: 2, right: 4, bottom: 0, left: 0 }} />
      </div>
    </section>
  )
})

/**
 * The run's recent finished episodes, whole, and the latest recorded steps re-scored under the
 * sliders as they are now, at once, before the learner sees the change.
 */
function WhatIf() {
  const run = useViewRun((run) => run)
  const record = run.record
  const recent = run.latest?.recentEpisodes ?? null
  const componentNames = run.latest?.componentNames ?? null
  const weights = usePlayground((state) => state.design.weights)
  const episodes = useMemo(() => (recent && componentNames ? whatIfEpisodes(recent, componentNames, weights) : null), [recent, componentNames, weights])
  const steps = useMemo(() => (record ? whatIfReward(record, weights) : null), [record, weights])
  const line = whatIfLine(episodes, steps)
  if (line === null) return null
  return (
    <p className="what-if" role="status" aria-label="What-if">
      {line}
    </p>
  )
}
