import { metricsCsv, metricsFileName, metricsJson } from '../state/metricsExport'
import { runConfigOf } from '../state/setupFile'
import { usePlayground } from '../state/store'
import { downloadText } from './download'

/** "Export metrics: CSV / JSON": the current run's curve, marks and setup as files. */
export function MetricsExport() {
  const points = usePlayground((state) => state.run.series.length)
  const exportAs = (format: 'csv' | 'json') => {
    const { design, spec, run } = usePlayground.getState()
    const names = spec.components.map((component) => component.name)
    const name = metricsFileName(design.envId, design.seed, format)
    if (format === 'csv') downloadText(metricsCsv(run.series, names), name, 'text/csv')
    else downloadText(metricsJson({ config: runConfigOf(design), series: run.series, marks: run.marks, componentNames: names, meanLength: run.latest?.meanLength ?? NaN }), name, 'application/json')
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
