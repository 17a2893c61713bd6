import { useMemo } from 'react'
import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { seedBand, type PinnedRun } from '../state/compare'
import { useSeedFleet } from '../state/seedFleet'
import { usePlayground } from '../state/store'
import { formatSteps } from './format'

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
  const rows = useMemo(() => spreadRows(runs), [runs])
  if (extras.length === 0) return null
  const recent = [latest?.recentReturn ?? null, ...extras.map((extra) => extra.recentReturn)]
  const known = recent.filter((value): value is number => value !== null)
  // mean = (1/K) Σ_k R_k; std = √(Σ_k (R_k − mean)² / (K − 1)) over the seeds that have finished 20 episodes
  const mean = known.reduce((sum, value) => sum + value, 0) / Math.max(known.length, 1)
  const std = known.length > 1 ? Math.sqrt(known.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (known.length - 1)) : 0
  const together = (latest?.stepsPerSecond ?? 0) + extras.reduce((sum, extra) => sum + (extra.status === 'running' ? extra.stepsPerSecond : 0), 0)
  const problems = extras.filter((extra) => extra.diagnosis)
  return (
    <figure className="seed-spread" aria-label="Seeds at once">
      <figcaption>
        {runs.length} seeds: return (last 20){' '}
        {known.length > 0 ? `${mean.toFixed(1)} ± ${std.toFixed(1)} (${recent.map((value, k) => `seed ${runs[k].seed} ${value === null ? '—' : value.toFixed(1)}`).join(', ')})` : '— (no seed has finished 20 episodes)'}
        ; together {Math.round(together).toLocaleString('en-US')} steps/s
      </figcaption>
      {problems.map((extra) => (
        <p key={extra.seed} className="field-error" role="alert">
          Seed {extra.seed}: {extra.diagnosis}
        </p>
      ))}
      <div className="seed-spread-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#2b3a4f" strokeDasharray="3 3" />
            <XAxis dataKey="envSteps" type="number" domain={['dataMin', 'dataMax']} tickFormatter={formatSteps} stroke="#9fb3c8" fontSize={10} />
            <YAxis stroke="#9fb3c8" fontSize={10} width={44} />
            <Tooltip contentStyle={{ background: '#132033', border: '1px solid #2b3a4f', fontSize: 11 }} formatter={(value) => (Array.isArray(value) ? value.map((v) => Number(v).toFixed(2)).join(' – ') : Number(value).toFixed(2))} />
            <Area dataKey="band" name="±1 std" stroke="none" fill="#4cc9f0" fillOpacity={0.2} isAnimationActive={false} connectNulls />
            <Line dataKey="mean" name={`mean of ${runs.length} seeds`} stroke="#4cc9f0" strokeWidth={2} dot={false} isAnimationActive={false} connectNulls />
            {runs.map((run) => (
              <Line key={run.seed} dataKey={`seed_${run.seed}`} name={`seed ${run.seed}`} stroke="#9fb3c8" strokeWidth={1} strokeDasharray="3 2" dot={false} isAnimationActive={false} connectNulls />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  )
}

/** Rows for the chart: each seed's shaped return at its own steps, and the band at evenly spaced steps. */
function spreadRows(runs: { seed: number; points: { envSteps: number; shapedReturn: number; objective: number }[] }[]): Record<string, number | [number, number]>[] {
  const rows = new Map<number, Record<string, number | [number, number]>>()
  const row = (steps: number) => {
    let found = rows.get(steps)
    if (!found) rows.set(steps, (found = { envSteps: steps }))
    return found
  }
  for (const run of runs) for (const point of run.points) row(point.envSteps)[`seed_${run.seed}`] = point.shapedReturn
  const withCurves = runs.filter((run) => run.points.length > 0)
  if (withCurves.length > 1) {
    const asPins = withCurves.map((run, k) => ({ id: k, label: '', designKey: '', seed: run.seed, points: run.points, final: { shapedReturn: 0, objective: 0, length: 0 } }) satisfies PinnedRun)
    for (const point of seedBand(asPins, 'shapedReturn')) {
      const target = row(point.envSteps)
      target.mean = point.mean
      target.band = [point.lo, point.hi]
    }
  }
  return [...rows.values()].sort((a, b) => (a.envSteps as number) - (b.envSteps as number))
}
