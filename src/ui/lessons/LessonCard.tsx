import { useId } from 'react'
import { findLesson } from '../../lessons/catalogue'
import type { LessonVariant } from '../../lessons/types'
import { applyVariant, applyVariantLive, canApplyLive, closeLesson, isCurrentDesign, useLessonSession } from '../../state/lessons/lessonSession'
import { usePlayground } from '../../state/run/store'
import { LessonEvidence } from './LessonEvidence'

/**
 * The open lesson beside the controls: its question, what to try, what to look for, why (revealed
 * on request, like an answer), where it comes from, and one button per variant.
 */
export function LessonCard() {
  const lessonId = useLessonSession((state) => state.lessonId)
  // Re-render when the design changes, so the pressed variant follows the sliders.
  usePlayground((state) => state.design)
  // …and when a run starts or stops, so the live buttons follow it.
  usePlayground((state) => state.run.status)
  const titleId = useId()
  const lesson = lessonId ? findLesson(lessonId) : null
  if (!lesson) return null
  return (
    <section className="lesson-card" aria-labelledby={titleId}>
      <div className="lesson-card-head">
        <h2 id={titleId} tabIndex={-1}>
          <span className="lesson-kicker">Lesson</span> {lesson.title}
        </h2>
        <button type="button" onClick={closeLesson}>
          Close lesson
        </button>
      </div>
      <p className="lesson-question">{lesson.question}</p>
      {lesson.variants.length > 1 && (
        <>
          <div className="lesson-variants" role="group" aria-label="Lesson variants">
            {lesson.variants.map((variant) => (
              <button key={variant.label} type="button" aria-pressed={isCurrentDesign(variant.design)} onClick={() => applyVariant(variant.design)}>
                {variant.label}
              </button>
            ))}
          </div>
          <p className="lesson-variants-note">Each variant starts from scratch: a fresh run, as the evidence below was measured.</p>
          <LiveVariants variants={lesson.variants} />
        </>
      )}
      <h3>Try this</h3>
      <p>{lesson.tryThis}</p>
      <h3>Look for</h3>
      <p>{lesson.lookFor}</p>
      <h3>Evidence</h3>
      <LessonEvidence lesson={lesson} />
      <details className="lesson-why">
        <summary>Why does it happen?</summary>
        <p>{lesson.why}</p>
      </details>
      <p className="lesson-reference">
        From:{' '}
        <a href={lesson.reference.url} target="_blank" rel="noopener noreferrer">
          {lesson.reference.title}
        </a>
        {lesson.seeAlso.map((reference) => (
          <span key={reference.url}>
            ; see also{' '}
            <a href={reference.url} target="_blank" rel="noopener noreferrer">
              {reference.title}
            </a>
          </span>
        ))}
      </p>
    </section>
  )
}

/**
 * While a run trains, the variants that differ from it only in their reward can also be applied to
 * it live, as moving the sliders would: the second, explicit way, for lessons where a live change
 * is the point (a bonus added to a policy that already works).
 */
function LiveVariants({ variants }: { variants: LessonVariant[] }) {
  const live = variants.filter((variant) => canApplyLive(variant.design))
  if (live.length === 0) return null
  return (
    <div className="lesson-variants" role="group" aria-label="Apply to the running run">
      <span className="lesson-variants-label">Apply to the running run, without restarting:</span>
      {live.map((variant) => (
        <button key={variant.label} type="button" onClick={() => applyVariantLive(variant.design, variant.label)}>
          {variant.label} (live)
        </button>
      ))}
    </div>
  )
}
