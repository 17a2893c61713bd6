import { create } from 'zustand'
import type { SweepForm } from '../model/sweep/sweepForm'

/*
 * The Sweep panel's fields, held outside the panel so that what fills them from elsewhere (an
 * imported definition file, the link's sweep=) reaches them: null until anything set them (the
 * panel then starts from the design's first axis). `openedBy` says the link filled them, so the
 * folded panel opens to show them.
 */

export interface SweepFieldsState {
  fields: SweepForm | null
  openedBy: 'link' | null
}

export const useSweepFields = create<SweepFieldsState>()(() => ({ fields: null, openedBy: null }))

/** The fields as typed. */
export function setSweepFields(fields: SweepForm): void {
  useSweepFields.setState({ fields })
}

/** The fields of a sweep the link holds; the panel opens on them and nothing trains. */
export function fillSweepFieldsFromLink(fields: SweepForm): void {
  useSweepFields.setState({ fields, openedBy: 'link' })
}
