import { describe, expect, it } from 'vitest'
import { shapedMountainCarDesign, shapedMountainCarQuery } from './mountaincarBrowser'
import { designFromSearch } from '../src/model/designLink'

describe('the shaped MountainCar link', () => {
  it('is the lesson’s energy-shaping design, read back by the app exactly, with the seed asked for', () => {
    const query = shapedMountainCarQuery(3)
    const { design, ignored } = designFromSearch(`?${query}`)
    expect(ignored).toEqual([])
    expect(design).toEqual({ ...shapedMountainCarDesign(), seed: 3 })
    expect(design.envId).toBe('mountaincar')
    expect(design.reward.shaping).toEqual([expect.objectContaining({ potential: 'energy' })])
    expect(query.has('backend')).toBe(false)
  })
})
