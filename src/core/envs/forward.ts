/**
 * Let a wrapper (a reward design, a step record) offer what its inner environment offers beyond
 * BatchEnv: a team game's coalition values, a token task's group resets; and a trainer's wrapper
 * what its learner offers beyond Trainer (a tabular learner's greedy action). Every member of
 * `inner` that the wrapper does not have itself is read through to `inner` (methods bound to it).
 */
export function forwardExtensions(wrapper: object, inner: object): void {
  const names = new Set<string>()
  for (let object: object | null = inner; object && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
    for (const name of Object.getOwnPropertyNames(object)) names.add(name)
  }
  for (const name of names) {
    if (name === 'constructor' || name in wrapper) continue
    Object.defineProperty(wrapper, name, {
      get() {
        const value = (inner as unknown as Record<string, unknown>)[name]
        return typeof value === 'function' ? value.bind(inner) : value
      },
      enumerable: false,
      configurable: true,
    })
  }
}
