import { useEffect, useId, useRef } from 'react'
import { create } from 'zustand'
import { useClassroom } from '../../state/link/classroom'
import { setLessonPickerOpen, useLessonSession } from '../../state/lessons/lessonSession'
import { usePlayground } from '../../state/run/store'
import { isRunActive } from '../../model/runView'
import { startRun } from '../../state/run/trainingClient'

/** Remembers that the tour was shown, so it shows once per browser. */
export const TOUR_SEEN_KEY = 'reward-playground.tour-seen'

interface TourStep {
  title: string
  text: string
  /** The part of the page the step is about, outlined while the step shows. */
  target: string
  action?: { label: string; run: () => void }
}

const STEPS: TourStep[] = [
  {
    title: 'Pick an environment',
    text: 'Choose what the agent learns: CartPole balances a pole; there are also MountainCar, grid worlds, a bandit, a token task and a team game.',
    target: '.design .field select',
  },
  {
    title: 'Set the reward',
    text: 'The reward is a weighted sum of named components, one slider each. Move them any time, even while the agent trains.',
    target: '.sliders',
  },
  {
    title: 'Train',
    text: 'Start sends the design to a background worker, which trains the agent and streams its progress back.',
    target: '[aria-label="Run controls"]',
    action: { label: 'Train now', run: startUnlessActive },
  },
  {
    title: 'Read the learning curve',
    text: 'The shaped return is what the agent is paid; the true objective, on its own axis, is what you want. When the first rises while the second falls, the reward is being gamed.',
    target: '[aria-label="Learning curve"]',
  },
  {
    title: 'Try a lesson',
    text: 'Lessons are ready experiments with a question to answer: sparse vs shaped rewards, the coin loop, SARSA vs Q-learning, GRPO’s silent groups and more.',
    target: '.lessons-button',
    action: { label: 'Show the lessons', run: () => setLessonPickerOpen(true) },
  },
]

/** Start a run unless one is already training or paused. */
function startUnlessActive(): void {
  const { status } = usePlayground.getState().run
  if (!isRunActive(status)) startRun()
}

interface TourState {
  open: boolean
  step: number
  /** Whether the tour was opened on request (its card then takes focus). */
  requested: boolean
  /** Counts the openings on request, so a replay moves focus even while the card is open. */
  session: number
}

const useTour = create<TourState>()(() => ({ open: false, step: 0, requested: false, session: 0 }))

function closeTour(): void {
  useTour.setState({ open: false })
}

/**
 * The first-visit tour: opens once per browser (localStorage), unless storage is unavailable or the
 * page is a classroom link (the teacher chose what shows; the tour would point at hidden controls).
 */
function openTourOnFirstVisit(): void {
  if (useClassroom.getState().visible !== null) return
  try {
    if (window.localStorage.getItem(TOUR_SEEN_KEY) !== null) return
    window.localStorage.setItem(TOUR_SEEN_KEY, '1')
  } catch {
    return // No storage (a privacy mode): showing the tour on every visit would nag, so show none.
  }
  useTour.setState({ open: true, step: 0, requested: false })
}

/** The header's Tour button: replays the tour from its first step. */
export function TourButton() {
  const open = useTour((state) => state.open)
  return (
    <button type="button" className="tour-button" aria-expanded={open} onClick={() => useTour.setState((state) => ({ open: true, step: 0, requested: true, session: state.session + 1 }))}>
      Tour
    </button>
  )
}

/**
 * A short first-visit tour in a corner card (on a phone, in the page's flow above the views). It
 * never blocks the page: no overlay, no focus trap, the page works as usual while it shows. It takes
 * the focus as it opens; Next/Back/Skip, Escape skips, and focus goes to the Tour button.
 */
export function Tour() {
  const { open, step, requested, session } = useTour()
  const card = useRef<HTMLElement>(null)
  const titleId = useId()
  useEffect(openTourOnFirstVisit, [])

  // Once a lesson is open its card is the guide: the tour steps aside instead of covering it.
  const lessonId = useLessonSession((state) => state.lessonId)
  useEffect(() => {
    if (lessonId !== null) closeTour()
  }, [lessonId])

  // Outline the part of the page the step is about.
  const current = STEPS[step]
  useEffect(() => {
    if (!open) return
    const target = document.querySelector(current.target)
    target?.classList.add('tour-target')
    return () => target?.classList.remove('tour-target')
  }, [open, current.target])

  // Focus moves into the card as it opens (its heading, then Tab reaches its buttons), so Escape closes it at once;
  // on a first visit only while nothing else has the focus yet (a link followed straight to a field keeps it).
  useEffect(() => {
    if (!open) return
    const active = document.activeElement
    if (requested || active === null || active === document.body) card.current?.querySelector<HTMLElement>('h2')?.focus()
  }, [open, requested, session])

  // Escape skips the tour when focus is in its card or nowhere in particular.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const active = document.activeElement
      if (active === null || active === document.body || card.current?.contains(active)) finish()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  if (!open) return null
  const last = step === STEPS.length - 1
  function finish() {
    const hadFocus = card.current?.contains(document.activeElement) ?? false
    closeTour()
    if (hadFocus) document.querySelector<HTMLElement>('.tour-button')?.focus()
  }
  function back() {
    useTour.setState({ step: step - 1 })
    // Back is disabled on the first step; focus moves to the heading rather than being lost.
    if (step === 1) card.current?.querySelector<HTMLElement>('h2')?.focus()
  }
  return (
    <section ref={card} className="tour" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      {/* Named by its progress, not its title: "Pick an environment" would also answer to a search for the Environment field. */}
      <p className="tour-progress" id={titleId}>
        Tour, step {step + 1} of {STEPS.length}
      </p>
      <h2 tabIndex={-1}>
        {current.title}
      </h2>
      <p>{current.text}</p>
      {current.action && (
        <button type="button" className="primary" onClick={current.action.run}>
          {current.action.label}
        </button>
      )}
      <div className="tour-buttons">
        <button type="button" onClick={finish}>
          Skip
        </button>
        <button type="button" disabled={step === 0} onClick={back}>
          Back
        </button>
        {/* One element for Next and Finish, so focus stays on it at the last step. */}
        <button type="button" onClick={last ? finish : () => useTour.setState({ step: step + 1 })}>
          {last ? 'Finish' : 'Next'}
        </button>
      </div>
    </section>
  )
}
