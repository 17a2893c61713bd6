import { create } from 'zustand'
import { truncate } from '../../model/design'
import { setUrlExtra } from './urlExtras'
import { LINK } from '../../model/linkKeys'

/*
 * Classroom mode: a link with `c=<visible controls>` (and `present=1`) opens the playground showing
 * only the controls a teacher chose; the others are not rendered at all. Controls ask
 * `useControlVisible(id)` (through <IfVisible>); without `c=` every control is visible.
 * Ids are joined by `.` in the link (`c=run.weights.curveTabs`); one reward slider is `w-<component>`.
 */

/** Every control a teacher can keep or hide, in the order the panel lists them. */
export const CONTROLS = [
  { id: 'env', label: 'Environment picker' },
  { id: 'seed', label: 'Seed' },
  { id: 'run', label: 'Run controls (Start, Pause, Step, Reset, Pin run)' },
  { id: 'weights', label: 'Reward sliders (all of them)' },
  { id: 'terms', label: 'Add to the reward (terms, shaping, bonuses, transforms)' },
  { id: 'designFile', label: 'Design file import and export (inside Add to the reward)' },
  { id: 'learner', label: 'Learner panel' },
  { id: 'params', label: 'Environment parameters' },
  { id: 'levelEditor', label: 'Level editor (grid worlds)' },
  { id: 'curveTabs', label: 'Chart tabs (Live, Compare)' },
  { id: 'curveAxis', label: 'Chart x axis and smoothing' },
  { id: 'creditTabs', label: 'Credit tabs (Advantages, Credit timeline, Team)' },
  { id: 'overlays', label: 'Grid overlays' },
  { id: 'monitors', label: 'Monitors panel' },
  { id: 'savedRuns', label: 'Saved runs' },
  { id: 'lessons', label: 'Lessons list (an open lesson’s card stays)' },
  { id: 'tour', label: 'Tour button' },
] as const

export type ControlId = (typeof CONTROLS)[number]['id']
/** A control's id: one of CONTROLS, or `w-<component>` for one reward slider. */
export type ControlKey = ControlId | `w-${string}`

const CONTROL_IDS: readonly string[] = CONTROLS.map((control) => control.id)
const SLIDER_PREFIX = 'w-'

/** The id of one reward slider. */
export function sliderControl(component: string): ControlKey {
  return `${SLIDER_PREFIX}${component}`
}

export interface Classroom {
  /** The controls shown; null outside classroom mode (everything shown). */
  visible: ReadonlySet<string> | null
  /** Presenter layout: larger fonts for a projector. */
  presenter: boolean
}

export const useClassroom = create<Classroom>()(() => ({ visible: null, presenter: false }))

/** Whether `id` is shown under `visible` (null: not in classroom mode, so yes). */
export function controlVisible(visible: ReadonlySet<string> | null, id: ControlKey): boolean {
  if (visible === null || visible.has(id)) return true
  // "weights" keeps every slider; the slider group shows while any of its sliders does.
  if (id.startsWith(SLIDER_PREFIX)) return visible.has('weights')
  if (id === 'weights') return [...visible].some((shown) => shown.startsWith(SLIDER_PREFIX))
  return false
}

/** Whether a control is rendered on this page (classroom mode hides those the teacher left unticked). */
export function useControlVisible(id: ControlKey): boolean {
  return useClassroom((state) => controlVisible(state.visible, id))
}

/**
 * Enter classroom mode as a link says (visible null: every control). The URL keeps it beside the
 * design (a reload keeps it), and the page takes the presenter layout or drops it. Nothing on the
 * page leaves it: the locked controls stay locked, and the teacher has a link of their own without
 * the lock (classroomLink with no visible set).
 */
export function loadClassroom(classroom: Classroom): void {
  useClassroom.setState(classroom, true)
  setUrlExtra(LINK.classroom, classroom.visible === null ? null : classroomToText(classroom.visible))
  setUrlExtra(LINK.presenter, classroom.presenter ? '1' : null)
  if (typeof document !== 'undefined') document.documentElement.classList.toggle('presenter', classroom.presenter)
}

/** The `c` value for a set of visible controls, in CONTROLS order, sliders last. */
export function classroomToText(visible: Iterable<string>): string {
  const chosen = new Set(visible)
  const known = CONTROLS.map((control) => control.id).filter((id) => chosen.has(id))
  const sliders = [...chosen].filter((id) => id.startsWith(SLIDER_PREFIX) && !chosen.has('weights')).sort()
  return [...known, ...sliders].join('.')
}

/**
 * Classroom mode from a link's `c` and `present` values. An unknown id, or a slider for a component
 * the design does not have, is skipped and named in `ignored`. Never throws.
 */
export function classroomFromText(c: string | null, present: string | null, components: readonly string[], ignored: string[]): Classroom {
  let presenter = false
  if (present !== null) {
    if (present === '1' || present === '0') presenter = present === '1'
    else ignored.push(`present "${truncate(present)}" (accepted: 1 or 0)`)
  }
  if (c === null) return { visible: null, presenter }
  const visible = new Set<string>()
  for (const id of c.split(/[.,]/)) {
    if (id === '') continue
    if (CONTROL_IDS.includes(id)) visible.add(id)
    else if (id.startsWith(SLIDER_PREFIX) && components.includes(id.slice(SLIDER_PREFIX.length))) visible.add(id)
    else if (id.startsWith(SLIDER_PREFIX)) ignored.push(`classroom slider "${truncate(id)}" (accepted: ${components.map(sliderControl).join(', ')})`)
    else ignored.push(`classroom control "${truncate(id)}" (accepted: ${CONTROL_IDS.join(', ')}, or w-<component>)`)
  }
  return { visible, presenter }
}

