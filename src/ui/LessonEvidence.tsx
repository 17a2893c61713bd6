import { useMemo } from 'react'
import { resolveEnvironment } from '../core/envs/registry'
import { lessonEvidence } from '../lessons/evidence'
import type { LessonEvidence as Entry } from '../lessons/evidenceSchema'
import { REGENERATE_COMMAND } from '../lessons/evidenceSchema'
import type { ClaimFigure } from '../lessons/claims'
import type { Lesson } from '../lessons/types'
import { yourRunOf, type YourRun } from '../lessons/yourRun'
import { usePlayground } from '../state/store'
import { ClaimEvidenceChart, measuredText, type EvidenceRow } from './ClaimEvidenceChart'
import { formatClaimFigure, formatCount, formatDate } from './format'

/**
 * What the lesson's check measured (src/lessons/evidence.json): per claim a chart of the figures
 * over the seeds and whether it held; beside them, once the student has trained a variant, the
 * figure of their own run. Says so plainly when there is no evidence yet.
 */
export function LessonEvidence({ lesson }: { lesson: Lesson }) {
  const state = useMemo(() => lessonEvidence(lesson.id), [lesson.id])
  const objectiveName = useMemo(() => resolveEnvironment(lesson.design.envId, lesson.design.params).spec.objective.name, [lesson.design])
  const run = usePlayground((store) => store.run)
  const design = usePlayground((store) => store.design)
  const yours = useMemo(() => yourRunOf(lesson, run, design), [lesson, run, design])
  if (!lesson.check) return <p className="evidence-none">This lesson has no claims checked yet, so there is no measured evidence for it.</p>
  if (state.kind === 'damaged') return <p className="evidence-none" role="alert">{state.problem}</p>
  if (state.kind === 'none') return <p className="evidence-none">No measured evidence for this lesson yet: {`${REGENERATE_COMMAND.replace('--write', `${lesson.id} --write`)}`} measures it.</p>
  const { entry } = state
  const figureNames = { objective: `${objectiveName} (last 20)`, shapedReturn: 'Return (last 20)' }
  return (
    <div className="lesson-evidence">
      {state.kind === 'stale' && (
        <p className="evidence-stale">
          Measured for an earlier version of this lesson ({state.differences.join('; ')}): these figures may not match it.
        </p>
      )}
      {entry.claims.map((claim, index) => {
        const verdict = entry.verdicts[index]
        const named = [claim.variant, ...('variant' in claim.relation ? [claim.relation.variant] : [])]
        const rows: EvidenceRow[] = named.flatMap((variantIndex) => {
          const measured = entry.variants.find((variant) => variant.index === variantIndex)
          if (!measured) return []
          const label = lesson.variants[variantIndex]?.label ?? measured.label
          const figure = yours && yours.variant === variantIndex ? yours[claim.figure] : null
          return [{ variant: variantIndex, label, subject: variantIndex === claim.variant, figure: measured.figures[claim.figure], yours: figure }]
        })
        return (
          <figure key={index} className="evidence-claim">
            <figcaption>
              <span className={verdict.holds ? 'evidence-held' : 'evidence-failed'}>{verdict.holds ? 'Held' : 'Did not hold'}</span> {claim.text}
            </figcaption>
            <ClaimEvidenceChart claim={claim} figureName={figureNames[claim.figure]} rows={rows} verdict={verdict} />
            <ul className="evidence-figures">
              <li className="hint">{figureNames[claim.figure]}, mean ± std over the seeds</li>
              {rows.map((row) => (
                <li key={row.label}>
                  {row.label}: {measuredText(claim.figure, row.figure)}
                </li>
              ))}
              <li>
                {verdict.holds ? 'Held' : 'Did not hold'} on {verdict.seedsHolding} of {verdict.seeds} seeds
                {!verdict.holds && verdict.failure ? `: ${verdict.failure}` : ''}
              </li>
              {rows.map((row) =>
                yours && row.variant === yours.variant ? (
                  <li key={`yours-${row.label}`} className="evidence-yours">
                    {yourRunText(yours, claim.figure, row, entry)}
                  </li>
                ) : null,
              )}
            </ul>
          </figure>
        )
      })}
      <p className="evidence-footer">
        Measured over {entry.seeds} seeds, {formatDate(entry.date)} ({formatCount(entry.steps)} steps per run, seeds from {entry.firstSeed}, on {entry.machine.cpu}, {entry.machine.cores} cores, Node {entry.machine.node}).
      </p>
    </div>
  )
}

/** "Coin worth 10, your run: 0.12 at 12,000 steps · measured: 0.00 ± 0.00 over 5 seeds at 20,000 steps". */
function yourRunText(yours: YourRun, figure: ClaimFigure, row: EvidenceRow, entry: Entry): string {
  const value = yours[figure]
  const mine = value === null ? 'no episode finished yet' : formatClaimFigure(figure, value)
  return `◆ ${row.label}, your run: ${mine} at ${formatCount(yours.envSteps)} steps · measured: ${measuredText(figure, row.figure)} over ${entry.seeds} seeds at ${formatCount(entry.steps)} steps`
}
