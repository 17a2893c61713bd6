import { describe, expect, it } from 'vitest'
import { layoutMarkLabels } from './markLayout'
import { textWidth } from './text'

describe('mark label layout', () => {
  const font = 10
  const span = (place: { x: number; anchor: 'start' | 'end'; text: string }) => {
    const width = textWidth(place.text, font)
    return place.anchor === 'start' ? [place.x, place.x + width] : [place.x - width, place.x]
  }

  it('puts a label right of its line, and two close marks in two rows', () => {
    const places = layoutMarkLabels([100, 110], ['alpha = 1', 'beta = 2'], 0, 400, font, 3)
    expect(places[0]).toEqual({ x: 104, anchor: 'start', row: 0, text: 'alpha = 1', shown: true })
    expect(places[1].row).toBe(1)
    // Far apart, they share the top row.
    expect(layoutMarkLabels([100, 300], ['alpha = 1', 'beta = 2'], 0, 400, font, 3).map((place) => place.row)).toEqual([0, 0])
  })

  it('keeps every label inside the plot: left of a line near the right edge, shortened where the plot is narrower', () => {
    const [near] = layoutMarkLabels([395], ['loss aggregation: seq-mean-token-mean → token-mean'], 0, 400, font, 2)
    expect(near.anchor).toBe('end')
    const [from, to] = span(near)
    expect(from).toBeGreaterThanOrEqual(0)
    expect(to).toBeLessThanOrEqual(400)
    const [narrow] = layoutMarkLabels([50], ['loss aggregation: seq-mean-token-mean → token-mean'], 0, 120, font, 2)
    expect(narrow.text.endsWith('…')).toBe(true)
    const [a, b] = span(narrow)
    expect(a).toBeGreaterThanOrEqual(0)
    expect(b).toBeLessThanOrEqual(120)
  })

  it('never overlaps two shown labels in a row, and leaves out those no row has room for', () => {
    const xs = [10, 12, 14, 16]
    const places = layoutMarkLabels(xs, xs.map((x) => `w = ${x}`), 0, 300, font, 2)
    expect(places.map((place) => place.shown)).toEqual([true, true, false, false])
    for (let i = 0; i < places.length; i++) {
      for (let j = i + 1; j < places.length; j++) {
        if (!places[i].shown || !places[j].shown || places[i].row !== places[j].row) continue
        const [a0, a1] = span(places[i])
        const [b0, b1] = span(places[j])
        expect(a1 <= b0 || b1 <= a0).toBe(true)
      }
    }
  })
})
