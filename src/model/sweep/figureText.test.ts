import { describe, expect, it } from 'vitest'
import { figureHigherIsBetter, figureLabel } from './figureText'

describe('sweep figures in words', () => {
  const spec = { objective: { name: 'path efficiency', description: '', higherIsBetter: true } }
  const lowerSpec = { objective: { name: 'steps to goal', description: '', higherIsBetter: false } }

  it('names each figure as the page shows it', () => {
    expect(figureLabel('objective', spec)).toBe('path efficiency (true objective)')
    expect(figureLabel('shapedReturn', spec)).toBe('shaped return')
    expect(figureLabel('zeroAdvantageFraction', spec)).toBe('zero-advantage fraction')
    expect(figureLabel('contribution:hazard', spec)).toBe('hazard (contribution)')
  })

  it('judges the objective as the environment does, fewer updates that moved nothing better, more of the rest', () => {
    expect(figureHigherIsBetter('objective', spec)).toBe(true)
    expect(figureHigherIsBetter('objective', lowerSpec)).toBe(false)
    expect(figureHigherIsBetter('zeroAdvantageFraction', spec)).toBe(false)
    expect(figureHigherIsBetter('shapedReturn', lowerSpec)).toBe(true)
    expect(figureHigherIsBetter('contribution:step', spec)).toBe(true)
  })
})
