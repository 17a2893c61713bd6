import { metricsCsv, metricsFileName, metricsJson } from '../../model/metricsExport'
import { runConfigOf } from '../../model/design'
import { usePlayground } from '../../state/run/store'
import { type DesignMark } from '../../model/marks'
import type { Design } from '../../model/design'
import type { CurvePoint } from '../../model/series'
import { downloadText } from '../common/download'

/** A run's metrics as a file: the live run's or a saved one's (its design, curve and marks). */
export function downloadMetrics(
  run: { design: Design; series: CurvePoint[]; marks: DesignMark[]; componentNames: string[]; meanLength: number },
  format: 'csv' | 'json',
): void {
  const name = metricsFileName(run.design.envId, run.design.seed, format)
  if (format === 'csv') downloadText(metricsCsv(run.series, run.componentNames), name, 'text/csv')
  else downloadText(metricsJson({ config: runConfigOf(run.design), series: run.series, marks: run.marks, componentNames: run.componentNames, meanLength: run.meanLength }), name, 'application/json')
}

/** "Export metrics: CSV / JSON": the current run's curve, marks and setup as files. */
export function MetricsExport() {
  const points = usePlayground((state) => state.run.series.length)
  const exportAs = (format: 'csv' | 'json') => {
    const { design, spec, run } = usePlayground.getState()
    const componentNames = spec.components.map((component) => component.name)
    downloadMetrics({ design, series: run.series, marks: run.marks, componentNames, meanLength: run.latest?.meanLength ?? NaN }, format)
  }
  const hint = points === 0 ? 'Available once the curve has points' : undefined
  return (
    <div className="metrics-export" role="group" aria-label="Export metrics">
      <span aria-hidden="true">Export metrics:</span>
      <button type="button" disabled={points === 0} title={hint ?? 'One row per curve point: steps, time, shaped return, objective, each component'} aria-label="Export metrics as CSV" onClick={() => exportAs('csv')}>
        CSV
      </button>
      <button type="button" disabled={points === 0} title={hint ?? 'The setup, the curve, the design changes and the final figures'} aria-label="Export metrics as JSON" onClick={() => exportAs('json')}>
        JSON
      </button>
    </div>
  )
}
