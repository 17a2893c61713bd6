import { beforeEach, describe, expect, it } from 'vitest'
import { noteLinkProblems } from './linkNotice'
import { restoreLessonFromUrl } from '../lessons/lessonSession'
import { usePlayground } from '../run/store'

const notice = () => usePlayground.getState().notice

describe('the opening link’s notice', () => {
  beforeEach(() => usePlayground.getState().setNotice(null))

  it('names nothing when nothing was ignored', () => {
    noteLinkProblems([])
    expect(notice()).toBeNull()
  })

  it('lists at most 8 problems of the link, then counts the rest, later problems joining the same list', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `weight of unknown component "k${i}" (accepted: alive, upright, centred, calm, effort, failure)`)
    noteLinkProblems(many)
    expect(notice()).toMatch(/^The link had settings that were ignored: weight of unknown component "k0" .*"k7" \(accepted: alive, upright, centred, calm, effort, failure\); and 9992 more\.$/)
    expect(notice()).not.toContain('"k8"')
    restoreLessonFromUrl('?lesson=nowhere')
    expect(notice()).toMatch(/; and 9993 more\.$/)
    expect(notice()!.length).toBeLessThan(1500)
  })

  it('starts a fresh list after a dismissed notice, and keeps another message in front', () => {
    noteLinkProblems(['seed "x" (accepted: an integer from 0 to 2147483647)'])
    usePlayground.getState().setNotice(null)
    noteLinkProblems(['env "y"'])
    expect(notice()).toBe('The link had settings that were ignored: env "y".')
    usePlayground.getState().setNotice('The worker could not start.')
    noteLinkProblems(['backend "z"'])
    expect(notice()).toBe('The worker could not start. The link had settings that were ignored: backend "z".')
  })
})
