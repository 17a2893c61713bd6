import { create } from 'zustand'

/** What the page's address carries now, as the URL sync last wrote it. */
export interface LinkStatus {
  /** Characters of the whole address (origin, path and query). */
  length: number
  /** Characters of the reward models the address leaves out (too long for a link); null when it carries them all. */
  rewardModelsLeftOut: number | null
}

export const useLinkStatus = create<LinkStatus>(() => ({ length: 0, rewardModelsLeftOut: null }))
