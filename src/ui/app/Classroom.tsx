import { useEffect, useId, useRef, useState } from 'react'
import { CONTROLS, leaveClassroom, sliderControl, useClassroom, type ControlKey } from '../../state/link/classroom'
import { classroomLink } from '../../state/link/classroomLink'
import { usePlayground } from '../../state/run/store'
import { onUrlExtrasChange, urlExtras } from '../../state/link/urlExtras'

/**
 * Classroom mode. A teacher opens the Classroom panel, ticks the controls students keep, and copies
 * a link that opens this very setup with only those controls. A page opened from such a link says
 * that some controls are hidden, and always offers a way back to every control: a link whose ids
 * are all unknown hides everything else.
 */
export function Classroom() {
  const inClassroom = useClassroom((state) => state.visible !== null)
  if (inClassroom) {
    return (
      <div className="classroom-mode">
        <p className="classroom-note" role="note">
          Classroom view: some controls are hidden
        </p>
        {/* Not named "Classroom…": the teacher's Classroom button is the one a student page lacks. */}
        <button type="button" onClick={leaveClassroom}>
          Show all controls
        </button>
      </div>
    )
  }
  return <ClassroomPanel />
}

const NO_COMPONENTS: readonly never[] = []

/** The teacher's side: a dialog with a checkbox per control, the presenter option and the link. */
function ClassroomPanel() {
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  const [visible, setVisible] = useState<ReadonlySet<string>>(() => new Set(CONTROLS.map((control) => control.id)))
  const [presenter, setPresenter] = useState(false)
  const [link, setLink] = useState('')
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
  const makeLink = () => classroomLink(`${window.location.origin}${window.location.pathname}`, usePlayground.getState().design, urlExtras(), shownToStudents(visible), presenter)

  useEffect(() => {
    if (!open) return
    let current = true
    void makeLink().then((text) => current && setLink(text))
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
  const copy = async () => {
    // The link as the ticks are now (the field may still be catching up with the last tick).
    const fresh = await makeLink()
    setLink(fresh)
    try {
      await navigator.clipboard.writeText(fresh)
      setCopied({ ok: true, text: 'Copied the classroom link.' })
    } catch {
      setCopied({ ok: false, text: 'This browser did not allow copying: select the link above and copy it.' })
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
            <div className="classroom-actions">
              <button type="button" className="primary" onClick={() => void copy()} disabled={link === ''}>
                Copy classroom link
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
