import { useState, type RefObject } from 'react'
import { usePlayground } from '../../state/run/store'
import { canvasToPng, canvasToSvg, findChart, serialiseSvg, svgToPng } from './chartExport'
import { downloadBlob } from '../common/download'
import { errorMessage } from '../../core/errorMessage'

/**
 * "PNG" and "SVG" buttons for one chart. `target` holds the chart (a recharts chart's container,
 * or a canvas: then say `canvas`, and the SVG holds its picture); `chart` names it for the labels
 * ("the learning curve"); files are named `<fileName>-<environment>.png|svg`.
 */
export function ChartExportButtons({ chart, fileName, target, canvas = false }: { chart: string; fileName: string; target: RefObject<Element | null>; canvas?: boolean }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const save = async (format: 'png' | 'svg') => {
    const found = findChart(target.current)
    if (!found) return setError(`There is no picture of ${chart} to export yet.`)
    setBusy(true)
    try {
      const name = `${fileName}-${usePlayground.getState().design.envId}.${format}`
      if (found instanceof HTMLCanvasElement) {
        const blob = format === 'png' ? await canvasToPng(found) : new Blob([(await canvasToSvg(found)).text], { type: 'image/svg+xml' })
        downloadBlob(blob, name)
      } else {
        const svg = serialiseSvg(found)
        downloadBlob(format === 'png' ? await svgToPng(svg) : new Blob([svg.text], { type: 'image/svg+xml' }), name)
      }
      setError(null)
    } catch (failure) {
      setError(`${chart[0].toUpperCase()}${chart.slice(1)} could not be exported: ${errorMessage(failure)}.`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className="chart-export">
      <button type="button" disabled={busy} aria-label={`Export ${chart} as PNG`} title={`Save ${chart} as a PNG picture`} onClick={() => void save('png')}>
        PNG
      </button>
      <button
        type="button"
        disabled={busy}
        aria-label={`Export ${chart} as SVG`}
        title={canvas ? `Save ${chart} as SVG: this view is drawn on a canvas, so the file holds its picture (PNG) inside an SVG, not vectors` : `Save ${chart} as an SVG vector drawing`}
        onClick={() => void save('svg')}
      >
        SVG
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  )
}
