import { create } from 'zustand'
import type { Sweep } from '../../model/sweep/definition'
import { formOfSweep, type SweepForm } from '../../model/sweep/sweepForm'
import { sweepToLinkText } from '../../model/sweep/sweepLink'
import { setUrlExtra } from '../link/urlExtras'
import { LINK } from '../../model/linkKeys'

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

/** The fields of the sweep the link holds, kept in the link; the panel opens on them and nothing trains. */
export function fillSweepFieldsFromLink(sweep: Sweep): void {
  useSweepFields.setState({ fields: formOfSweep(sweep), openedBy: 'link' })
  keepSweepInLink(sweep)
}

/** Keep a sweep's definition in the link (sweep=), beside the design its axes are keys of. */
export function keepSweepInLink(sweep: Sweep): void {
  setUrlExtra(LINK.sweep, sweepToLinkText(sweep))
}
