/*
 * The weights of a design over a rollout file: one per component of the file, in the file's order.
 * Named weights take their value and every other component weighs 0; with none named, "score"
 * weighs 1 (verl's score is the reward the run paid; its extra keys are parts of it, so that
 * weighing them too would count them twice).
 */

/** The component weighted 1 when no weight is named. */
export const DEFAULT_WEIGHTED_COMPONENT = 'score'

export type WeightsResult = { weights: Float64Array } | { problem: string }

export function rolloutWeights(names: readonly string[], named: ReadonlyMap<string, number> | null): WeightsResult {
  const given = named ?? new Map([[DEFAULT_WEIGHTED_COMPONENT, 1]])
  for (const name of given.keys()) {
    if (!names.includes(name)) {
      const why = named === null ? `weights default to ${DEFAULT_WEIGHTED_COMPONENT}=1, but the input has no component "${DEFAULT_WEIGHTED_COMPONENT}"` : `the input has no component ${JSON.stringify(name)}`
      return { problem: `${why}; its components: ${names.map((component) => JSON.stringify(component)).join(', ')}` }
    }
  }
  return { weights: Float64Array.from(names, (name) => given.get(name) ?? 0) }
}
