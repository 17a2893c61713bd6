/** The "Your rollouts" panel's element id: what opens a table from elsewhere (Saved runs) brings it into view. */
export const ROLLOUTS_PANEL_ID = 'your-rollouts'

/** Scroll the rollouts panel into view and give it the focus, so the keyboard and a screen reader follow the table opened. */
export function showRolloutsPanel(): void {
  const panel = document.getElementById(ROLLOUTS_PANEL_ID)
  panel?.scrollIntoView({ block: 'start' })
  panel?.focus({ preventScroll: true })
}
