import { describe, expect, it } from 'vitest'
import { addPin, removePin, renamePin, type PinSource } from './compare'
import { defaultDesign } from './design'
import { assignPinStyles, PIN_COLOURS, PIN_STYLE_COUNT, pinStyle } from './pinStyles'

const styleKey = (slot: number) => JSON.stringify(pinStyle(slot))

describe('pin styles', () => {
  it('draws each of the first PIN_STYLE_COUNT slots in its own colour and dash, colours first', () => {
    const keys = Array.from({ length: PIN_STYLE_COUNT }, (_, slot) => styleKey(slot))
    expect(new Set(keys).size).toBe(PIN_STYLE_COUNT)
    // The first pins differ by colour, all solid; the eighth takes the first colour again, dashed.
    expect(pinStyle(0)).toEqual({ colour: '#e69f00', dash: undefined })
    expect(pinStyle(1)).toEqual({ colour: '#56b4e9', dash: undefined })
    expect(pinStyle(PIN_COLOURS.length)).toEqual({ colour: '#e69f00', dash: '6 3' })
  })

  it('gives pins without a style the lowest free slots, and keeps the slots pins have', () => {
    expect(assignPinStyles([undefined, undefined, undefined])).toEqual([0, 1, 2])
    expect(assignPinStyles([2, undefined, 0, undefined])).toEqual([2, 1, 0, 3])
    // A slot held twice (a damaged record) goes to the first; the second takes a free one.
    expect(assignPinStyles([1, 1])).toEqual([1, 0])
    const many = assignPinStyles(Array.from({ length: PIN_STYLE_COUNT }, () => undefined))
    expect(new Set(many).size).toBe(PIN_STYLE_COUNT)
  })

  it("keeps a pin's style while other pins are added, removed and renamed, and never gives two pins one style", () => {
    const source = (seed: number): PinSource => ({ envLabel: 'CliffWalking', name: null, sourceKey: `s${seed}`, design: defaultDesign('cliffwalking', seed), series: [{ envSteps: 1, shapedReturn: 0, objective: 0 } as PinSource['series'][number]], final: { shapedReturn: 0, objective: 0, length: 0 } })
    let pins = [1, 2, 3].reduce((held, seed) => addPin(held, source(seed), 12), addPin([], source(0), 12))
    expect(pins.map((pin) => pin.style)).toEqual([0, 1, 2, 3])
    const styleOf = (id: number) => pins.find((pin) => pin.id === id)?.style
    pins = removePin(pins, 2)
    expect([styleOf(1), styleOf(3), styleOf(4)]).toEqual([0, 2, 3])
    pins = renamePin(pins, 3, 'mine')
    expect(styleOf(3)).toBe(2)
    // A new pin takes the slot the removed one left, not one a living pin holds.
    pins = addPin(pins, source(9), 12)
    expect(styleOf(5)).toBe(1)
    expect(new Set(pins.map((pin) => styleKey(pin.style))).size).toBe(pins.length)
  })
})
