import { truncate } from '../../model/design'
import { designToSearch, rewardModelsTooLongForLink } from '../../model/designLink'
import { noteLinkProblems } from './linkNotice'
import { loadDesign, usePlayground } from '../run/store'
import { onUrlExtrasChange, setUrlExtra, urlExtras } from './urlExtras'
import { applyViewsAndClassroom, readLink } from './readLink'
import { compactRewardParam } from './rewardLink'
import { fillSweepFieldsFromLink } from '../sweep/sweepFields'
import { useLinkStatus } from './linkStatus'
import { LINK } from '../../model/linkKeys'

export const BACKENDS = ['webgpu', 'wasm', 'webgl', 'cpu'] as const
const URL_WRITE_DELAY_MS = 250

/**
 * Load the design (and the views, and classroom mode) from the URL, then keep the URL mirroring
 * the design, so a reload or a shared link opens the same setup. Resolves, once the link is read
 * (a compressed reward design takes a moment), to the backend forced by `?backend=` (or null).
 */
export async function startUrlSync(): Promise<string | null> {
  const { design, views, classroom, sweep, ignored } = await readLink(window.location.search)
  const query = new URLSearchParams(window.location.search)
  let backend = query.get(LINK.backend)
  if (backend !== null && !(BACKENDS as readonly string[]).includes(backend)) {
    ignored.push(`backend "${truncate(backend)}" (accepted: ${BACKENDS.join(', ')})`)
    backend = null
  }
  loadDesign(design)
  applyViewsAndClassroom({ views, classroom })
  if (sweep !== null) fillSweepFieldsFromLink(sweep)
  noteLinkProblems(ignored)

  if (backend) setUrlExtra(LINK.backend, backend)
  const write = () => {
    const { design } = usePlayground.getState()
    const query = new URLSearchParams(designToSearch(design, urlExtras()))
    compactRewardParam(query, () => schedule())
    const search = `?${query.toString()}`
    useLinkStatus.setState({ length: `${window.location.origin}${window.location.pathname}${search}`.length, rewardModelsLeftOut: rewardModelsTooLongForLink(design.reward) })
    try {
      if (search !== window.location.search) window.history.replaceState(null, '', search)
    } catch {
      // Browsers limit how often history may change; the next change writes the design again.
    }
  }
  write()
  let previous = usePlayground.getState().design
  let pending: ReturnType<typeof setTimeout> | null = null
  let lastWrite = -Infinity
  const schedule = () => {
    // A dragged slider changes the design many times a second: write at once, then at most every
    // URL_WRITE_DELAY_MS, the last change always written.
    const now = performance.now()
    if (now - lastWrite >= URL_WRITE_DELAY_MS && pending === null) {
      lastWrite = now
      write()
    } else if (pending === null) {
      pending = setTimeout(() => {
        pending = null
        lastWrite = performance.now()
        write()
      }, Math.max(0, lastWrite + URL_WRITE_DELAY_MS - now))
    }
  }
  usePlayground.subscribe((state) => {
    if (state.design === previous) return
    previous = state.design
    schedule()
  })
  onUrlExtrasChange(schedule)
  // A reload or a closed tab right after a change still keeps it.
  window.addEventListener('pagehide', () => {
    if (pending === null) return
    clearTimeout(pending)
    pending = null
    write()
  })
  return backend
}
