import type { Design } from './design'

/**
 * `compute` worked out once per design object. Designs are replaced, never changed in place, so a
 * value derived from one (its link text, its fingerprint) can be kept with it instead of rebuilt on
 * every render or frame.
 */
export function perDesign<T>(compute: (design: Design) => T): (design: Design) => T {
  const values = new WeakMap<Design, T>()
  return (design) => {
    if (values.has(design)) return values.get(design) as T
    const value = compute(design)
    values.set(design, value)
    return value
  }
}
