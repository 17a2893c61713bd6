import { useId } from 'react'
import { findLesson } from '../lessons/catalogue'
import { applyVariant, closeLesson, isCurrentDesign, useLessonSession } from '../state/lessonSession'
import { usePlayground } from '../state/store'
import { LessonEvidence } from './LessonEvidence'

/**
 * The open lesson beside the controls: its question, what to try, what to look for, why (revealed
 * on request, like an answer), where it comes from, and one button per variant.
 */
export function LessonCard() {
  const lessonId = useLessonSession((state) => state.lessonId)
  // Re-render when the design changes, so the pressed variant follows the sliders.
  usePlayground((state) => state.design)
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
        <div className="lesson-variants" role="group" aria-label="Lesson variants">
          {lesson.variants.map((variant) => (
            <button key={variant.label} type="button" aria-pressed={isCurrentDesign(variant.design)} onClick={() => applyVariant(variant.design, variant.label)}>
              {variant.label}
            </button>
          ))}
        </div>
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
