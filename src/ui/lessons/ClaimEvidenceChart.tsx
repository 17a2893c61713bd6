import type { Claim } from '../../lessons/claims'
import type { FigureEvidence, VerdictEvidence } from '../../lessons/evidenceSchema'
import { formatTick } from '../charts/LineChart'
import { extent, linearScale, niceAxis } from '../charts/scale'
import { EVIDENCE_COLOURS } from '../common/colours'
import { formatClaimFigure, measuredText } from '../../lessons/evidenceText'

/** One variant's row in a claim's chart: its measured figure and, when the student trained it, theirs. */
export interface EvidenceRow {
  /** The variant's index in the lesson. */
  variant: number
  label: string
  /** Whether this is the variant the claim is about (the other is the one it is compared with). */
  subject: boolean
  figure: FigureEvidence
  /** The student's own figure of this variant now, or null (no run of it, or no finished episode yet). */
  yours: number | null
}

/* The chart's own coordinates (the SVG scales to the card's width, text with it). */
const WIDTH = 260
const LEFT = 10
const RIGHT = 10
const TOP = 20
/** A row: the variant's label above its band. */
const ROW = 44
const AXIS = 20
const FONT = 13

/** The claim's bound, when it has one: its value and the words for it. */
export function boundOf(claim: Claim): { value: number; words: string } | null {
  if (claim.relation.kind === 'atLeast') return { value: claim.relation.value, words: 'at least' }
  if (claim.relation.kind === 'atMost') return { value: claim.relation.value, words: 'at most' }
  return null
}

/** The words a screen reader hears for the chart: every number it draws and the verdict. */
function chartLabel(claim: Claim, figureName: string, rows: readonly EvidenceRow[], verdict: VerdictEvidence): string {
  const bound = boundOf(claim)
  const parts = rows.map((row) => `${row.label}: ${measuredText(claim.figure, row.figure)}${row.yours === null ? '' : `, your run ${formatClaimFigure(claim.figure, row.yours)}`}`)
  if (bound) parts.push(`bound: ${bound.words} ${formatClaimFigure(claim.figure, bound.value)}`)
  return `${figureName}, mean ± standard deviation over ${verdict.seeds} seeds. ${parts.join('; ')}. The claim ${verdict.holds ? 'held' : 'did not hold'} (on ${verdict.seedsHolding} of ${verdict.seeds} seeds).`
}

/**
 * One claim's evidence as a chart: a row per variant the claim names, each seed a dot, the mean a
 * bar across a ± std band, the claim's bound a dashed line, the student's own figure a diamond.
 */
export function ClaimEvidenceChart({ claim, figureName, rows, verdict }: { claim: Claim; figureName: string; rows: readonly EvidenceRow[]; verdict: VerdictEvidence }) {
  const bound = boundOf(claim)
  const finite = (values: readonly (number | null)[]) => values.filter((value): value is number => value !== null)
  const spread = rows.flatMap((row) => (row.figure.mean === null ? [] : [row.figure.mean - (row.figure.std ?? 0), row.figure.mean + (row.figure.std ?? 0)]))
  const axis = niceAxis(
    extent(
      rows.map((row) => finite(row.figure.values)),
      [...spread, ...finite(rows.map((row) => row.yours)), ...(bound ? [bound.value] : [])],
    ),
    4,
  )
  const x = linearScale(axis.domain, [LEFT, WIDTH - RIGHT])
  const height = TOP + rows.length * ROW + AXIS
  const bottom = TOP + rows.length * ROW
  return (
    <svg className="evidence-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={chartLabel(claim, figureName, rows, verdict)} fontSize={FONT}>
      {axis.ticks.map((tick, k) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={TOP - 4} y2={bottom} stroke="#2b3a4f" />
          {/* The end ticks' labels stay inside the chart. */}
          <text x={x(tick)} y={height - 6} textAnchor={k === 0 ? 'start' : k === axis.ticks.length - 1 ? 'end' : 'middle'} fill="#9fb3c8">
            {formatTick(tick)}
          </text>
        </g>
      ))}
      {rows.map((row, k) => {
        const middle = TOP + k * ROW + ROW - 14
        const colour = row.subject ? EVIDENCE_COLOURS.variant : EVIDENCE_COLOURS.compared
        const { mean, std } = row.figure
        return (
          <g key={row.label}>
            <text x={LEFT} y={TOP + k * ROW + 12} fill={colour}>
              {row.label}
            </text>
            {mean !== null && (
              <>
                <rect x={x(mean - (std ?? 0))} width={Math.max(1, x(mean + (std ?? 0)) - x(mean - (std ?? 0)))} y={middle - 7} height={14} fill={colour} opacity={0.3} />
                <line x1={x(mean)} x2={x(mean)} y1={middle - 11} y2={middle + 11} stroke={colour} strokeWidth={3} />
              </>
            )}
            {finite(row.figure.values).map((value, seed) => (
              <circle key={seed} cx={x(value)} cy={middle} r={3} fill={colour} opacity={0.8} />
            ))}
            {row.yours !== null && <path d={`M ${x(row.yours)} ${middle - 8} l 6 8 l -6 8 l -6 -8 z`} fill={EVIDENCE_COLOURS.yours} stroke="#0b1320" />}
          </g>
        )
      })}
      {bound && (
        <g>
          <line x1={x(bound.value)} x2={x(bound.value)} y1={TOP - 4} y2={bottom} stroke={EVIDENCE_COLOURS.bound} strokeWidth={2} strokeDasharray="5 3" />
          <text x={x(bound.value)} y={TOP - 8} textAnchor={x(bound.value) > WIDTH / 2 ? 'end' : 'start'} fill={EVIDENCE_COLOURS.bound}>
            {bound.words} {formatClaimFigure(claim.figure, bound.value)}
          </text>
        </g>
      )}
    </svg>
  )
}

