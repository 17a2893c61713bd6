import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDrawQueue, DRAW_INTERVAL_MS } from './drawInterval'

describe('draw queue', () => {
  afterEach(() => vi.useRealTimers())

  it('draws everything held once per interval, in order, and at once when flushed', () => {
    vi.useFakeTimers()
    const drawn: number[][] = []
    const queue = createDrawQueue<number>((items) => drawn.push(items))
    queue.push(1)
    queue.push(2)
    vi.advanceTimersByTime(DRAW_INTERVAL_MS - 1)
    expect(drawn).toEqual([])
    vi.advanceTimersByTime(1)
    expect(drawn).toEqual([[1, 2]])
    queue.push(3)
    queue.flush()
    expect(drawn).toEqual([[1, 2], [3]])
    // Nothing held: neither the timer nor a flush draws an empty batch.
    vi.advanceTimersByTime(DRAW_INTERVAL_MS)
    queue.flush()
    expect(drawn).toEqual([[1, 2], [3]])
  })
})
