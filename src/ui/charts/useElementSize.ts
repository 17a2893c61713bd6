import { useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** A box's size in whole CSS pixels, and the font size its text gets from the style sheet. */
export interface Size {
  width: number
  height: number
  /** The element's computed font size in CSS pixels (the presenter layout and narrow screens change it). */
  fontSize: number
}

/** Until the first measurement: the page's base font size. */
const UNMEASURED: Size = { width: 0, height: 0, fontSize: 14 }

/**
 * The size of the element behind the returned ref, from one ResizeObserver, and its computed font
 * size: the state changes only when one of them really changes (whole pixels), so a chart
 * re-renders for new data, not for every layout. 0 × 0 while hidden. The font size is read again
 * when the box resizes and when the root element's classes change (the presenter layout is a class
 * there), never once per frame.
 */
export function useElementSize<T extends Element>(): [RefObject<T | null>, Size] {
  const ref = useRef<T>(null)
  const [size, setSize] = useState<Size>(UNMEASURED)
  const watched = useRef<{ element: T; stop: () => void } | null>(null)
  // After every render, but it only (re)attaches when the element behind the ref changed: a chart
  // shown only in some states (not for token tasks, say) is measured once it appears.
  useLayoutEffect(() => {
    const element = ref.current
    if (watched.current?.element === element) return
    watched.current?.stop()
    watched.current = element ? { element, stop: watch(element, setSize) } : null
  })
  useLayoutEffect(
    () => () => {
      watched.current?.stop()
      watched.current = null
    },
    [],
  )
  return [ref, size]
}

/** Observe one element's size and font size into `setSize`; returns the function that stops. */
function watch(element: Element, setSize: (update: (old: Size) => Size) => void): () => void {
  let box = { width: 0, height: 0 }
  const update = () => {
    const width = Math.floor(box.width)
    const height = Math.floor(box.height)
    const fontSize = parseFloat(getComputedStyle(element).fontSize) || UNMEASURED.fontSize
    setSize((old) => (old.width === width && old.height === height && old.fontSize === fontSize ? old : { width, height, fontSize }))
  }
  const observer = new ResizeObserver((entries) => {
    box = entries[entries.length - 1].contentRect
    update()
  })
  observer.observe(element)
  const rootClasses = new MutationObserver(update)
  rootClasses.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => {
    observer.disconnect()
    rootClasses.disconnect()
  }
}
