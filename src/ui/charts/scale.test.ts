import { describe, expect, it } from 'vitest'
import { extent, linearScale, nearestIndex, niceAxis, niceStep, thinTicks, ticksWithin, widen } from './scale'

describe('extent', () => {
  it('spans the finite values of every series and skips NaN and ±Infinity', () => {
    expect(extent([[3, NaN, -2], [Infinity, 7, -Infinity]])).toEqual([-2, 7])
  })
  it('always includes the given values (0 on a value axis)', () => {
    expect(extent([[5, 9]], [0])).toEqual([0, 9])
  })
  it('is null when nothing finite is given', () => {
    expect(extent([])).toBeNull()
    expect(extent([[NaN, Infinity]])).toBeNull()
  })
})

describe('widen', () => {
  it('gives empty data [0, 1] and a constant value room either side', () => {
    expect(widen(null)).toEqual([0, 1])
    expect(widen([0, 0])).toEqual([-1, 1])
    expect(widen([50, 50])).toEqual([45, 55]) // |50| / 10 = 5 > 1
    expect(widen([2, 8])).toEqual([2, 8])
  })
})

describe('niceStep', () => {
  it('picks 1, 2 or 5 × 10^k nearest span / count', () => {
    expect(niceStep(137, 5)).toBe(20) // 27.4 = 2.74 × 10, under √10 ≈ 3.16 → 2 × 10
    expect(niceStep(100, 5)).toBe(20) // 20 = 2 × 10
    expect(niceStep(1, 5)).toBe(0.2)
    expect(niceStep(400, 5)).toBe(100) // 80 = 8 × 10, over √50 ≈ 7.07 → 10 × 10
    expect(niceStep(0.35, 5)).toBe(0.05) // 0.07 = 7 × 0.01, over √10 → 5 × 0.01
  })
})

describe('niceAxis', () => {
  it('widens [0, 137] to [0, 140] with ticks every 20', () => {
    expect(niceAxis([0, 137])).toEqual({ domain: [0, 140], ticks: [0, 20, 40, 60, 80, 100, 120, 140] })
  })
  it('covers negative values and leaves no floating-point crumbs', () => {
    expect(niceAxis([-0.3, 0.7])).toEqual({ domain: [-0.4, 0.8], ticks: [-0.4, -0.2, 0, 0.2, 0.4, 0.6, 0.8] })
  })
  it('with clearOfFrame, gives data on an end one more step, except 0', () => {
    // a flat −200 (MountainCar unshaped) and the 0 anchor: −200 would sit on the frame
    expect(niceAxis([-200, 0], 5, true)).toEqual({ domain: [-250, 0], ticks: [-250, -200, -150, -100, -50, 0] })
    expect(niceAxis([-200, 0]).domain).toEqual([-200, 0])
    expect(niceAxis([0, 137], 5, true).domain).toEqual([0, 140])
    expect(niceAxis([0, 500], 5, true).domain).toEqual([0, 600])
  })
  it('draws empty and constant data on a sensible axis', () => {
    expect(niceAxis(null)).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] })
    expect(niceAxis([0, 0]).ticks).toEqual([-1, -0.5, 0, 0.5, 1]) // [−1, 1]: step 0.4 → 0.5
  })
})

describe('ticksWithin', () => {
  it('keeps the domain and puts whole steps inside it', () => {
    expect(ticksWithin([3, 137])).toEqual([20, 40, 60, 80, 100, 120])
    expect(ticksWithin([0, 1000], 4)).toEqual([0, 200, 400, 600, 800, 1000]) // 250 → 2.5 × 100, under √10 → 200
  })
})

describe('linearScale', () => {
  it('maps the domain onto the range, flipped for a y axis', () => {
    const y = linearScale([0, 140], [200, 0])
    expect(y(0)).toBe(200)
    expect(y(140)).toBe(0)
    expect(y(70)).toBe(100)
  })
  it('maps a zero-width domain to the middle of the range', () => {
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50)
  })
})

describe('nearestIndex', () => {
  it('finds the nearest of ascending values, the earlier one on a tie', () => {
    expect(nearestIndex([0, 10, 20, 30], 14)).toBe(1)
    expect(nearestIndex([0, 10, 20, 30], 16)).toBe(2)
    expect(nearestIndex([0, 10, 20, 30], 15)).toBe(1)
    expect(nearestIndex([0, 10, 20, 30], -5)).toBe(0)
    expect(nearestIndex([0, 10, 20, 30], 99)).toBe(3)
    expect(nearestIndex([], 1)).toBe(-1)
  })
})

describe('thinTicks', () => {
  it('keeps every tick where they all fit', () => {
    expect(thinTicks([0, 50, 100], 3)).toEqual([0, 50, 100])
    expect(thinTicks([0, 1], 2)).toEqual([0, 1])
  })

  it('keeps the ends and every stride-th between: 7 ticks in room for 3 → stride ⌈6 / 2⌉ = 3', () => {
    expect(thinTicks([0, 20, 40, 60, 80, 100, 120], 3)).toEqual([0, 60, 120])
  })

  it('drops a tick closer than a stride to the last: 6 ticks in room for 3 → stride 3, and 60 is 2 from 100', () => {
    expect(thinTicks([0, 20, 40, 60, 80, 100], 3)).toEqual([0, 100])
  })

  it('keeps at least the two ends, whatever the room', () => {
    expect(thinTicks([0, 20, 40, 60, 80, 100, 120], 1)).toEqual([0, 120])
  })
})
