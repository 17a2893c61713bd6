import { useMemo, useRef } from 'react'
import type { AdvantageHistogram } from '../core/credit/histogram'
import { advantageHistograms, whatIfBatchAdvantages, whatIfReward, type AdvantageBar } from '../model/creditViews'
import { usePlayground } from '../state/store'
import { CreditTimeline } from './CreditTimeline'
import { TeamView } from './TeamView'
import { ChartExportButtons } from './ChartExportButtons'
import { useView } from '../state/views'
import { IfVisible } from './IfVisible'
import { BarChart, type BarSeries } from './charts/BarChart'

const NO_BARS: AdvantageBar[] = []

/**
 * The advantages of the latest recorded batch (the record comes about once a second): where credit
 * went, and how much of the batch got none. The what-if re-scores that same batch, so with nothing
 * changed the two agree exactly.
 */
export function AdvantageView() {
  const advantages = usePlayground((state) => state.run.batchAdvantages ?? state.run.latest?.advantages ?? null)
  const record = usePlayground((state) => state.run.record)
  const valueBatch = usePlayground((state) => state.run.valueBatch)
  const groupBatch = usePlayground((state) => state.run.groupBatch)
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  // What-if: the latest batch re-scored under the sliders and estimator as they are now.
  const whatIf = useMemo(() => whatIfBatchAdvantages(record, valueBatch, groupBatch, weights, learner), [record, valueBatch, groupBatch, weights, learner])
  const histograms = useMemo(() => advantageHistograms(advantages, whatIf), [advantages, whatIf])
  const histogram = histograms?.batch ?? null
  const percent = (count: number) => (histogram && histogram.total > 0 ? `${((100 * count) / histogram.total).toFixed(0)}%` : '—')
  const [view, setView] = useView('credit')
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
      {view === 'team' && isTeam ? <TeamView /> : view === 'timeline' ? <CreditTimeline /> : <Histogram histogram={histogram} whatIf={histograms?.whatIf ?? null} data={histograms?.bars ?? NO_BARS} percent={percent} />}
      <WhatIf />
    </section>
  )
}

function Histogram({
  histogram,
  whatIf,
  data,
  percent,
}: {
  histogram: AdvantageHistogram | null
  whatIf: AdvantageHistogram | null
  data: AdvantageBar[]
  percent: (count: number) => string
}) {
  const share = (count: number, total: number) => `${((100 * count) / Math.max(total, 1)).toFixed(0)}%`
  const chartRef = useRef<HTMLDivElement>(null)
  // The batch's counts, and beside each the what-if batch's counts scaled to the same total.
  const categories = useMemo(() => data.map((row) => row.centre), [data])
  const bars = useMemo<BarSeries[]>(
    () => [
      { key: 'count', colour: '#7fd1b9', values: data.map((row) => row.count) },
      { key: 'whatIf', colour: '#ffd166', opacity: 0.6, values: data.map((row) => row.whatIf ?? NaN) },
    ],
    [data],
  )
  return (
    <section aria-label="Advantages">
      <p className="advantage-summary" aria-live="polite">
        {histogram
          ? `${histogram.total} sampled: ${percent(histogram.positives)} positive, ${percent(histogram.negatives)} negative, ${percent(histogram.zeros)} exactly zero`
          : 'Shown after the first update.'}
      </p>
      {whatIf && (
        <p className="what-if-advantages" role="status" aria-label="What-if advantages">
          Gold: the same batch under the sliders and estimator now — {share(whatIf.positives, whatIf.total)} positive, {share(whatIf.negatives, whatIf.total)} negative,{' '}
          {share(whatIf.zeros, whatIf.total)} exactly zero.
        </p>
      )}
      <ChartExportButtons chart="the advantage histogram" fileName="advantages" target={chartRef} />
      {/* Mounted from the start, even empty: a chart's first render is costly, better paid at load than mid-training. */}
      <div className="advantage-chart" aria-hidden="true" ref={chartRef}>
        <BarChart categories={categories} series={bars} format={(value) => value.toFixed(1)} colour="#9fb3c8" fontSize={10} yWidth={32} categoryGap={1} margin={{ top: 2, right: 4, bottom: 0, left: 0 }} />
      </div>
    </section>
  )
}

/** The latest recorded steps re-scored under the sliders as they are now, at once, before the learner sees the change. */
function WhatIf() {
  const record = usePlayground((state) => state.run.record)
  const weights = usePlayground((state) => state.design.weights)
  const scored = useMemo(() => (record ? whatIfReward(record, weights) : null), [record, weights])
  if (!scored) return null
  const shares = scored.shares.map(({ name, share }) => `${name} ${(100 * share).toFixed(0)}%`).join(', ')
  return (
    <p className="what-if" role="status" aria-label="What-if">
      What-if: the last {scored.rows} steps under the sliders now pay {scored.meanReward.toFixed(3)} per step
      {scored.meanReturn !== null ? `; their ${scored.episodes} finished episodes return ${scored.meanReturn.toFixed(1)} on average` : ''}
      {shares ? `; shares: ${shares}` : ''}.
    </p>
  )
}
