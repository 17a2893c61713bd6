import { useEffect, useId, useRef, useState } from 'react'
import { CONTROLS, sliderControl, useClassroom, type ControlKey } from '../../state/link/classroom'
import { classroomLink } from '../../state/link/classroomLink'
import { usePlayground } from '../../state/run/store'
import { onUrlExtrasChange, urlExtras } from '../../state/link/urlExtras'

/**
 * Classroom mode. A teacher opens the Classroom panel, ticks the controls students keep, and copies
 * a link that opens this very setup with only those controls, or their own link of the same setup
 * with every control. A page opened from the class's link says that some controls are hidden, and
 * nothing on it brings them back: the lock is the link's, and the presenter layout stays as it said.
 */
export function Classroom() {
  const inClassroom = useClassroom((state) => state.visible !== null)
  if (inClassroom) {
    return (
      <div className="classroom-mode">
        <p className="classroom-note" role="note">
          Classroom view: some controls are hidden
        </p>
      </div>
    )
  }
  return <ClassroomPanel />
}

type LinkKind = 'class' | 'teacher'
const LINK_NAMES: Record<LinkKind, string> = { class: 'classroom link', teacher: "teacher's link" }

const NO_COMPONENTS: readonly never[] = []

/** The teacher's side: a dialog with a checkbox per control, the presenter option and the link. */
function ClassroomPanel() {
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  const [visible, setVisible] = useState<ReadonlySet<string>>(() => new Set(CONTROLS.map((control) => control.id)))
  const [presenter, setPresenter] = useState(false)
  const [link, setLink] = useState('')
  const [teacherLink, setTeacherLink] = useState('')
  const [copied, setCopied] = useState<{ ok: boolean; text: string } | null>(null)
  // Closed, the panel follows nothing: a dragged slider must not re-render it.
  const components = usePlayground((state) => (open ? state.spec.components : NO_COMPONENTS))
  const design = usePlayground((state) => (open ? state.design : null))
  // The views, the lesson and the other page settings reach the link through the URL extras.
  const [extrasVersion, setExtrasVersion] = useState(0)
  useEffect(() => {
    if (!open) return
    const stop = onUrlExtrasChange(() => setExtrasVersion((version) => version + 1))
    return () => {
      stop()
    }
  }, [open])
  const titleId = useId()
  const linkId = useId()
  const teacherLinkId = useId()
  const makeLink = (kind: LinkKind) => classroomLink(`${window.location.origin}${window.location.pathname}`, usePlayground.getState().design, urlExtras(), kind === 'class' ? shownToStudents(visible) : null, presenter)

  useEffect(() => {
    if (!open) return
    let current = true
    void makeLink('class').then((text) => current && setLink(text))
    void makeLink('teacher').then((text) => current && setTeacherLink(text))
    return () => {
      current = false
    }
    // makeLink reads the design, the extras, the ticks and the presenter option these stand for.
  }, [open, design, extrasVersion, visible, presenter])

  const toggle = (id: ControlKey, on: boolean) => {
    const next = new Set(visible)
    if (on) next.add(id)
    else next.delete(id)
    setVisible(next)
    setCopied(null)
  }
  const copy = async (kind: LinkKind) => {
    // The link as the ticks are now (the field may still be catching up with the last tick).
    const fresh = await makeLink(kind)
    ;(kind === 'class' ? setLink : setTeacherLink)(fresh)
    try {
      await navigator.clipboard.writeText(fresh)
      setCopied({ ok: true, text: `Copied the ${LINK_NAMES[kind]}.` })
    } catch {
      setCopied({ ok: false, text: `This browser did not allow copying: select the ${LINK_NAMES[kind]} above and copy it.` })
    }
  }
  const show = () => {
    setOpen(true)
    dialog.current?.showModal()
  }
  return (
    <>
      <button type="button" className="classroom-open" aria-haspopup="dialog" onClick={show}>
        Classroom
      </button>
      <dialog ref={dialog} className="classroom-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        {/* Rendered only while open, so its checkboxes never stand in for the page's own controls. */}
        {open && (
          <>
            <h2 id={titleId}>Classroom link</h2>
            <p className="hint">Students who open the link get this setup with only the controls ticked here.</p>
            <fieldset>
              <legend>Controls students see</legend>
              {CONTROLS.map((control) => (
                <label key={control.id} className="classroom-choice">
                  <input
                    type="checkbox"
                    checked={visible.has(control.id)}
                    disabled={control.id === 'designFile' && !visible.has('terms')}
                    onChange={(event) => toggle(control.id, event.target.checked)}
                  />
                  {control.label}
                </label>
              ))}
              {!visible.has('weights') && (
                <fieldset className="classroom-sliders">
                  <legend>Single reward sliders</legend>
                  {components.map((component) => (
                    <label key={component.name} className="classroom-choice">
                      <input type="checkbox" checked={visible.has(sliderControl(component.name))} onChange={(event) => toggle(sliderControl(component.name), event.target.checked)} />
                      {component.name}
                    </label>
                  ))}
                </fieldset>
              )}
            </fieldset>
            {!visible.has('run') && <p className="hint">Without the run controls students cannot start training: they see the setup only.</p>}
            <label className="classroom-choice">
              <input
                type="checkbox"
                checked={presenter}
                onChange={(event) => {
                  setPresenter(event.target.checked)
                  setCopied(null)
                }}
              />
              Presenter layout (large fonts)
            </label>
            <label htmlFor={linkId}>Link for the class</label>
            <input id={linkId} className="classroom-link" type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
            <label htmlFor={teacherLinkId}>Teacher's link (all controls)</label>
            <input id={teacherLinkId} className="classroom-link" type="text" readOnly value={teacherLink} onFocus={(event) => event.target.select()} />
            <p className="hint">The class's link locks the unticked controls: nothing on its page shows them. Keep the teacher's link to open the same setup with every control.</p>
            <div className="classroom-actions">
              <button type="button" className="primary" onClick={() => void copy('class')} disabled={link === ''}>
                Copy classroom link
              </button>
              <button type="button" onClick={() => void copy('teacher')} disabled={teacherLink === ''}>
                Copy teacher's link
              </button>
              <button type="button" onClick={() => dialog.current?.close()}>
                Close
              </button>
            </div>
            {copied && (
              <p className={copied.ok ? 'hint' : 'field-error'} role={copied.ok ? 'status' : 'alert'}>
                {copied.text}
              </p>
            )}
          </>
        )}
      </dialog>
    </>
  )
}

/** The ticked controls less those nested in an unticked one (the design file buttons live in Add to the reward). */
function shownToStudents(visible: ReadonlySet<string>): ReadonlySet<string> {
  if (visible.has('terms') || !visible.has('designFile')) return visible
  return new Set([...visible].filter((id) => id !== 'designFile'))
}
