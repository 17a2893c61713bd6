import { describe, expect, it } from 'vitest'
import { getUrlExtra, initialUrlExtra, onUrlExtrasChange, setUrlExtra, urlExtras } from './urlExtras'
import { defaultDesign } from '../../model/design'
import { designToSearch, designFromSearch } from '../../model/designLink'

describe('URL extras', () => {
  it('keeps each key set, removes it on null, and tells listeners only of real changes', () => {
    let calls = 0
    const stop = onUrlExtrasChange(() => calls++)
    setUrlExtra('lesson', 'coin-loop')
    setUrlExtra('lesson', 'coin-loop')
    setUrlExtra('seeds', '3')
    expect(calls).toBe(2)
    expect(urlExtras().toString()).toBe('lesson=coin-loop&seeds=3')
    setUrlExtra('lesson', null)
    expect(getUrlExtra('lesson')).toBeNull()
    expect(calls).toBe(3)
    stop()
    setUrlExtra('seeds', null)
    expect(calls).toBe(3)
  })

  it('reads a key from the link it is given', () => {
    expect(initialUrlExtra('lesson', '?env=cartpole&lesson=coin-loop')).toBe('coin-loop')
    expect(initialUrlExtra('lesson', '?env=cartpole')).toBeNull()
  })

  it('travels beside the design without changing it', () => {
    const design = defaultDesign('gridworld', 7)
    const search = designToSearch(design, new URLSearchParams([['lesson', 'coin-loop']]))
    expect(new URLSearchParams(search).get('lesson')).toBe('coin-loop')
    const back = designFromSearch(search)
    expect(back.ignored).toEqual([])
    expect(back.design).toEqual(design)
  })
})
