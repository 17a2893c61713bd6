import { describe, expect, it } from 'vitest'
import { defaultDesign } from './design'
import { designFromSearch, designToSearch } from './designLink'
import { designWith } from './sweep/axisFit'

describe('a cost constraint in a link', () => {
  const design = { ...defaultDesign(), constraints: { alive: { budget: 50, stepSize: 0.01, initial: 0.5 } } }

  it('writes wc.<component>=budget_stepSize_initial and reads back the identical design', () => {
    const search = designToSearch(design)
    expect(new URLSearchParams(search).get('wc.alive')).toBe('50_0.01_0.5')
    expect(designFromSearch(search)).toEqual({ design, ignored: [] })
  })

  it('a design without one writes no wc. key', () => {
    expect(designToSearch(defaultDesign())).not.toContain('wc.')
  })

  it('stays in a swept design: an axis on a weight keeps the budget', () => {
    expect(designWith(design, [['w.upright', 2]]).design.constraints).toEqual(design.constraints)
  })

  it('leaves out a bad budget, an unknown component and a scheduled one, each named with what is accepted', () => {
    const { design: read, ignored } = designFromSearch('?env=cartpole&wc.alive=1_0_0&wc.nope=1_1_0&ws.upright=step_1_0_10&wc.upright=1_1_0')
    expect(read.constraints).toBeUndefined()
    expect(ignored).toEqual([
      'budget of alive "1_0_0" (accepted: budget_stepSize_initial, e.g. 10_0.01_0: budget a finite number, stepSize above 0, initial at least 0)',
      expect.stringMatching(/^budget of unknown component "nope" \(accepted: alive, /),
      'budget of upright: it follows a schedule (accepted: a schedule or a budget, not both)',
    ])
  })
})
