import { useId, useMemo, useState } from 'react'
import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from 'recharts'
import { seedBand, type CompareMetric, type PinnedRun } from '../../model/compare'
import { usePlayground } from '../../state/run/store'
import { COMPONENT_COLOURS } from '../common/colours'
import { formatSteps } from '../common/format'
import { pinStyle } from '../../model/pinStyles'
import { ChartExportButtons } from '../charts/ChartExportButtons'
import { Legend, type LegendEntry } from '../charts/Legend'
import { PinRow } from './PinRow'
import { useElementSize } from '../charts/useElementSize'

const FIGURES = { shapedReturn: 'shaped return', objective: 'true objective', length: 'episode length' } as const
type Figure = keyof typeof FIGURES

/**
 * Pinned runs side by side: their curves, a mean ± std band over the seeds of each design, and a
 * scatter of their final figures on two chosen axes (the trade-off front).
 */
export function CompareView() {
  const pins = usePlayground((state) => state.pins)
  const unpin = usePlayground((state) => state.unpinRun)
  const rename = usePlayground((state) => state.renamePin)
  const [metric, setMetric] = useState<CompareMetric>('shapedReturn')
  const [xFigure, setXFigure] = useState<Figure>('objective')
  const [yFigure, setYFigure] = useState<Figure>('shapedReturn')
  const metricId = useId()
  const xId = useId()
  const yId = useId()
  // The axes' text follows the style sheet's font size (larger in the presenter layout); ticks like -120.5 need 4.4 sizes.
  const [chartsRef, { fontSize }] = useElementSize<HTMLDivElement>()
  const groups = useMemo(() => groupByDesign(pins), [pins])
  const curves = useMemo(() => curveRows(pins, groups, metric), [pins, groups, metric])
  const legend = useMemo(() => legendEntries(pins, groups), [pins, groups])
  if (pins.length === 0) return <p className="empty-compare">No pinned runs. Train, then press Pin run; pin several seeds of a design to see their spread.</p>
  return (
    <div className="compare">
      <div className="compare-controls">
        <label htmlFor={metricId}>curves</label>
        <select id={metricId} value={metric} onChange={(event) => setMetric(event.target.value as CompareMetric)}>
          <option value="shapedReturn">shaped return</option>
          <option value="objective">true objective</option>
        </select>
        <label htmlFor={xId}>scatter x</label>
        <select id={xId} value={xFigure} onChange={(event) => setXFigure(event.target.value as Figure)}>
          {Object.entries(FIGURES).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor={yId}>y</label>
        <select id={yId} value={yFigure} onChange={(event) => setYFigure(event.target.value as Figure)}>
          {Object.entries(FIGURES).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
        <ChartExportButtons chart="the pinned runs' curves" fileName="compare-curves" target={chartsRef} />
      </div>
      <div className="compare-charts" aria-hidden="true" ref={chartsRef}>
        <ResponsiveContainer width="62%" height="100%">
          <ComposedChart data={curves} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#2b3a4f" strokeDasharray="3 3" />
            <XAxis dataKey="envSteps" type="number" domain={['dataMin', 'dataMax']} tickFormatter={formatSteps} stroke="#9fb3c8" fontSize={fontSize} />
            <YAxis stroke="#9fb3c8" fontSize={fontSize} width={Math.ceil(fontSize * 4.4)} />
            <Tooltip contentStyle={{ background: '#132033', border: '1px solid #2b3a4f', fontSize }} formatter={(value) => (Array.isArray(value) ? value.map((v) => Number(v).toFixed(2)).join(' – ') : Number(value).toFixed(2))} />
            {groups.filter((group) => group.runs.length > 1).map((group, g) => (
              <Area key={`band-${g}`} dataKey={`band_${g}`} name={`${group.runs[0].groupLabel}: ±1 std over ${group.runs.length} seeds`} stroke="none" fill={COMPONENT_COLOURS[g % COMPONENT_COLOURS.length]} fillOpacity={0.2} isAnimationActive={false} connectNulls />
            ))}
            {groups.filter((group) => group.runs.length > 1).map((group, g) => (
              <Line key={`mean-${g}`} dataKey={`mean_${g}`} name={`${group.runs[0].groupLabel}: mean of ${group.runs.length} seeds`} stroke={COMPONENT_COLOURS[g % COMPONENT_COLOURS.length]} strokeWidth={2} dot={group.runs.every((run) => run.points.length === 1)} isAnimationActive={false} connectNulls />
            ))}
            {pins.map((pin) => {
              const { colour, dash } = pinStyle(pin.style)
              return <Line key={pin.id} className="pin-line" dataKey={`run_${pin.id}`} name={pin.label} stroke={colour} strokeWidth={PIN_WIDTH} strokeDasharray={dash} dot={pin.points.length === 1} isAnimationActive={false} connectNulls />
            })}
          </ComposedChart>
        </ResponsiveContainer>
        <ResponsiveContainer width="38%" height="100%">
          <ScatterChart margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#2b3a4f" strokeDasharray="3 3" />
            <XAxis dataKey="x" type="number" name={FIGURES[xFigure]} stroke="#9fb3c8" fontSize={fontSize} domain={['auto', 'auto']} />
            <YAxis dataKey="y" type="number" name={FIGURES[yFigure]} stroke="#9fb3c8" fontSize={fontSize} width={Math.ceil(fontSize * 4.4)} domain={['auto', 'auto']} />
            <ZAxis range={[40, 40]} />
            <Tooltip contentStyle={{ background: '#132033', border: '1px solid #2b3a4f', fontSize }} />
            <Scatter data={pins.map((pin) => ({ x: pin.final[xFigure], y: pin.final[yFigure], name: pin.label }))} fill="#ffd166" isAnimationActive={false} />
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <Legend entries={legend} label="Curves of the pinned runs" />
      <table className="pins">
        <caption className="sr-only">Pinned runs and their final figures</caption>
        <thead>
          <tr>
            <th scope="col">run</th>
            <th scope="col">{FIGURES.shapedReturn}</th>
            <th scope="col">{FIGURES.objective}</th>
            <th scope="col">{FIGURES.length}</th>
            <th scope="col">
              <span className="sr-only">rename or remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pins.map((pin) => (
            <PinRow key={pin.id} pin={pin} rename={rename} unpin={unpin} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A pin's line: thinner than a group's mean, in the pin's own colour and dash. */
const PIN_WIDTH = 1.5

/** The curves' legend, drawn as the chart draws each line: the groups' means, then every pin in its own style. */
function legendEntries(pins: readonly PinnedRun[], groups: { runs: PinnedRun[] }[]): LegendEntry[] {
  const means = groups
    .filter((group) => group.runs.length > 1)
    .map((group, g) => ({ key: `mean-${g}`, name: `${group.runs[0].groupLabel}: mean of ${group.runs.length} seeds (band ±1 std)`, colour: COMPONENT_COLOURS[g % COMPONENT_COLOURS.length], width: 2 }))
  return [...means, ...pins.map((pin) => ({ key: `pin-${pin.id}`, name: pin.label, ...pinStyle(pin.style), width: PIN_WIDTH }))]
}

/** Pinned runs grouped by design (everything but the seed). */
function groupByDesign(pins: readonly PinnedRun[]): { key: string; runs: PinnedRun[] }[] {
  const groups = new Map<string, PinnedRun[]>()
  for (const pin of pins) groups.set(pin.designKey, [...(groups.get(pin.designKey) ?? []), pin])
  return [...groups].map(([key, runs]) => ({ key, runs }))
}

/** One row per step that any curve or band has, with each run's value and each group's mean and band. */
function curveRows(pins: readonly PinnedRun[], groups: { runs: PinnedRun[] }[], metric: CompareMetric): Record<string, number | [number, number]>[] {
  const rows = new Map<number, Record<string, number | [number, number]>>()
  const row = (steps: number) => {
    let found = rows.get(steps)
    if (!found) rows.set(steps, (found = { envSteps: steps }))
    return found
  }
  for (const pin of pins) for (const point of pin.points) row(point.envSteps)[`run_${pin.id}`] = point[metric]
  groups
    .filter((group) => group.runs.length > 1)
    .forEach((group, g) => {
      // Runs of one point each (a sweep's, its final figures at its budget) have a band at that step only.
      const single = group.runs.every((run) => run.points.length === 1)
      for (const point of seedBand(group.runs, metric, single ? 1 : undefined)) {
        const target = row(point.envSteps)
        target[`mean_${g}`] = point.mean
        target[`band_${g}`] = [point.lo, point.hi]
      }
    })
  return [...rows.values()].sort((a, b) => (a.envSteps as number) - (b.envSteps as number))
}
