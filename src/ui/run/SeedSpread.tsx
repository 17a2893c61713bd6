import { useMemo } from 'react'
import { meanStd, seedBand } from '../../model/compare'
import { useSeedFleet } from '../../state/run/seedFleet'
import { usePlayground } from '../../state/run/store'
import { formatSteps, formatCount } from '../common/format'
import { LineChart, type BandSeries, type LineSeries } from '../charts/LineChart'

/**
 * The spread over the seeds trained at once: each seed's shaped return, and their mean ± one
 * standard deviation. Shown only while extra seeds exist.
 */
export function SeedSpread() {
  const extras = useSeedFleet((state) => state.extras)
  const series = usePlayground((state) => state.run.series)
  const seed = usePlayground((state) => state.design.seed)
  const latest = usePlayground((state) => state.run.latest)
  const runs = useMemo(
    () => [
      { seed, points: series },
      ...extras.map((extra) => ({ seed: extra.seed, points: extra.series })),
    ],
    [extras, series, seed],
  )
  const spread = useMemo(() => spreadSeries(runs), [runs])
  if (extras.length === 0) return null
  const recent = [latest?.recentReturn ?? null, ...extras.map((extra) => extra.recentReturn)]
  const known = recent.filter((value): value is number => value !== null)
  // over the seeds that have finished 20 episodes
  const { mean, std } = meanStd(known)
  const together = (latest?.stepsPerSecond ?? 0) + extras.reduce((sum, extra) => sum + (extra.status === 'running' ? extra.stepsPerSecond : 0), 0)
  const problems = extras.filter((extra) => extra.diagnosis)
  return (
    <figure className="seed-spread" aria-label="Seeds at once">
      <figcaption>
        {runs.length} seeds: return (last 20){' '}
        {known.length > 0 ? `${mean.toFixed(1)} ± ${std.toFixed(1)} (${recent.map((value, k) => `seed ${runs[k].seed} ${value === null ? '—' : value.toFixed(1)}`).join(', ')})` : '— (no seed has finished 20 episodes)'}
        ; together {formatCount(Math.round(together))} steps/s
      </figcaption>
      {problems.map((extra) => (
        <p key={extra.seed} className="field-error" role="alert">
          Seed {extra.seed}: {extra.diagnosis}
        </p>
      ))}
      <div className="seed-spread-chart" aria-hidden="true">
        <LineChart
          x={spread.steps}
          series={spread.lines}
          band={spread.band}
          left={{ colour: '#9fb3c8' }}
          xColour="#9fb3c8"
          xFormat={formatSteps}
          readoutLabel={(steps) => `step ${formatSteps(Math.round(steps))}`}
          margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
        />
      </div>
    </figure>
  )
}

/**
 * The chart's series: each seed's shaped return at its own steps (dashed), and, with two or more
 * seeds drawn, their mean and a ±1 std band at evenly spaced steps; `steps` holds every step used.
 */
function spreadSeries(runs: { seed: number; points: { envSteps: number; shapedReturn: number; objective: number }[] }[]): { steps: number[]; lines: LineSeries[]; band?: BandSeries } {
  const seedLines: LineSeries[] = runs.map((run) => ({
    key: `seed_${run.seed}`,
    name: `seed ${run.seed}`,
    colour: '#9fb3c8',
    width: 1,
    dash: '3 2',
    x: run.points.map((point) => point.envSteps),
    y: run.points.map((point) => point.shapedReturn),
  }))
  const steps = new Set(runs.flatMap((run) => run.points.map((point) => point.envSteps)))
  const withCurves = runs.filter((run) => run.points.length > 0)
  if (withCurves.length < 2) return { steps: [...steps].sort((a, b) => a - b), lines: seedLines }
  const points = seedBand(withCurves, 'shapedReturn')
  for (const point of points) steps.add(point.envSteps)
  const x = points.map((point) => point.envSteps)
  return {
    steps: [...steps].sort((a, b) => a - b),
    band: { key: 'band', name: '±1 std', colour: '#4cc9f0', opacity: 0.2, x, low: points.map((point) => point.lo), high: points.map((point) => point.hi) },
    lines: [{ key: 'mean', name: `mean of ${runs.length} seeds`, colour: '#4cc9f0', width: 2, x, y: points.map((point) => point.mean) }, ...seedLines],
  }
}
