/** Read and replace values at dotted paths ('estimator.center') of plain option objects. */

export function readPath(options: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], options)
}

export function withPath<T extends object>(options: T, path: string, value: unknown): T {
  const copy = structuredClone(options) as Record<string, unknown>
  const keys = path.split('.')
  let node = copy
  // An object absent by default (GRPO's progress) is made as the path reaches into it.
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>
  node[keys[keys.length - 1]] = value
  return copy as T
}

/** A copy of the options without the key at a dotted path (an optional object removed whole, as GRPO's progress turned off). */
export function withoutPath<T extends object>(options: T, path: string): T {
  const copy = structuredClone(options) as Record<string, unknown>
  const keys = path.split('.')
  let node: Record<string, unknown> | undefined = copy
  for (const key of keys.slice(0, -1)) node = node?.[key] as Record<string, unknown> | undefined
  if (node !== undefined) delete node[keys[keys.length - 1]]
  return copy as T
}
