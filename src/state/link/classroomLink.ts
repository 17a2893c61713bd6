import { type Design } from '../../model/design'
import { designToSearch } from '../../model/designLink'
import { classroomToText } from './classroom'
import { compactRewardNow } from './rewardLink'
import { LINK } from '../../model/linkKeys'

/**
 * The link a teacher hands out: the design and the open views as they are now, plus the visible
 * controls (`c=`) and the presenter layout (`present=1`). A forced backend stays with the teacher's
 * machine. The reward extras are compressed when that is shorter. With `visible` null it is the
 * teacher's own link: the same setup with every control (no `c=`, nothing locked).
 */
export async function classroomLink(base: string, design: Design, extras: URLSearchParams, visible: Iterable<string> | null, presenter: boolean): Promise<string> {
  const query = new URLSearchParams(designToSearch(design, extras))
  for (const key of [LINK.backend, LINK.classroom, LINK.presenter]) query.delete(key)
  if (visible !== null) query.set(LINK.classroom, classroomToText(visible))
  if (presenter) query.set(LINK.presenter, '1')
  return `${base}?${(await compactRewardNow(query)).toString()}`
}
