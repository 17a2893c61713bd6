import { memo } from 'react'

/** One legend entry: the series' name, and how its line is drawn. */
export interface LegendEntry {
  key: string
  name: string
  colour: string
  width: number
  dash?: string
}

/**
 * The legend as plain HTML (it wraps by itself, nothing is measured): a small line icon in each
 * series' colour and dash, and its name in that colour.
 */
export const Legend = memo(function Legend({ entries, label }: { entries: readonly LegendEntry[]; label?: string }) {
  return (
    <ul className="chart-legend" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.key} className="chart-legend-item" style={{ color: entry.colour }}>
          <svg className="chart-legend-icon" width={14} height={10} aria-hidden="true">
            <line x1={0} x2={14} y1={5} y2={5} stroke={entry.colour} strokeWidth={Math.max(2, entry.width)} strokeDasharray={entry.dash} />
          </svg>
          <span className="chart-legend-text">{entry.name}</span>
        </li>
      ))}
    </ul>
  )
})
