import { useMemo } from 'react'
import { resolveEnvironment } from '../../core/envs/registry'
import { lessonEvidence } from '../../lessons/evidence'
import { REGENERATE_COMMAND } from '../../lessons/evidenceSchema'
import { figureIdOf, figureOf } from '../../lessons/claimFigures'
import type { Lesson } from '../../lessons/types'
import { recentFiguresOfFrame, yourRunOf } from '../../lessons/yourRun'
import { measuredText, yourRunText } from '../../lessons/evidenceText'
import { usePlayground } from '../../state/run/store'
import { ClaimEvidenceChart, type EvidenceRow } from './ClaimEvidenceChart'
import { claimFigureName, formatCount, formatDate } from '../common/format'

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
                    {yourRunText({ label: row.label, figure: claim.figure, value: row.yours, envSteps: yours.envSteps, measured: row.figure, seeds: entry.seeds, steps: entry.steps })}
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
