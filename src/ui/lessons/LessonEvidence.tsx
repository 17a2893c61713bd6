import { useMemo } from 'react'
import { resolveEnvironment } from '../../core/envs/registry'
import { lessonEvidence } from '../../lessons/evidence'
import type { LessonEvidence as Entry } from '../../lessons/evidenceSchema'
import { REGENERATE_COMMAND } from '../../lessons/evidenceSchema'
import { isUpdateFigure, type Claim } from '../../lessons/claims'
import { figureIdOf, figureOf } from '../../lessons/claimFigures'
import type { Lesson } from '../../lessons/types'
import { recentFiguresOfFrame, yourRunOf, type YourRun } from '../../lessons/yourRun'
import { usePlayground } from '../../state/run/store'
import { ClaimEvidenceChart, measuredText, type EvidenceRow } from './ClaimEvidenceChart'
import { claimFigureName, formatClaimFigure, formatCount, formatDate } from '../common/format'

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
  const recent = useMemo(() => (yours && run.latest ? recentFiguresOfFrame(run.latest) : null), [yours, run.latest])
  if (!lesson.check) return <p className="evidence-none">This lesson has no claims checked yet, so there is no measured evidence for it.</p>
  if (state.kind === 'damaged') return <p className="evidence-none" role="alert">{state.problem}</p>
  if (state.kind === 'none') return <p className="evidence-none">No measured evidence for this lesson yet: {`${REGENERATE_COMMAND.replace('--write', `${lesson.id} --write`)}`} measures it.</p>
  const { entry } = state
  return (
    <div className="lesson-evidence">
      {state.kind === 'stale' && (
        <p className="evidence-stale">
          Measured for an earlier version of this lesson ({state.differences.join('; ')}): these figures may not match it.
        </p>
      )}
      {entry.claims.map((claim, index) => {
        const verdict = entry.verdicts[index]
        const id = figureIdOf(claim)
        const figureName = claimFigureName(claim, objectiveName)
        const named = [claim.variant, ...('variant' in claim.relation ? [claim.relation.variant] : [])]
        const rows: EvidenceRow[] = named.flatMap((variantIndex) => {
          const measured = entry.variants.find((variant) => variant.index === variantIndex)
          if (!measured) return []
          const label = lesson.variants[variantIndex]?.label ?? measured.label
          // The schema makes sure every variant a claim names has its figure.
          const figure = measured.figures[id]
          if (!figure) return []
          const mine = yours && recent && yours.variant === variantIndex ? figureOf(recent, id) : null
          return [{ variant: variantIndex, label, subject: variantIndex === claim.variant, figure, yours: mine }]
        })
        return (
          <figure key={index} className="evidence-claim">
            <figcaption>
              <span className={verdict.holds ? 'evidence-held' : 'evidence-failed'}>{verdict.holds ? 'Held' : 'Did not hold'}</span> {claim.text}
            </figcaption>
            <ClaimEvidenceChart claim={claim} figureName={figureName} rows={rows} verdict={verdict} />
            <ul className="evidence-figures">
              <li className="hint">{figureName}, mean ± std over the seeds</li>
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
                    {yourRunText(yours, claim, row, entry)}
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
function yourRunText(yours: YourRun, claim: Claim, row: EvidenceRow, entry: Entry): string {
  const value = row.yours
  const none = isUpdateFigure(claim.figure) ? 'no update reported it yet' : 'no episode finished yet'
  const mine = value === null ? none : formatClaimFigure(claim.figure, value)
  return `◆ ${row.label}, your run: ${mine} at ${formatCount(yours.envSteps)} steps · measured: ${measuredText(claim.figure, row.figure)} over ${entry.seeds} seeds at ${formatCount(entry.steps)} steps`
}
