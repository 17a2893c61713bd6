import { create } from 'zustand'

/** The grid overlays the environment view can draw. */
export const OVERLAYS = ['values', 'policy', 'visits', 'potential', 'episode'] as const
export type Overlay = (typeof OVERLAYS)[number]

/** Which views are open: the page's own state, not the design; it travels in the link as `v=` (viewCodec.ts). */
export interface Views {
  /** The learning curve's tab. */
  curve: 'live' | 'compare'
  /** The learning curve's x axis. */
  axis: 'envSteps' | 'wallSeconds'
  /** Exponential smoothing of the plotted curves, 0 (none) to MAX_SMOOTHING. */
  smoothing: number
  /** The credit view's tab (team only shows for the team game). */
  credit: 'advantages' | 'timeline' | 'team'
  /** The grid overlays drawn on the environment view. */
  overlays: Record<Overlay, boolean>
}

export const MAX_SMOOTHING = 0.95
export const SMOOTHING_STEP = 0.05

export const DEFAULT_VIEWS: Views = {
  curve: 'live',
  axis: 'envSteps',
  smoothing: 0,
  credit: 'advantages',
  overlays: { values: false, policy: false, visits: false, potential: false, episode: false },
}

export const useViews = create<Views>()(() => DEFAULT_VIEWS)

/** One view setting as a [value, setter] pair, the shape of React's useState. */
export function useView<K extends keyof Views>(key: K): [Views[K], (value: Views[K]) => void] {
  const value = useViews((views) => views[key])
  return [value, (next) => useViews.setState({ [key]: next } as Pick<Views, K>)]
}

/** Replace every view setting (from a link). */
export function loadViews(views: Views): void {
  useViews.setState(views, true)
}
