import { useEffect, useId, useRef } from 'react'
import { LESSONS } from '../../lessons/catalogue'
import { openLesson, setLessonPickerOpen, useLessonSession } from '../../state/lessons/lessonSession'

/**
 * The Lessons button and the list it opens: a dialog (focus moves into it, Escape or Close shuts
 * it and focus returns to the button). Choosing a lesson loads its design and shows its card.
 */
export function Lessons() {
  const open = useLessonSession((state) => state.pickerOpen)
  const dialog = useRef<HTMLDialogElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  /** Set when a lesson was chosen: focus then moves to its card instead of back to the button. */
  const chosen = useRef(false)
  const titleId = useId()
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      chosen.current = false
      element.showModal()
    }
    if (!open && element.open) {
      element.close()
      const card = chosen.current ? document.querySelector<HTMLElement>('.lesson-card h2') : null
      ;(card ?? button.current)?.focus()
    }
  }, [open])
  return (
    <>
      <button ref={button} type="button" className="lessons-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setLessonPickerOpen(true)}>
        Lessons
      </button>
      {/* The native dialog gives focus management and Escape (its cancel event) for free. */}
      <dialog ref={dialog} className="lessons-dialog" aria-labelledby={titleId} onClose={() => setLessonPickerOpen(false)}>
        <div className="lessons-dialog-head">
          <h2 id={titleId}>Lessons</h2>
          <button type="button" onClick={() => setLessonPickerOpen(false)}>
            Close
          </button>
        </div>
        <p className="hint">Each lesson is a ready experiment with a question to answer. Opening one replaces the current design and stops the run.</p>
        <ul className="lessons-list">
          {LESSONS.map((lesson) => (
            <li key={lesson.id}>
              <button
                type="button"
                aria-describedby={`${titleId}-${lesson.id}`}
                onClick={() => {
                  chosen.current = true
                  openLesson(lesson.id)
                }}
              >
                {lesson.title}
              </button>
              <span className="hint" id={`${titleId}-${lesson.id}`}>
                {lesson.question}
              </span>
            </li>
          ))}
        </ul>
      </dialog>
    </>
  )
}
