import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** A box's size in whole CSS pixels. */
export interface Size {
  width: number
  height: number
}

/**
 * The size of the element behind the returned ref, from one ResizeObserver: the state changes
 * only when the size really changes (whole pixels), so a chart re-renders for new data, not for
 * every layout. 0 × 0 while hidden.
 */
export function useElementSize<T extends Element>(): [RefObject<T | null>, Size] {
  const ref = useRef<T>(null)
  const [size, setSize] = useState<Size>({ width: 0, height: 0 })
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect
      const width = Math.floor(box.width)
      const height = Math.floor(box.height)
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, size]
}
