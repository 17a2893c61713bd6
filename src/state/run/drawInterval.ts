/**
 * Frames arrive up to 10 times a second per run; the page draws them at most this often, all the
 * frames since the last drawing in one store update (charts re-render once, not once per frame).
 */
export const DRAW_INTERVAL_MS = 250

/** Items held until the next drawing; `draw` gets all of them at once, in arrival order. */
export interface DrawQueue<T> {
  /** Hold an item; the queue draws within DRAW_INTERVAL_MS. */
  push(item: T): void
  /** Draw what is held now (before a message that must come after those items). */
  flush(): void
}

export function createDrawQueue<T>(draw: (items: T[]) => void): DrawQueue<T> {
  let held: T[] = []
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = () => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    const items = held
    held = []
    if (items.length > 0) draw(items)
  }
  return {
    push(item) {
      held.push(item)
      if (timer === null) timer = setTimeout(flush, DRAW_INTERVAL_MS)
    },
    flush,
  }
}
