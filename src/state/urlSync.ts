import { designFromSearch, designToSearch } from './design'
import { loadDesign, usePlayground } from './store'

export const BACKENDS = ['webgpu', 'wasm', 'webgl', 'cpu'] as const

/**
 * Load the design from the URL, then keep the URL mirroring the design, so a reload or a shared
 * link opens the same setup. Returns the backend forced by `?backend=` (or null).
 */
export function startUrlSync(): string | null {
  const { design, ignored } = designFromSearch(window.location.search)
  const query = new URLSearchParams(window.location.search)
  let backend = query.get('backend')
  if (backend !== null && !(BACKENDS as readonly string[]).includes(backend)) {
    ignored.push(`backend "${backend.slice(0, 40)}" (accepted: ${BACKENDS.join(', ')})`)
    backend = null
  }
  loadDesign(design)
  if (ignored.length > 0) usePlayground.getState().setNotice(`The link had settings that were ignored: ${ignored.join('; ')}.`)

  const keep = new URLSearchParams()
  if (backend) keep.set('backend', backend)
  const write = () => {
    const search = designToSearch(usePlayground.getState().design, keep)
    if (search !== window.location.search) window.history.replaceState(null, '', search)
  }
  write()
  let previous = usePlayground.getState().design
  usePlayground.subscribe((state) => {
    if (state.design === previous) return
    previous = state.design
    write()
  })
  return backend
}
