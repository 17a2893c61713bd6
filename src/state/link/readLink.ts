import { specOf, type Design } from '../../model/design'
import { designFromSearch } from '../../model/designLink'
import type { Sweep } from '../../model/sweep/definition'
import { sweepFromLinkText } from '../../model/sweep/sweepLink'
import { inflateFromBase64url } from './rewardLink'
import { viewsFromText, viewsToText } from './viewCodec'
import { DEFAULT_VIEWS, loadViews, useViews, type Views } from './views'
import { classroomFromText, loadClassroom, type Classroom } from './classroom'
import { initialUrlExtra, setUrlExtra } from './urlExtras'
import { LINK } from '../../model/linkKeys'

/** Everything a link sets: the design, the open views, classroom mode, a sweep to define, and what it ignored. */
export interface LinkState {
  design: Design
  views: Views
  classroom: Classroom
  /** The sweep in `sweep=`, checked against the link's design; null when there is none or it was dropped. */
  sweep: Sweep | null
  /** Each part of the link that was dropped, with what is accepted. */
  ignored: string[]
}

/**
 * Read a whole link: the design (designFromSearch), the reward extras compressed in `rz=`, the open
 * views (`v=`), classroom mode (`c=`, `present=`) and a sweep's definition (`sweep=`, sweepLink.ts). Each bad part is dropped and named; the
 * rest still applies. Never throws, whatever the link holds, and nothing in it is executed.
 */
export async function readLink(search: string): Promise<LinkState> {
  const query = new URLSearchParams(search)
  const ignored: string[] = []
  const compressed = query.get(LINK.rewardCompressed)
  if (compressed !== null) {
    query.delete(LINK.rewardCompressed)
    const inflated = await inflateFromBase64url(compressed)
    if (inflated.ok) {
      if (query.has(LINK.reward)) ignored.push('reward design "r" (the link also has "rz", which is used)')
      query.set(LINK.reward, inflated.text)
    } else ignored.push(`reward design "rz" (${inflated.problem})`)
  }
  const read = designFromSearch(query.toString())
  // One at a time: a tampered link can hold more problems than a call takes arguments.
  for (const problem of read.ignored) ignored.push(problem)
  const rawViews = initialUrlExtra(LINK.views, search)
  const views = rawViews === null ? DEFAULT_VIEWS : viewsFromText(rawViews, ignored)
  const components = specOf(read.design).components.map((component) => component.name)
  const classroom = classroomFromText(initialUrlExtra(LINK.classroom, search), initialUrlExtra(LINK.presenter, search), components, ignored)
  const rawSweep = initialUrlExtra(LINK.sweep, search)
  const linked = rawSweep === null ? null : sweepFromLinkText(rawSweep, read.design)
  if (linked !== null && !linked.ok) ignored.push(linked.problem)
  return { design: read.design, views, classroom, sweep: linked?.ok ? linked.sweep : null, ignored }
}

/**
 * Put a link's views and classroom mode in place and keep them in the URL beside the design:
 * the views follow every change; classroom mode stays as the link set it (a reload keeps it).
 */
export function applyViewsAndClassroom(link: Pick<LinkState, 'views' | 'classroom'>): void {
  loadViews(link.views)
  setUrlExtra(LINK.views, viewsToText(link.views))
  useViews.subscribe((views) => setUrlExtra(LINK.views, viewsToText(views)))
  loadClassroom(link.classroom)
}
